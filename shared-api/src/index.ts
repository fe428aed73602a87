/**
 * The browser's one entry to the API: the client, one function per endpoint (grouped by resource), the spec's
 * texts, the business constants and Kigali's date. It is one shared module of the federation (one client, one
 * configuration, one copy in the page), so every screen imports from `@btls/shared-api`, never from a file.
 * The zod schemas stay out (`@btls/shared-api/schemas`): the browser needs only their types.
 */
export * from './client';
export * from './auth';
export * from './courses';
export * from './enrollments';
export * from './progress';
export * from './certificates';
export * from './jobs';
export * from './job-applications';
export * from './users';
export * from './contact';
export * from './queries';
export * from './mutations';
export * from './outbox';
export * from './client-messages';
export type { CodedMessage, MessageCode, MessageParams } from './codes';
export * from './constants';
export * from './dates';
export type * from './schemas';
export * from './i18n';
export * from './cookies';
export * from './data-saver';
export * from './external-store';
export * from './value-texts';
