/**
 * The contract: one folder per resource (`jobs/`: its calls, query options, writes, texts and schemas), the product's texts,
 * the business constants and Kigali's date. Not shared by the federation: each area bundles the parts it uses
 * (so a new call ships with the area), and the state they act on (the connection, the query client, the i18n
 * instance) is the kernel's, which this module re-exports for the screens. Every screen imports from
 * `@btls/shared-api`, never from a file. The zod schemas stay out (`@btls/shared-api/schemas`): the browser
 * needs only their types.
 */
export * from './client';
export * from './texts';
export * from './queries';
export * from './mutations';
// Each resource (by subpath too: `@btls/shared-api/jobs`).
export * from './auth';
export * from './courses';
export * from './enrollments';
export * from './progress';
export * from './certificates';
export * from './jobs';
export * from './job-applications';
export * from './users';
export * from './contact';
export * from './outbox';
export * from './releases';
export type { CodedMessage, MessageCode, MessageParams } from './codes';
export * from './constants';
export * from './dates';
export type * from './schemas';
// The kernel's i18n runtime and cookies, which the screens reach from here with the rest.
export {
  addCatalogue,
  sharedCatalogue,
  cookieValue,
  currentLanguage,
  DEFAULT_LOCALE,
  i18n,
  initialLanguage,
  isLanguage,
  LANGUAGE_KEY,
  languageChosenThisVisit,
  languageFromPreferences,
  LOCALES,
  onLanguageChosen,
  pluralLocales,
  setLanguage,
  setSiteCookie,
  storedLanguage,
  type CatalogueLoader,
  type I18n,
  type Messages,
} from '@btls/kernel';
export * from './banner';
export * from './data-saver';
export { externalStore } from '@btls/kernel';
export * from './value-texts';
