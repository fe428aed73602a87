/**
 * The areas' side of the i18n runtime (issue 19). The runtime is `@btls/shared-api`'s, the hook
 * `useI18n()` is `@btls/shared-auth`'s; a screen marks a text with `i18n._({ id, message, values })` (see
 * shared-ui/README.md and GLOSSARY.md for the pattern).
 */
import { isLanguage, type CatalogueLoader, type Language, type Messages } from '@btls/shared-api';
import { useI18n } from '@btls/shared-auth';

/**
 * An area's catalogue loader from its compiled catalogues, given as
 * `catalogueLoader(import.meta.glob('./locales/*.ts'))` in the area's expose.tsx: each language is its own
 * chunk, downloaded when the area is entered in that language.
 */
export function catalogueLoader(modules: Record<string, () => Promise<unknown>>): CatalogueLoader {
  return async (locale: Language) => {
    const load = modules[`./locales/${locale}.ts`];
    if (!load) throw new Error(`No catalogue for ${locale}`);
    return ((await load()) as { messages: Messages }).messages;
  };
}

/** The page's language, for the formatters (`formatDate(value, pattern, locale)`). */
export function useLocale(): Language {
  const i18n = useI18n();
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}
