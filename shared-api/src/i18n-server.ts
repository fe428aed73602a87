/**
 * The server render's side of the i18n runtime (issue 19), apart from the browser's entry so no page downloads
 * it: the language of a request, and an i18n instance of its own for each render.
 */
import { setupI18n, type I18n } from '@lingui/core';
import type { Language } from './constants';
import { compileCached, pluralLocales, type CatalogueLoader } from './i18n';

/** An Accept-Language header's tags, highest quality first. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
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
