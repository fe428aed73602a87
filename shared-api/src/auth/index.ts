/**
 * The auth resource of the contract: its calls, query options and writes, the texts its screens show, and its
 * payloads' and answers' types. A team adding a call edits this folder (and the API's route).
 */
export * from './calls';
export * from './writes';
export * from './texts';
export * from './keys';
export * from './queries';
export type * from './schemas';
