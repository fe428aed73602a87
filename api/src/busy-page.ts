/**
 * The page a visitor gets when their page cannot be rendered now (their address's share of renders is spent,
 * and no copy of it is kept): a `503` with `Retry-After`, in their language, saying so and offering to load the
 * page again. Small and whole on its own: no script, no stylesheet or font to fetch, readable as it arrives.
 * Written by the API itself, as its e-mails are (./mail/words.ts): one set of words per language.
 */
import type { Language } from '@btls/shared-api/constants';

interface BusyWords {
  title: string;
  heading: string;
  body: string;
  reload: string;
}

const BUSY_WORDS: Record<Language, BusyWords> = {
  en: {
    title: 'Busy right now · BTLS Coffee',
    heading: 'The site is busy right now',
    body: 'Many pages were asked for from your connection at once. Please try again in a moment.',
    reload: 'Try again',
  },
  // machine-drafted, needs review by a native speaker
  fr: {
    title: 'Très sollicité en ce moment · BTLS Coffee',
    heading: 'Le site est très sollicité en ce moment',
    body: 'Beaucoup de pages ont été demandées depuis votre connexion en même temps. Veuillez réessayer dans un instant.',
    reload: 'Réessayer',
  },
  // machine-drafted, needs review by a native speaker
  rw: {
    title: 'Urubuga rufite akazi kenshi · BTLS Coffee',
    heading: 'Urubuga rufite akazi kenshi ubu',
    body: 'Impapuro nyinshi zasabwe icyarimwe zivuye kuri murandasi yanyu. Ongera ugerageze mu kanya.',
    reload: 'Ongera ugerageze',
  },
};

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The busy page in `language`; its link loads `again` (the address asked for) again. */
export function busyPage(language: Language, again: string): string {
  const words = BUSY_WORDS[language] ?? BUSY_WORDS.en;
  // A path of this site, whatever the request's path began with (`//host/…` would be another site's address).
  const href = `/${again.replace(/^[/\\]+/, '')}`;
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeText(words.title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#2b1b12;background:#faf7f2}' +
    'main{max-width:32rem;margin:0 auto}h1{font-size:1.5rem}' +
    'a{display:inline-block;padding:.75rem 1.25rem;background:#2b1b12;color:#fff;border-radius:.5rem;text-decoration:none}</style>' +
    `</head><body><main><h1>${escapeText(words.heading)}</h1><p>${escapeText(words.body)}</p>` +
    `<p><a href="${escapeText(href)}">${escapeText(words.reload)}</a></p></main></body></html>`
  );
}
