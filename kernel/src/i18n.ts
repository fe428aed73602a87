/**
 * The page's one i18n runtime: Lingui's `i18n` instance, the active language, and the catalogues of the areas
 * entered so far. It lives in the kernel, the federation singleton: one instance, so a switch re-renders every
 * area.
 *
 * Catalogues are compiled by the build (build-config/catalogues.ts: no message parser in the browser) and registered per area
 * with `addCatalogue(name, load)`: entering an area downloads only its texts in the active language, and a
 * switch downloads, for the new language, the texts of the areas already entered, then activates it.
 */
import { cookieValue, setSiteCookie } from './cookies';
import { i18n, setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Language } from './basics';
import { DEFAULT_LOCALE, isLanguage, LANGUAGE_KEY, languageFromPreferences } from './language';
import { compileSourceMessage } from './source-messages';

export { DEFAULT_LOCALE, isLanguage, LANGUAGE_KEY, languageFromPreferences };

export { i18n, setupI18n };

// English texts come from the code, compiled when shown (no English catalogue is downloaded), and so does a
// text a catalogue lacks. Cached: a page shows the same texts on every render.
const compiled = new Map<string, ReturnType<typeof compileSourceMessage>>();
/** The source-text compiler, cached (a server render's own instance uses it too: i18n-server.ts). */
export const compileCached = (message: string) => {
  let result = compiled.get(message);
  if (result === undefined) compiled.set(message, (result = compileSourceMessage(message)));
  return result;
};
i18n.setMessagesCompiler(compileCached as never);
// English has no catalogue: an empty table keeps Lingui from warning that none was loaded.
i18n.load('en', {});
export type { I18n, Messages };

/** The languages (constants.ts's `LANGUAGES`, which the server's profile and e-mails use) in the switcher's order. */
export const LOCALES: readonly Language[] = ['rw', 'fr', 'en'];

/**
 * The locales Lingui's plural and Intl helpers get. CLDR has no plural rules for rw, and
 * `new Intl.PluralRules('rw')` silently falls back to the browser's default locale (a French browser would
 * call 0 "one"). Kinyarwanda's rule is explicit here: singular for exactly 1, else plural — the rule of the
 * 'en' plural rules, so rw plurals are computed with them.
 */
export function pluralLocales(language: Language): string[] {
  return language === 'rw' ? ['en'] : [language];
}

export type CatalogueLoader = (language: Language) => Promise<Messages>;

const loaders = new Map<string, CatalogueLoader>();
const loaded = new Set<string>();

async function loadCatalogue(instance: I18n, name: string, language: Language) {
  // English is the code's own texts: nothing to download.
  if (language === 'en') return;
  const key = `${name}:${language}`;
  if (instance === i18n && loaded.has(key)) return;
  const loader = loaders.get(name);
  if (!loader) return;
  const messages = await loader(language);
  // Merged into the language's catalogue (Lingui keeps one message table per locale). An area entered in the
  // active language is not on screen yet: its texts are merged without a 'change', which would re-render the
  // page for nothing and, while React takes a server-rendered area over, make it drop the server's HTML (and
  // what the visitor typed into it).
  if (instance.locale === language) Object.assign(activeTable(instance), messages);
  else instance.load(language, messages);
  if (instance === i18n) loaded.add(key);
}

/** The active language's message table itself (Lingui's `messages` getter gives a new {} when there is none). */
function activeTable(instance: I18n): Messages {
  const table = instance.messages;
  if (table !== instance.messages) {
    // No table yet: make one through load (this once, a 'change' is emitted).
    instance.load(instance.locale, {});
  }
  return instance.messages;
}

/** The active language of the page (the shared instance's). */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/**
 * Registers an area's catalogues (its `loadMessages`) and loads the active language's, resolving when the
 * area can render in it. Called by the shell when it loads an area, before the area renders.
 */
export async function addCatalogue(name: string, load: CatalogueLoader): Promise<void> {
  if (!loaders.has(name)) loaders.set(name, load);
  // Before the first setLanguage (the shell registering its own), registering is all: setLanguage loads it.
  if (i18n.locale) await loadCatalogue(i18n, name, currentLanguage());
}

/**
 * A catalogue several areas bring identical copies of — the texts of the shared packages, which each area
 * bundles as it bundles their code — named by a hash of its content. Whichever area asks first downloads its
 * copy; the others' loaders get the same table without a download. An area built with other shared texts has
 * another key: its copy is downloaded and merged, so a new text is translated with the area that brings it.
 */
const sharedTables = new Map<string, Promise<Messages>>();
export function sharedCatalogue(key: string, load: CatalogueLoader): CatalogueLoader {
  return (language) => {
    const id = `${key}:${language}`;
    let table = sharedTables.get(id);
    if (!table) {
      table = load(language);
      sharedTables.set(id, table);
      // A failed download (offline) is asked again next time, not remembered.
      table.catch(() => sharedTables.delete(id));
    }
    return table;
  };
}

/** Listeners told of a switch the user made (the session saves it to the profile). */
const chosenListeners = new Set<(language: Language) => void>();
export function onLanguageChosen(listener: (language: Language) => void): () => void {
  chosenListeners.add(listener);
  return () => chosenListeners.delete(listener);
}

function remember(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage blocked: the cookie below still tells the server, for this browser session at least.
  }
  setSiteCookie(LANGUAGE_KEY, language);
}

let chosenThisVisit = false;
/** Whether the user switched language in this page's life (at sign-in, such a choice beats the profile's). */
export function languageChosenThisVisit(): boolean {
  return chosenThisVisit;
}

/**
 * Makes `language` the page's language: its catalogues for every area entered so far, then one 'change'
 * (every mounted area re-renders) and `<html lang>`. `remember` keeps it on the device (localStorage and the
 * cookie the server render reads): a user's switch, or the profile's language. `chosen` marks the user's own
 * switch, which listeners save to the profile when signed in.
 */
export async function setLanguage(
  language: Language,
  options: { chosen?: boolean; remember?: boolean } = {},
): Promise<void> {
  const chosen = options.chosen ?? false;
  const keep = options.remember ?? chosen;
  await Promise.all([...loaders.keys()].map((name) => loadCatalogue(i18n, name, language)));
  if (i18n.locale !== language) i18n.activate(language, pluralLocales(language));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (keep) remember(language);
  if (chosen) {
    chosenThisVisit = true;
    for (const listener of chosenListeners) listener(language);
  }
}

/** The language the device chose before (localStorage, else the cookie), or null on a first visit. */
export function storedLanguage(): Language | null {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // blocked storage: try the cookie
  }
  if (!isLanguage(stored) && typeof document !== 'undefined') {
    stored = cookieValue(document.cookie, LANGUAGE_KEY);
  }
  return isLanguage(stored) ? stored : null;
}

/** The language a page starts in: the device's choice, else the browser's languages. */
export function initialLanguage(): Language {
  return (
    storedLanguage() ??
    languageFromPreferences(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]))
  );
}
