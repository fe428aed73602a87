/**
 * Which of the platform's languages a browser wants: the one place that reads a language tag, for the page
 * (navigator.languages), the server render and the API (an Accept-Language header) and the service worker.
 * Plain functions without state, so the API and the worker import them (`@btls/kernel/language`) without the
 * browser's i18n runtime.
 */
import { LANGUAGES, type Language } from './basics';

/** localStorage key and cookie name of the chosen language (the cookie tells the server render and the worker). */
export const LANGUAGE_KEY = 'btlsLang';

export const DEFAULT_LOCALE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of ours a tag names (`rw-RW`, `kin`, `fr_CA`, `eng`), or null: ISO 639-1 or -2 codes, any region. */
function languageOfTag(tag: string): Language | null {
  const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
  if (base === 'rw' || base === 'kin') return 'rw';
  if (base === 'fr' || base === 'fra' || base === 'fre') return 'fr';
  if (base === 'en' || base === 'eng') return 'en';
  return null;
}

/**
 * The first of `preferred` (navigator.languages, or an Accept-Language header's tags in order) that we speak:
 * Kinyarwanda → rw, French → fr, English → en; English when none is.
 */
export function languageFromPreferences(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags, highest quality first (a tag with q=0 is one the browser refuses). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language an Accept-Language header asks for (a sign-up without one, a first visit's page). */
export const languageFromHeader = (header: string | undefined): Language =>
  languageFromPreferences(acceptLanguageTags(header));
