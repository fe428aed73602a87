/**
 * What one outsider can do to a rollout's judge from one address: each browser votes only once it came back a
 * while after its bucket was drawn, and one address adds only a few browsers to a rollout, on either version.
 * And a trial link tries its own candidate alone.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteArea } from '@btls/build-config/remotes';
import type { AreaReleases } from '@btls/shared-api/schemas';
import { addressPrefix } from '../src/releases/load-tickets';
import { account, JWT_SECRET, request, startApi, type Account, type TestApi } from './helpers';
import { activate, entriesOf, makeRelease, releaseToken, TestBrowser, upload, webRoot } from './release-helpers';

let api: TestApi;
let admin: Account;
/** The server's clock (its load tickets, its stages), moved on by the tests instead of waiting. */
const clock = { skew: 0 };
/** Longer than any wait a browser's vote needs. */
const LATER_MS = 30 * 60_000;
beforeAll(async () => {
  api = await startApi({
    web: { root: webRoot() },
    rollback: { everyMs: 100, now: () => Date.now() + clock.skew },
    // The outsider's page loads all get tickets: what stops them is not this share.
    limits: { loadTicketsPerIpPerMinute: 100_000, clientReportsPerIpPerMinute: 100_000 },
  });
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

const inject = () => api.app.inject.bind(api.app);
const OUTSIDER = '198.51.100.66';

async function released(area: RemoteArea) {
  const token = await releaseToken(api, admin.token, area);
  const v1 = makeRelease(area, `${area} one`);
  const v2 = makeRelease(area, `${area} two`);
  expect((await upload(api, v1, token)).status).toBe(201);
  expect((await activate(api, area, v1.manifest.version, token)).status).toBe(200);
  expect((await upload(api, v2, token)).status).toBe(201);
  return { token, v1, v2 };
}

const rolloutOf = async (area: string) =>
  ((await request(api, 'GET', '/api/releases', { token: admin.token })).body as AreaReleases[]).find(
    (item) => item.area === area,
  )!.rollout;

/** Fresh browsers of one address (page loads without cookies), until `count` of them pass `wanted`. */
async function outsiderBrowsers(count: number, wanted: (bucket: number) => boolean) {
  const kept: TestBrowser[] = [];
  let loads = 0;
  while (kept.length < count) {
    const browser = new TestBrowser(inject(), { ip: OUTSIDER });
    expect((await browser.load()).statusCode).toBe(200);
    loads++;
    if (wanted(browser.bucket)) kept.push(browser);
  }
  return { kept, loads };
}

/** Real visitors, each on its own address: drawn now, back later (`comeBack`), then their loads count. */
async function visitors(percent: number, onNew: number, onActive: number) {
  const browsers = { onNew: [] as TestBrowser[], onActive: [] as TestBrowser[] };
  for (let i = 0; i < onNew; i++) browsers.onNew.push(await TestBrowser.drawn(inject(), (bucket) => bucket <= percent));
  for (let i = 0; i < onActive; i++)
    browsers.onActive.push(await TestBrowser.drawn(inject(), (bucket) => bucket > percent));
  return browsers;
}

/** Time passes; each browser loads a page again (its new ticket is a returning browser's). */
async function comeBack(browsers: TestBrowser[]) {
  clock.skew += LATER_MS;
  for (const browser of browsers) expect((await browser.load()).statusCode).toBe(200);
}

/** The loads of each area reported and counted, both versions together. */
const sent = new Map<RemoteArea, number>();

/** A load of `area` reported, failed or not, and accepted: the answer says what its ticket vouched for. */
async function reported(browser: TestBrowser, area: RemoteArea, failed = false) {
  const answer = await browser.loaded(area, failed);
  expect(answer).toMatchObject({ status: 202, body: { loads: 1, errors: failed ? 1 : 0 } });
  sent.set(area, (sent.get(area) ?? 0) + 1);
}

/**
 * A round of the rollout watch has run from start to end (rollouts judged and stepped) since every report sent
 * so far: one more load reported is in the written figures, twice over (rounds never overlap). `area`'s
 * rollout began with its first report counted here.
 */
async function aRoundSince(area: RemoteArea, reporter: TestBrowser) {
  for (let round = 0; round < 2; round++) {
    await reporter.load();
    await reported(reporter, area);
    await expect
      .poll(
        async () => {
          const rollout = await rolloutOf(area);
          return rollout && rollout.loads + rollout.activeLoads;
        },
        { timeout: 10_000 },
      )
      .toBe(sent.get(area));
  }
}

describe('one address against a rollout', () => {
  it('cannot stop a healthy 5 % rollout with fresh browsers and failing reports, nor once they come back', async () => {
    const { token, v2 } = await released('trainer');
    await request(api, 'POST', '/api/releases/trainer/rollout', {
      token,
      json: { version: v2.manifest.version, percent: 5 },
    });
    const real = await visitors(5, 5, 6);
    await comeBack([...real.onNew, ...real.onActive]);
    for (const browser of [...real.onNew, ...real.onActive]) await reported(browser, 'trainer');
    expect(await rolloutOf('trainer')).toMatchObject({ browsers: 5, activeBrowsers: 6, judgement: 'clear' });

    // The outsider: cookie-less loads until six browsers are on the new version (and six on the active one),
    // then twelve reports, each accepted, the new version's failing.
    const onNew = await outsiderBrowsers(6, (bucket) => bucket <= 5);
    const onActive = await outsiderBrowsers(6, (bucket) => bucket > 5);
    expect(onNew.loads).toBeGreaterThan(6);
    for (const browser of onNew.kept) await reported(browser, 'trainer', true);
    for (const browser of onActive.kept) await reported(browser, 'trainer');
    expect(await rolloutOf('trainer')).toMatchObject({ browsers: 5, activeBrowsers: 6, judgement: 'clear' });

    // The same browsers come back later and fail again: one of the address's browsers counts, no more.
    await comeBack([...onNew.kept, ...onActive.kept]);
    for (const browser of onNew.kept) await reported(browser, 'trainer', true);
    for (const browser of onActive.kept) await reported(browser, 'trainer');
    expect(await rolloutOf('trainer')).toMatchObject({ browsers: 6, activeBrowsers: 6, judgement: 'clear' });
    await aRoundSince('trainer', real.onActive[0]!);
    expect(await rolloutOf('trainer')).toMatchObject({ version: v2.manifest.version, percent: 5 });
    await request(api, 'DELETE', '/api/releases/trainer/rollout', { token });
  });

  it("cannot grow a staged rollout's share with its own page loads", async () => {
    const { token, v2 } = await released('public');
    await request(api, 'POST', '/api/releases/public/rollout', {
      token,
      json: { version: v2.manifest.version, stages: [5, 25], every: 60, stageBrowsers: 20 },
    });
    const real = await visitors(5, 5, 5);
    await comeBack([...real.onNew, ...real.onActive]);
    for (const browser of [...real.onNew, ...real.onActive]) await reported(browser, 'public');
    // 480 page loads from one address; those on the new version come back after the stage's time and load fine.
    const drawn = await outsiderBrowsers(480, () => true);
    const onNew = drawn.kept.filter((browser) => browser.bucket <= 5);
    expect(onNew.length).toBeGreaterThan(10);
    await comeBack(onNew);
    for (const browser of onNew) await reported(browser, 'public');
    await aRoundSince('public', real.onActive[0]!);
    expect(await rolloutOf('public')).toMatchObject({ percent: 5, browsers: 6, judgement: 'clear' });
    await request(api, 'DELETE', '/api/releases/public/rollout', { token });
  });

  it('cannot keep a broken rollout running with troubled browsers of the active version, each counted once', async () => {
    const { token, v1, v2 } = await released('employer');
    await request(api, 'POST', '/api/releases/employer/rollout', {
      token,
      json: { version: v2.manifest.version, percent: 10 },
    });
    const real = await visitors(10, 6, 6);
    const shield = await outsiderBrowsers(30, (bucket) => bucket > 10);
    await comeBack([...real.onNew, ...real.onActive, ...shield.kept]);
    // Thirty browsers of one address fail on the active version, the first of them again and again.
    for (const browser of shield.kept) await reported(browser, 'employer', true);
    for (let again = 0; again < 3; again++) {
      await shield.kept[0]!.load();
      await reported(shield.kept[0]!, 'employer', true);
    }
    for (const browser of real.onActive) await reported(browser, 'employer');
    for (const browser of real.onNew) await reported(browser, 'employer', true);
    await expect.poll(() => rolloutOf('employer'), { timeout: 10_000 }).toBeNull();
    const [stop] = (await request(api, 'GET', '/api/releases/audit?area=employer', { token: admin.token })).body as {
      action: string;
      from: string;
      to: string;
      reason: string;
    }[];
    expect(stop).toMatchObject({ action: 'automatic-rollback', from: v2.manifest.version, to: v1.manifest.version });
    expect(stop!.reason).toMatch(
      /^browsers with an error: ([56]) of \1 on the new version \(100\.0%\) against 1 of 7 on the active version \(14\.3%\)/,
    );
  });
});

describe('a browser', () => {
  it('keeps a bucket drawn before draws were timed, signed again as drawn now', async () => {
    const token = await releaseToken(api, admin.token, 'trainer');
    const v3 = makeRelease('trainer', 'trainer three');
    expect((await upload(api, v3, token)).status).toBe(201);
    await request(api, 'POST', '/api/releases/trainer/rollout', {
      token,
      json: { version: v3.manifest.version, percent: 50 },
    });
    const id = 'QnJvd3Nlci1vZi10';
    const signature = createHmac('sha256', `bucket:${JWT_SECRET}`).update(`${id}|30`).digest().subarray(0, 12);
    const browser = new TestBrowser(inject());
    browser.cookies.set('btlsBrowser', id);
    browser.cookies.set('btlsBucket', `30.${signature.toString('base64url')}`);
    await browser.load();
    expect(browser.entry('trainer')).toContain(v3.manifest.version);
    expect(browser.cookies.get('btlsBucket')).toMatch(/^30\.[0-9a-z]+\.[\w-]{16}$/);
    // Its next load is a browser's like any other: its bucket holds, and nothing is drawn again.
    expect((await browser.load()).headers['set-cookie']).toBeUndefined();
    expect(browser.entry('trainer')).toContain(v3.manifest.version);
    await request(api, 'DELETE', '/api/releases/trainer/rollout', { token });
  });

  it('is counted by its address: an IPv6 address by its /48, an IPv4 one written in IPv6 as itself', () => {
    expect(addressPrefix('2001:db8:1:2:3:4:5:6')).toBe(addressPrefix('2001:db8:1:ffff::9'));
    expect(addressPrefix('2001:db8:1:2::9')).toBe('2001:db8:1::/48');
    expect(addressPrefix('2001:db8:2::9')).not.toBe(addressPrefix('2001:db8:1::9'));
    expect(addressPrefix('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressPrefix('::ffff:c000:207')).toBe('192.0.2.7');
    expect(addressPrefix('64:ff9b::192.0.2.7')).toBe('192.0.2.7');
    expect(addressPrefix('64:ff9b::c000:207')).toBe('192.0.2.7');
    expect(addressPrefix('192.0.2.7')).toBe('192.0.2.7');
  });
});

describe('a trial link', () => {
  it("tries its own candidate alone: team A's candidate leaves the cookie when team B's link is opened", async () => {
    const links = new Map<RemoteArea, { link: URL; version: string }>();
    for (const area of ['trainee', 'admin'] as const) {
      const { token, v2 } = await released(area);
      const asked = await request(api, 'POST', `/api/releases/${area}/trial`, {
        token,
        json: { version: v2.manifest.version },
      });
      expect(asked.status).toBe(200);
      links.set(area, { link: new URL(asked.body.link as string), version: v2.manifest.version });
    }
    const open = (link: URL, cookie: string) =>
      api.app.inject({
        method: 'GET',
        url: `${link.pathname}${link.search}`,
        headers: { host: 'trial.localhost', 'sec-fetch-site': 'none', cookie },
      });
    const cookieOf = (answer: { headers: Record<string, unknown> }) =>
      [answer.headers['set-cookie'] ?? []]
        .flat()
        .map((cookie) => String(cookie).split(';')[0]!)
        .find((pair) => pair.startsWith('btlsReleases='))!;
    const browser = 'btlsBrowser=QnJvd3Nlci1vZi10';
    const a = links.get('trainee')!;
    const b = links.get('admin')!;
    const first = cookieOf(await open(a.link, browser));
    expect(decodeURIComponent(first)).toContain(`trainee@${a.version}`);
    const second = cookieOf(await open(b.link, `${browser}; ${first}`));
    expect(decodeURIComponent(second)).toContain(`admin@${b.version}`);
    expect(decodeURIComponent(second)).not.toContain('trainee@');
    const map = await api.app.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: { host: 'trial.localhost', cookie: `${browser}; ${second}` },
    });
    const entries = entriesOf(map.json());
    expect(entries.mfe_admin).toContain(b.version);
    expect(entries.mfe_trainee).not.toContain(a.version);

    // Both links pasted into one, or both tickets written into the cookie by a page: nothing is tried.
    const both = `${a.link.searchParams.get('release')},${b.link.searchParams.get('release')}`;
    const pasted = new URL(a.link);
    pasted.searchParams.set('release', both);
    expect(cookieOf(await open(pasted, browser))).toBeUndefined();
    const written = await api.app.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: { host: 'trial.localhost', cookie: `${browser}; btlsReleases=${encodeURIComponent(both)}` },
    });
    expect(entriesOf(written.json()).mfe_admin).not.toContain(b.version);
    expect(entriesOf(written.json()).mfe_trainee).not.toContain(a.version);
  });
});
