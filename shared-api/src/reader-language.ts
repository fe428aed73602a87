/**
 * The reader's language that reads of what the business writes (courses, jobs) send as `lang`: the page's, in a
 * browser. A page rendered on the server sends none: the API then takes the page's language from the headers the
 * render gives it, as the render decided it.
 */
import { i18n, isLanguage, type Language } from '@btls/kernel';

function readerLanguage(): Language | undefined {
  if (typeof document === 'undefined') return undefined;
  return isLanguage(i18n.locale) ? i18n.locale : undefined;
}

/** A read's query with the reader's language in it (when known). */
export function withReaderLanguage(query: Record<string, string> | undefined): Record<string, string> | undefined {
  const lang = readerLanguage();
  return lang ? { ...query, lang } : query;
}
