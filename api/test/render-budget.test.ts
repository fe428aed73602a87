/**
 * A visitor always gets the server's HTML. Past its address's share of renders, a page comes as a copy kept of
 * it (even past its minute, while nothing it shows has changed), else after a brief wait for a render, else as a
 * 503 that says when to come back — never as an empty page for the browser to fill. An address no area serves is
 * a 404 whatever the render's state. And each page says who rendered it and why (`Server-Timing`).
 */
import { request as requestText } from '@btls/shared-api/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRateLimiter,
  createRenderGate,
  memoryCounterStore,
  type Clock,
  type RenderPass,
} from '../src/rate-limit';
import { busyPage } from '../src/busy-page';
import { account, createCourse, startApi, type Account, type TestApi } from './helpers';
import { activate, serverRelease, upload, webRoot } from './release-helpers';

/**
 * A shell whose server build routes as the real one does (the area whose pattern matches the path; the shell's
 * own not-found page, a 404, when none does) and renders that area's `default(url)`.
 */
const SHELL = `
  export const sharedModules = {};
  export const SERVER_DATA_ID = 'btls-data';
  export function configureServerApi() {}
  const matches = (pattern, path) => {
    const want = pattern.split('/'), got = path.split('/');
    if (pattern.endsWith('/*'))
      return got.length >= want.length - 1 && want.slice(0, -1).every((part, i) => part.startsWith(':') ? !!got[i] : part === got[i]);
    return want.length === got.length && want.every((part, i) => part.startsWith(':') ? !!got[i] : part === got[i]);
  };
  export function serverRenderedBy(pathname, areas) {
    for (const [remote, route] of Object.entries(areas))
      if (route.patterns.some((pattern) => matches(pattern, pathname))) return route.serverRendered ? remote : null;
    return 'not-found';
  }
  export async function render({ url, remotes }) {
    const Page = Object.values(remotes)[0];
    return { status: Page ? 200 : 404, head: '', body: Page ? await Page(url) : '<h1>Page not found</h1>', data: {} };
  }
`;

/** The public area's release `name`: each page says which release rendered it, and its address. */
const publicPages = (name: string) =>
  serverRelease(
    'public',
    name,
    `exports.default = async (url) => '<h1>Public page of ${name}</h1><p id="url">' + url.replace(/[<&]/g, '') + '</p>';`,
    ['/', '/p/*'],
  );

/** Whatever is ready to run (promises resolved meanwhile) has run. */
const settle = () => new Promise<void>((done) => setImmediate(done));

/** Time that moves only when the test moves it: waits end when their time comes, not before. */
function testClock(start = Date.UTC(2026, 10, 27, 9)) {
  let time = start;
  const sleepers: { at: number; wake: () => void }[] = [];
  return {
    now: () => time,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push({ at: time + ms, wake })),
    /** Moves the time on by `ms`, waking every wait that ends by then. */
    async advance(ms: number) {
      time += ms;
      for (const sleeper of sleepers.filter(({ at }) => at <= time)) {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        sleeper.wake();
      }
      // (What the woken waits do next runs before the test reads on.)
      await settle();
    },
  } satisfies Clock & Record<string, unknown>;
}

/** A promise's state, read without waiting for it. */
function watch<T>(promise: Promise<T>) {
  const seen: { value?: T; settled: boolean } = { settled: false };
  void promise.then((value) => Object.assign(seen, { value, settled: true }));
  return seen;
}

