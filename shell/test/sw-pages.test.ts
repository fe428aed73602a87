/**
 * The worker's pages for a phone that does not keep the app's code: which pages it keeps as a visitor's, when a
 * visitor has come back, and the page it shows for an address never saved, offline.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SwConfig } from '@btls/shared-api/service-worker';

// The list the API writes in front of the worker's code, before the worker's modules read it.
vi.hoisted(() => {
  (globalThis as unknown as { __BTLS_SW: SwConfig }).__BTLS_SW = {
    shell: [{ url: '/index.html', revision: 'abc' }],
    areas: {},
    texts: { fr: { 'shell.offlinePage.title': 'Vous êtes hors ligne' } },
  };
  // (Read at once by the worker's modules: the account saved for.)
  Object.defineProperty(globalThis, 'caches', {
    configurable: true,
    value: { open: async () => ({ match: async () => undefined }) },
  });
});

const { readPage, visitorsToKeep } = await import('../src/sw/pages');
const { noteVisit, VISIT_GAP_MS, appKept } = await import('../src/sw/visits');
const { offlinePage } = await import('../src/sw/offline-page');
const { shellCache } = await import('../src/sw/files');

/** The browser's caches, in memory. */
function memoryCaches() {
  const all = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const entries = all.get(name) ?? new Map<string, Response>();
    all.set(name, entries);
    const key = (request: RequestInfo | URL) =>
      new URL(String(request instanceof Request ? request.url : request), 'https://btls.example.rw').href;
    return {
      match: async (request: RequestInfo | URL) => entries.get(key(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => void entries.set(key(request), response),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
    };
  };
  return {
    open,
    keys: async () => [...all.keys()],
    match: async (request: string, options?: { cacheName?: string }) =>
      options?.cacheName && all.has(options.cacheName) ? (await open(options.cacheName)).match(request) : undefined,
  };
}

/** A page as the server renders it: its data with the session hint it was rendered for. */
function rendered({ hint = null as unknown, dataSaver = false, title = 'Jobs · BTLS Coffee' } = {}) {
  const data = {
    queries: [
      { queryKey: ['site'], state: { data: { origin: 'https://btls.example.rw', dataSaver } } },
      { queryKey: ['sessionHint'], state: { data: hint } },
    ],
  };
  return `<!doctype html><html><head><title>${title}</title></head><body><div id="root"><h1>Jobs</h1></div><script id="btls-data" type="application/json">${JSON.stringify(data)}</script></body></html>`;
}
const SHELL = '<!doctype html><html><head><title>BTLS Coffee</title></head><body><div id="root"></div></body></html>';
const html = (text: string, status = 200) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });

beforeEach(() => {
  Object.defineProperty(globalThis, 'caches', { configurable: true, value: memoryCaches() });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'cookieStore');
});

describe("a visitor's pages", () => {
  it('reads from its data whom a page was rendered for, its data saver and its title', () => {
    expect(readPage(rendered())).toEqual({
      serverRendered: true,
      visitor: true,
      dataSaver: false,
      title: 'Jobs · BTLS Coffee',
    });
    expect(readPage(rendered({ hint: { role: 'trainee', name: 'Eric' } })).visitor).toBe(false);
    expect(readPage(rendered({ dataSaver: true })).dataSaver).toBe(true);
    // The shell's page (rendered by the browser) is no one's; a page whose data cannot be read is not a visitor's.
    expect(readPage(SHELL)).toMatchObject({ serverRendered: false, visitor: true });
    expect(readPage(rendered().replace('"queries"', '"queries" oops')).visitor).toBe(false);
  });

  it("keeps a visitor's server-rendered page, never one rendered for a signed-in user, and the shell's only where the app is kept", async () => {
    expect(await visitorsToKeep(html(rendered()))).toBe(true);
    expect(await visitorsToKeep(html(rendered({ hint: { role: 'trainee', name: 'Eric' } })))).toBe(false);
    expect(await visitorsToKeep(html(rendered(), 404))).toBe(false);
    expect(await visitorsToKeep(new Response('{}', { headers: { 'Content-Type': 'application/json' } }))).toBe(false);
    // The shell's page reads offline only with the app's code.
    expect(await visitorsToKeep(html(SHELL))).toBe(false);
    await (await caches.open(shellCache)).put('/index.html', html(SHELL));
    expect(await visitorsToKeep(html(SHELL))).toBe(true);
  });
});

describe('a visitor who comes back', () => {
  it('is one whose page opens at least the gap after the last page they opened', async () => {
    const start = Date.UTC(2026, 0, 5, 9);
    expect(await noteVisit(start)).toBe(false); // the first page this worker learns of
    expect(await noteVisit(start + 5 * 60_000)).toBe(false); // the same visit, five minutes on
    expect(await noteVisit(start + 5 * 60_000 + VISIT_GAP_MS - 1)).toBe(false);
    expect(await noteVisit(start + 10 * 60_000 + 2 * VISIT_GAP_MS)).toBe(true); // a later visit
  });

  it("counts a phone whose earlier worker kept the shell's page as keeping the app", async () => {
    expect(await appKept()).toBe(false);
    await (await caches.open('btls-shell-older')).put('/index.html', html(SHELL));
    expect(await appKept()).toBe(true);
  });
});

describe('the offline page of an address never saved', () => {
  it("says so in the phone's language and lists the pages saved, by their titles", async () => {
    Object.defineProperty(globalThis, 'cookieStore', {
      configurable: true,
      value: { get: async (name: string) => (name === 'btlsLang' ? { name, value: 'fr' } : null) },
    });
    const page = await offlinePage('https://btls.example.rw/courses?q=latte', [
      { url: 'https://btls.example.rw/jobs', title: 'Emplois · BTLS Coffee' },
      { url: 'https://btls.example.rw/about', title: '' },
    ]);
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const text = await page.text();
    expect(text).toContain('<html lang="fr">');
    expect(text).toContain('<h1>Vous êtes hors ligne</h1>');
    // A text the shell's catalogue has not translated shows in English.
    expect(text).toContain('This page was not saved on this phone.');
    expect(text).toContain('<a class="again" href="/courses?q=latte">');
    expect(text).toContain('<li><a href="/jobs">Emplois · BTLS Coffee</a></li>');
    expect(text).toContain('<li><a href="/about">/about</a></li>');
  });

  it('says when nothing is saved yet', async () => {
    const text = await (await offlinePage('https://btls.example.rw/jobs/4', [])).text();
    expect(text).toContain('<html lang="en">');
    expect(text).toContain('Nothing is saved on this phone yet.');
  });
});
