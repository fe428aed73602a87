/**
 * The certificates resource of the contract: its calls, query options and writes, the texts its screens show, and its
 * payloads' and answers' types. A team adding a call edits this folder (and the API's route).
 */
export * from './calls';
export * from './code';
export * from './keys';
export * from './queries';
export * from './writes';
export * from './texts';
export type * from './schemas';