describe('the render gate', () => {
  const limiter = (perMinute: number) =>
    createRateLimiter(memoryCounterStore(), 'render-ip', perMinute, 60_000, requestText.serviceBusy);

  it("lets an address's share through at once, then one turn every minute / share, which a request waits for when it comes within its wait", async () => {
    const clock = testClock();
    const gate = createRenderGate({ turns: limiter(60), running: 100, clock });
    for (let i = 0; i < 60; i++) (await gate.now('198.51.100.1'))!.done();
    expect(await gate.now('198.51.100.1')).toBeNull();
    // The next turns come one a second: the first three are within a wait of three seconds, held in order.
    const waits = [1, 2, 3].map(() => watch(gate.wait('198.51.100.1')));
    await settle();
    expect(await gate.wait('198.51.100.1')).toEqual({ retryAfter: 4 });
    // Another address has its own share.
    expect(await gate.now('198.51.100.2')).not.toBeNull();
    await clock.advance(999);
    expect(waits.map((wait) => wait.settled)).toEqual([false, false, false]);
    await clock.advance(1);
    expect(waits.map((wait) => wait.settled)).toEqual([true, false, false]);
    await clock.advance(2000);
    expect(waits.every((wait) => wait.settled && 'done' in (wait.value as object))).toBe(true);
  });

  it('lets one address run two renders at once; four more wait for a place, the rest are refused at once, and a wait ends when its time is up', async () => {
    const clock = testClock();
    const gate = createRenderGate({ turns: limiter(60), clock });
    const running = [(await gate.now('198.51.100.3'))!, (await gate.now('198.51.100.3'))!];
    expect(running.every(Boolean)).toBe(true);
    expect(await gate.now('198.51.100.3')).toBeNull();
    const waits = [1, 2, 3, 4].map(() => watch(gate.wait('198.51.100.3')));
    await settle();
    expect(await gate.wait('198.51.100.3')).toEqual({ retryAfter: 3 });
    // Another address is not behind this one.
    expect(await gate.now('198.51.100.4')).not.toBeNull();
    running[0]!.done();
    running[0]!.done(); // (given back twice: once)
    await settle();
    expect(waits.filter((wait) => wait.settled)).toHaveLength(1);
    expect(await gate.now('198.51.100.3')).toBeNull();
    await clock.advance(3000);
    expect(waits.map((wait) => wait.value)).toEqual([
      expect.objectContaining({ done: expect.any(Function) }),
      { retryAfter: 3 },
      { retryAfter: 3 },
      { retryAfter: 3 },
    ]);
    (waits[0]!.value as RenderPass).done();
    running[1]!.done();
    expect(await gate.now('198.51.100.3')).not.toBeNull();
  });

  it('gives an address whose share is for a crowd (a test rig, a proxy) the places to use it', async () => {
    const gate = createRenderGate({ turns: limiter(6000), clock: testClock() });
    const passes = await Promise.all(Array.from({ length: 200 }, () => gate.now('198.51.100.5')));
    expect(passes.every(Boolean)).toBe(true);
    expect(await gate.now('198.51.100.5')).toBeNull();
  });
});

const clock = testClock();
let api: TestApi;
let admin: Account;
beforeAll(async () => {
  api = await startApi({ web: { root: webRoot(SHELL), clock }, limits: { rendersPerIpPerMinute: 4 } });
  admin = await account(api, 'admin');
  for (const release of [publicPages('first'), serverRelease('trainee', 'trainee', null, ['/dashboard'])]) {
    const uploaded = await upload(api, release, admin.token);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect((await activate(api, release.manifest.area, release.manifest.version, admin.token)).status).toBe(200);
  }
}, 60_000);
afterAll(() => api.close());

/** A page, from `address`. */
async function visit(url: string, address: string, headers: Record<string, string> = {}) {
  const answer = await api.app.inject({ method: 'GET', url, headers, remoteAddress: address });
  return {
    url,
    status: answer.statusCode,
    html: answer.body,
    timing: String(answer.headers['server-timing'] ?? ''),
    retryAfter: answer.headers['retry-after'],
    cacheControl: answer.headers['cache-control'],
  };
}
type Visit = Awaited<ReturnType<typeof visit>>;
/** The shell's page with nothing in it: what the browser would have to render. */
const empty = (html: string) => html.includes('<div id="root"></div>');
const busy = (page: Visit) =>
  page.status === 503 &&
  Number(page.retryAfter) >= 1 &&
  page.html.includes('The site is busy right now') &&
  page.timing === 'render;desc="later: render budget spent"';

