/**
 * The areas' side of the i18n runtime. The runtime is `@btls/shared-api`'s, the hook
 * `useI18n()` is `@btls/shared-auth`'s; a screen marks a text with `i18n._({ id, message, values })` (see
 * shared-ui/README.md and GLOSSARY.md for the pattern).
 */
import { isLanguage, sharedCatalogue, type CatalogueLoader, type Language, type Messages } from '@btls/shared-api';
import { useI18n } from '@btls/shared-auth';

/** The shared texts' name, a hash of their translations that the build gives (build-config/catalogues.ts). */
declare const __SHARED_TEXTS_KEY__: string;

type Compiled = Record<string, () => Promise<unknown>>;

function compiledLoader(modules: Compiled, what: string): CatalogueLoader {
  return async (locale: Language) => {
    const load = modules[`./locales/${locale}.po`];
    if (!load) throw new Error(`No ${what} catalogue for ${locale}`);
    return ((await load()) as { messages: Messages }).messages;
  };
}

/**
 * The texts of shared-ui, shared-api and shared-auth (the contract's errors and notices, the shared screens'
 * words): bundled into every area with the code that shows them, so an area that brings a new contract text
 * brings its translation too. Identical copies share a key: the page downloads them once.
 */
const sharedTexts = sharedCatalogue(
  __SHARED_TEXTS_KEY__,
  compiledLoader(import.meta.glob(['./locales/fr.po', './locales/rw.po']), 'shared'),
);

/**
 * An area's catalogue loader from its compiled catalogues, given as
 * `catalogueLoader(import.meta.glob('./locales/*.po'))` in the area's expose.tsx: each language is its own
 * chunk, downloaded when the area is entered in that language, with the shared texts the area was built with.
 */
export function catalogueLoader(modules: Compiled): CatalogueLoader {
  const own = compiledLoader(modules, 'area');
  return async (locale: Language) => {
    const [shared, texts] = await Promise.all([sharedTexts(locale), own(locale)]);
    return { ...shared, ...texts };
  };
}

/** The page's language, for the formatters (`formatDate(value, pattern, locale)`). */
export function useLocale(): Language {
  const i18n = useI18n();
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}
