/** The user's language: what a sign-up without one gets from the browser's Accept-Language. */
import { LANGUAGES, type Language } from '@btls/shared-api/constants';

/**
 * The first of the browser's languages (by preference) that the platform speaks: rw → rw, fr → fr, en → en;
 * 'en' when none is (or there is no header). `fr-RW` counts as fr, `rw-RW` as rw.
 */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'en';
  const wanted = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const q = options.map((o) => /^\s*q=([\d.]+)\s*$/.exec(o)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return wanted.map((w) => w.primary).find((p): p is Language => (LANGUAGES as readonly string[]).includes(p)) ?? 'en';
}

export const asLanguage = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en';