/** Spends what is left of the share of renders of `address` on pages no one asks for again. */
async function spend(address: string) {
  for (let i = 0; i < 5; i++)
    if ((await visit(`/p/spent-${address}-${clock.now()}-${i}`, address)).status === 503) return;
  throw new Error(`${address} was never refused a render`);
}

describe("pages past an address's share of renders", () => {
  it("80 quick requests from one address after a release: each gets the page's HTML (or a 503 with Retry-After), none an empty shell; an unknown path is a 404 every time", async () => {
    const address = '203.0.113.80';
    // Pages kept before the release, rendered for other visitors.
    for (const url of ['/', '/p/popular']) expect((await visit(url, '203.0.113.81')).html).toContain('of first');
    const next = publicPages('second');
    expect((await upload(api, next, admin.token)).status).toBe(201);
    expect((await activate(api, 'public', next.manifest.version, admin.token)).status).toBe(200);

    // At once: the popular pages again and again, pages of their own, and addresses no area serves.
    const urls = Array.from({ length: 80 }, (_, i) =>
      i % 4 === 0 ? `/nowhere/${i}` : i % 4 === 1 ? `/p/own-${i}` : i % 4 === 2 ? '/' : '/p/popular',
    );
    const pages = await Promise.all(urls.map((url) => visit(url, address)));
    for (const page of pages) {
      if (page.url.startsWith('/nowhere/')) {
        expect(page.status, page.url).toBe(404);
        continue;
      }
      if (page.status === 503) {
        expect(busy(page), `${page.url}: ${page.timing}`).toBe(true);
        continue;
      }
      expect(page.status, page.url).toBe(200);
      expect(empty(page.html), page.url).toBe(false);
      // Never what was rendered before the release.
      expect(page.html, page.url).toContain('Public page of second');
    }
    // The share is what was rendered; the popular pages were rendered once each and given to every other request.
    const rendered = pages.filter((page) => page.timing.startsWith('page;desc="rendered"'));
    expect(rendered.length).toBeLessThanOrEqual(4);
    expect(pages.filter((page) => page.timing.startsWith('page;desc="kept"')).length).toBeGreaterThan(0);
    expect(pages.filter((page) => page.status === 503).length).toBeGreaterThan(0);
    expect(pages.some((page) => page.status === 200 && empty(page.html))).toBe(false);
  });

  it('gives a copy kept of the page past its minute, to that request only, while nothing it shows has changed', async () => {
    const address = '203.0.113.90';
    expect((await visit('/p/late', '203.0.113.91')).timing).toMatch(/^page;desc="rendered"/);
    await spend(address);
    await clock.advance(5 * 60_000);
    // Five minutes on, the address has turns again: its page is rendered anew (the copy was past its minute).
    const renewed = await visit('/p/late', address);
    expect(renewed.timing).toMatch(/^page;desc="rendered"/);
    await clock.advance(2 * 60_000);
    await spend('203.0.113.92');
    // Two minutes after that copy was made, to an address that has spent its share: the copy, said to be one.
    const late = await visit('/p/late', '203.0.113.92');
    expect(late.status).toBe(200);
    expect(late.html).toBe(renewed.html);
    expect(late.timing).toMatch(/^page;desc="kept", render;desc="kept copy: render budget spent"/);
    expect(late.cacheControl).toBe('private, no-cache');
    // Once what the pages show changes, the copy is no longer given.
    await createCourse(api, admin.token, { title: 'Cupping for Beginners' });
    expect(busy(await visit('/p/late', '203.0.113.92'))).toBe(true);
  });

  it("lets a request wait for one of its address's places, and serves a page rendered meanwhile to the requests waiting for it", async () => {
    const address = '203.0.113.100';
    // Three pages at once: two render, the third waits for a place and is rendered after.
    const three = await Promise.all(['/p/one', '/p/two', '/p/three'].map((url) => visit(url, address)));
    expect(three.map((page) => page.status)).toEqual([200, 200, 200]);
    expect(three.every((page) => page.timing.startsWith('page;desc="rendered"'))).toBe(true);
    // A page asked for by many at once is rendered once: the others wait for it, whatever their address.
    const crowd = await Promise.all(
      Array.from({ length: 12 }, (_, i) => visit('/p/crowd', i % 2 ? address : `203.0.113.${110 + i}`)),
    );
    expect(crowd.every((page) => page.status === 200 && page.html.includes('/p/crowd'))).toBe(true);
    expect(crowd.filter((page) => page.timing.startsWith('page;desc="rendered"'))).toHaveLength(1);
  });

  it('answers in the visitor’s language, with a link to load the page again', async () => {
    const address = '203.0.113.120';
    await spend(address);
    const french = await visit('/p/fr?x=1', address, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(french.status).toBe(503);
    expect(french.html).toContain('<html lang="fr"');
    expect(french.html).toContain('Le site est très sollicité en ce moment');
    expect(french.html).toContain('<a href="/p/fr?x=1">');
    const kinyarwanda = await visit('/p/rw', address, { cookie: 'btlsLang=rw' });
    expect(kinyarwanda.status).toBe(503);
    expect(kinyarwanda.html).toContain('<html lang="rw"');
    expect(kinyarwanda.html).toContain('Urubuga rufite akazi kenshi ubu');
    // (Its link stays on this site, whatever the address began with.)
    expect(busyPage('en', '//elsewhere.example/p?a="b"')).toContain('<a href="/elsewhere.example/p?a=&quot;b&quot;">');
  });
});

describe('an address no area serves', () => {
  it('is a 404 rendered, a 404 past the share, and says who renders it and why', async () => {
    const address = '203.0.113.130';
    const renderedPage = await visit('/no/such/page', address);
    expect(renderedPage.status).toBe(404);
    expect(renderedPage.html).toContain('<h1>Page not found</h1>');
    await spend(address);
    for (const url of ['/no/such/page', '/other/nowhere', '/P0PULAR']) {
      const page = await visit(url, address);
      expect(page.status, url).toBe(404);
      expect(page.timing, url).toMatch(/^render;desc="browser: render budget spent"/);
    }
  });
});

describe('a page the server does not render', () => {
  it('says why: a signed-in area’s page is the browser’s, and costs no render', async () => {
    const address = '203.0.113.140';
    await spend(address);
    const dashboard = await visit('/dashboard', address, { cookie: 'btlsWho=trainee.Aline' });
    expect(dashboard.status).toBe(200);
    expect(dashboard.timing).toMatch(/^render;desc="browser: signed-in"/);
  });

  it('says why: a render that failed leaves the page to a copy kept of it, else to the browser', async () => {
    // A server part that renders each address once (in its process), and fails every time after.
    const broken = serverRelease(
      'public',
      'broken',
      `const seen = new Set();
       exports.default = async (url) => {
         if (seen.has(url)) throw new Error('down');
         seen.add(url);
         return '<h1>Once</h1>';
       };`,
      ['/', '/p/*'],
    );
    expect((await upload(api, broken, admin.token)).status).toBe(201);
    expect((await activate(api, 'public', broken.manifest.version, admin.token)).status).toBe(200);
    expect((await visit('/p/once', '203.0.113.150')).timing).toMatch(/^page;desc="rendered"/);
    await clock.advance(2 * 60_000);
    const kept = await visit('/p/once', '203.0.113.151');
    expect(kept.html).toContain('<h1>Once</h1>');
    expect(kept.timing).toMatch(/^page;desc="kept", render;desc="kept copy: render failed"/);
    expect((await visit('/p/once', '203.0.113.151', { cookie: 'btlsWho=trainee.Aline' })).timing).toMatch(
      /^render;desc="browser: render failed"/,
    );
    expect((await visit('/nowhere/broken', '203.0.113.152')).status).toBe(404);
  });
});
