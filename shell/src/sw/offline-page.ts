/// <reference lib="webworker" />
/**
 * The worker's own page for an address never saved, offline, on a phone that does not keep the app's code (whose
 * shell would otherwise render the address and say so): it says the phone is offline and lists the pages saved
 * here to read meanwhile. Plain HTML with its styles written in, in the phone's language; its texts are in the
 * shell's catalogue (translated with the shell's), and the API writes them in front of this code (SwConfig.texts).
 */
import { OFFLINE_PAGE_TEXTS } from '@btls/shared-api/service-worker';
import { phoneLanguage } from './phone';
import { config } from './scope';

const TEXTS = [
  /*i18n*/ { id: 'shell.offlinePage.title', message: 'You are offline' },
  /*i18n*/ {
    id: 'shell.offlinePage.notSaved',
    message: 'This page was not saved on this phone. It will show once you are back online.',
  },
  /*i18n*/ { id: 'shell.offlinePage.saved', message: 'Saved on this phone, to read without the network:' },
  /*i18n*/ { id: 'shell.offlinePage.nothingSaved', message: 'Nothing is saved on this phone yet.' },
  /*i18n*/ { id: 'shell.offlinePage.retry', message: 'Try again' },
];
type Key = 'title' | 'notSaved' | 'saved' | 'nothingSaved' | 'retry';

function textsIn(language: string): Record<Key, string> {
  const translated = config.texts?.[language] ?? {};
  return Object.fromEntries(
    TEXTS.map(({ id, message }) => [id.slice(OFFLINE_PAGE_TEXTS.length), translated[id] || message]),
  ) as Record<Key, string>;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The site's colours (the web app manifest's), a thumb's height for every link.
const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#2b1b12;background:#faf6f1}' +
  'main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.5rem;margin:0 0 .5rem}' +
  'h2{font-size:1.1rem;margin:1.5rem 0 .5rem}ul{list-style:none;padding:0;margin:0}' +
  'a{display:flex;align-items:center;min-height:44px;color:#6b3e1f}' +
  'li a{padding:0 .5rem;border-bottom:1px solid #e6d9cc}.again{font-weight:600}';

/**
 * The offline page for `url`, listing `saved` (their titles as written in their HTML, already escaped; an untitled
 * one by its address).
 */
export async function offlinePage(url: string, saved: { url: string; title: string }[]): Promise<Response> {
  const language = await phoneLanguage();
  const text = textsIn(language);
  const list = saved.length
    ? `<h2>${escape(text.saved)}</h2><ul>${saved
        .map(({ url: address, title }) => {
          const { pathname, search } = new URL(address);
          return `<li><a href="${escape(pathname + search)}">${title || escape(pathname + search)}</a></li>`;
        })
        .join('')}</ul>`
    : `<p>${escape(text.nothingSaved)}</p>`;
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escape(text.title)} · BTLS Coffee</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escape(text.title)}</h1><p>${escape(text.notSaved)}</p>` +
    `<p><a class="again" href="${escape(new URL(url).pathname + new URL(url).search)}">${escape(text.retry)}</a></p>` +
    `${list}</main></body></html>`;
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}
