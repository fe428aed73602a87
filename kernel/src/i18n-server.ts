/**
 * The server render's side of the i18n runtime, apart from the browser's entry so no page downloads
 * it: the language of a request, and an i18n instance of its own for each render.
 */
import { setupI18n, type I18n } from '@lingui/core';
import type { Language } from './basics';
import { cookieValue } from './cookies';
import { compileCached, pluralLocales, type CatalogueLoader } from './i18n';
import { isLanguage, LANGUAGE_KEY, languageFromHeader } from './language';

/**
 * The language to render a request in: the `btlsLang` cookie the switcher sets, else the browser's
 * Accept-Language (a first visit), else English. The shell's render and the API's page cache both
 * ask this, so a kept page is kept under the language it was rendered in.
 */
export function requestLanguage(headers: { cookie?: string; 'accept-language'?: string }): Language {
  const cookie = cookieValue(headers.cookie, LANGUAGE_KEY);
  if (isLanguage(cookie)) return cookie;
  return languageFromHeader(headers['accept-language']);
}

/**
 * A separate instance for one server render (renders of different languages run concurrently on the server,
 * so they must not share the page-wide instance), with the given areas' catalogues loaded.
 */
export async function serverI18n(language: Language, catalogues: CatalogueLoader[]): Promise<I18n> {
  const instance = setupI18n();
  instance.setMessagesCompiler(compileCached as never);
  const tables = language === 'en' ? [] : await Promise.all(catalogues.map((load) => load(language)));
  for (const messages of tables) instance.load(language, messages);
  instance.activate(language, pluralLocales(language));
  return instance;
}
