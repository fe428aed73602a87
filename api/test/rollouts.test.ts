/**
 * Releasing safely: a new version to a sticky share of browsers; what browsers report counted only with the
 * load tickets their pages came with; a rollout stopped on its own when the rule finds it worse (errors, slow
 * taps), forged reports neither stopping nor shielding one; stages that grow on their own; every step in the
 * audit log.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { account, JWT_SECRET, metricsOf, onPostgres, request, startApi, type Account, type TestApi } from './helpers';
import type { RemoteArea } from '@btls/build-config/remotes';
import type { AreaReleases } from '@btls/shared-api/schemas';
import { activate, makeRelease, releaseToken, TestBrowser, upload, webRoot, type TestRelease } from './release-helpers';

let api: TestApi;
let admin: Account;
/** The clock a staged rollout's stages are timed by: moved on by the tests. */
const clock = { skew: 0 };
const TICKETS_PER_MINUTE = 1000;
beforeAll(async () => {
  const root = webRoot();
  // A worker the server can list the browser's versions in front of.
  writeFileSync(join(root, 'shell', 'dist', 'sw-code.js'), '/* the worker */\n');
  api = await startApi({
    web: { root },
    // Every load of a browser counts here: the rule is what these tests judge; who it hears, votes.test.ts.
    rollback: { everyMs: 100, now: () => Date.now() + clock.skew, returnSeconds: 0 },
    limits: { clientReportsPerIpPerMinute: 30, loadTicketsPerIpPerMinute: TICKETS_PER_MINUTE },
  });
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

const entryOf = (release: TestRelease) =>
  `/remotes/${release.manifest.area}/${release.manifest.version}/remoteEntry.js`;

/** Every cookie a response set, as a browser sends them back (`btlsBrowser=…; btlsBucket=37.…`). */
const cookiesOf = (headers: Record<string, unknown>) =>
  [headers['set-cookie'] ?? []]
    .flat()
    .map((cookie) => String(cookie).split(';')[0])
    .join('; ');

/** The bucket cookie a response set (`btlsBucket=37.…`), if any. */
const bucketCookie = (headers: Record<string, unknown>) =>
  [headers['set-cookie']]
    .flat()
    .find((cookie) => String(cookie).startsWith('btlsBucket='))
    ?.toString()
    .split(';')[0];

async function released(area: RemoteArea, label: string) {
  const token = await releaseToken(api, admin.token, area);
  await request(api, 'POST', '/api/release-tokens', { token: admin.token, json: { area, label } });
  const v1 = makeRelease(area, `${label} one`);
  const v2 = makeRelease(area, `${label} two`);
  expect((await upload(api, v1, token)).status).toBe(201);
  // (After an earlier test's release of the area, over it.)
  const before = (await areaOf(area))?.active ?? null;
  expect((await activate(api, area, v1.manifest.version, token, before)).status).toBe(200);
  expect((await upload(api, v2, token)).status).toBe(201);
  return { token, v1, v2 };
}

const areaOf = async (area: string) =>
  ((await request(api, 'GET', '/api/releases', { token: admin.token })).body as { area: string }[]).find(
    (item) => item.area === area,
  ) as unknown as {
    active: string;
    activatedBy: string;
    rollout: null | { version: string; percent: number; startedAt: string; loads: number; errorRate: number };
  };

describe('a rollout', () => {
  it('serves the new version to a sticky share of browsers, follows each one in remotes.json and the worker, then is promoted', async () => {
    const { token, v1, v2 } = await released('trainer', 'trainer-ci');
    const started = await request(api, 'POST', '/api/releases/trainer/rollout', {
      token,
      json: { version: v2.manifest.version, percent: 50, expected: v1.manifest.version },
    });
    expect(started).toMatchObject({
      status: 200,
      body: { code: 'notice.releaseRolloutStarted', version: v2.manifest.version, percent: 50 },
    });
    expect((await areaOf('trainer')).rollout).toMatchObject({ version: v2.manifest.version, percent: 50 });

    // 200 new browsers: each draws a bucket (kept in a cookie); about half get the new version.
    const browsers: { cookie: string; entry: string }[] = [];
    for (let i = 0; i < 200; i++) {
      const first = await request(api, 'GET', '/remotes.json');
      expect(bucketCookie(first.headers)).toMatch(/^btlsBucket=\d{1,3}\.[0-9a-z]+\.[\w-]{16}$/);
      const cookie = cookiesOf(first.headers);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      browsers.push({ cookie, entry: first.body.mfe_trainer.entry });
    }
    const onNew = browsers.filter((browser) => browser.entry === entryOf(v2)).length;
    expect(onNew).toBeGreaterThan(60);
    expect(onNew).toBeLessThan(140);
    expect(browsers.every((browser) => [entryOf(v1), entryOf(v2)].includes(browser.entry))).toBe(true);
    // Each keeps its version at every load, and its worker keeps the files of that version.
    for (const browser of browsers.slice(0, 20)) {
      for (let reload = 0; reload < 3; reload++) {
        const again = await request(api, 'GET', '/remotes.json', { headers: { cookie: browser.cookie } });
        expect(again.body.mfe_trainer.entry).toBe(browser.entry);
        expect(bucketCookie(again.headers)).toBeUndefined();
      }
      const worker = await api.app.inject({ method: 'GET', url: '/sw.js', headers: { cookie: browser.cookie } });
      expect(worker.body).toContain(`"entry":"${browser.entry}"`);
    }
    // The worker lists what the pages give: a bucket the server did not sign for this browser is no bucket.
    const onRollout = browsers.find((browser) => browser.entry === entryOf(v2))!;
    const forged = onRollout.cookie.replace(/btlsBucket=\d+\.([0-9a-z]+)\.[\w-]+/, 'btlsBucket=1.$1.AAAAAAAAAAAAAAAA');
    const unsigned = await api.app.inject({ method: 'GET', url: '/sw.js', headers: { cookie: forged } });
    expect(unsigned.body).toContain(`"entry":"${entryOf(v1)}"`);
    const otherBrowser = onRollout.cookie.replace(/btlsBrowser=[\w-]+/, 'btlsBrowser=someoneelse0000000000');
    const borrowed = await api.app.inject({ method: 'GET', url: '/sw.js', headers: { cookie: otherBrowser } });
    expect(borrowed.body).toContain(`"entry":"${entryOf(v1)}"`);
    // A page draws the bucket too (the server render follows it).
    const page = await api.app.inject({ method: 'GET', url: '/jobs' });
    expect(bucketCookie(page.headers as Record<string, unknown>)).toMatch(/^btlsBucket=/);

    // A larger share only adds browsers: those on the new version keep it.
    await request(api, 'POST', '/api/releases/trainer/rollout', {
      token,
      json: { version: v2.manifest.version, percent: 80 },
    });
    for (const browser of browsers.filter((item) => item.entry === entryOf(v2)).slice(0, 10))
      expect(
        (await request(api, 'GET', '/remotes.json', { headers: { cookie: browser.cookie } })).body.mfe_trainer.entry,
      ).toBe(entryOf(v2));

    const promoted = await request(api, 'POST', '/api/releases/trainer/promote', { token, json: {} });
    expect(promoted).toMatchObject({
      status: 200,
      body: { version: v2.manifest.version, previous: v1.manifest.version },
    });
    for (const browser of browsers.slice(0, 40))
      expect(
        (await request(api, 'GET', '/remotes.json', { headers: { cookie: browser.cookie } })).body.mfe_trainer.entry,
      ).toBe(entryOf(v2));
    expect(await areaOf('trainer')).toMatchObject({ active: v2.manifest.version, rollout: null });
    // Nothing is rolling: no bucket is drawn (the map is still the browser's own: it brings its load tickets).
    const plain = await request(api, 'GET', '/remotes.json');
    expect(bucketCookie(plain.headers)).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('private, no-cache');

    const log = (await request(api, 'GET', '/api/releases/audit', { token: admin.token })).body as {
      action: string;
      area: string;
      actor: string;
      from: string | null;
      to: string | null;
      reason: string | null;
    }[];
    const trainer = log.filter((entry) => entry.area === 'trainer');
    expect(trainer.slice(0, 5).map((entry) => entry.action)).toEqual([
      'promote',
      'rollout',
      'rollout',
      'upload',
      'activate',
    ]);
    expect(trainer[0]).toMatchObject({ from: v1.manifest.version, to: v2.manifest.version });
    expect(trainer[2]).toMatchObject({ reason: '50% of browsers', from: v1.manifest.version, to: v2.manifest.version });
    expect(trainer[1]!.reason).toBe('80% of browsers (share changed)');
    expect(trainer[0]!.actor).toMatch(/^#\d+ \(trainer\)$/);
    expect(log.find((entry) => entry.action === 'token-create' && entry.reason === 'trainer-ci')).toMatchObject({
      actor: expect.stringMatching(/@/),
      area: 'trainer',
    });
  });

  it('is refused without an active release, for the active version, beside another rollout, and at 0 or 100 %', async () => {
    const token = await releaseToken(api, admin.token, 'admin');
    const lone = makeRelease('admin', 'lone');
    await upload(api, lone, token);
    const start = (version: string, percent: number) =>
      request(api, 'POST', '/api/releases/admin/rollout', { token, json: { version, percent } });
    expect(await start(lone.manifest.version, 10)).toMatchObject({
      status: 409,
      body: { code: 'release.rolloutNeedsActive' },
    });
    await activate(api, 'admin', lone.manifest.version, token, null);
    expect(await start(lone.manifest.version, 10)).toMatchObject({
      status: 409,
      body: { code: 'release.rolloutIsActive' },
    });
    const next = makeRelease('admin', 'next');
    const other = makeRelease('admin', 'other');
    await upload(api, next, token);
    await upload(api, other, token);
    expect((await start(next.manifest.version, 0)).status).toBe(400);
    expect((await start(next.manifest.version, 100)).status).toBe(400);
    expect((await start(next.manifest.version, 10)).status).toBe(200);
    expect(await start(other.manifest.version, 10)).toMatchObject({
      status: 409,
      body: { code: 'release.rolloutRunning', params: { version: next.manifest.version } },
    });
    // A rollback while it runs stops it: the active release, which everyone else has, stays.
    const back = await request(api, 'POST', '/api/releases/admin/rollback', { token, json: {} });
    expect(back).toMatchObject({ status: 200, body: { code: 'notice.releaseRolloutStopped' } });
    expect(await areaOf('admin')).toMatchObject({ active: lone.manifest.version, rollout: null });
    expect(await request(api, 'POST', '/api/releases/admin/promote', { token, json: {} })).toMatchObject({
      status: 409,
      body: { code: 'release.noRollout' },
    });
    expect(await request(api, 'DELETE', '/api/releases/admin/rollout', { token })).toMatchObject({
      status: 409,
      body: { code: 'release.noRollout' },
    });
    // A team's token is for its own area only.
    const trainee = await releaseToken(api, admin.token, 'trainee');
    expect(
      (
        await request(api, 'POST', '/api/releases/admin/rollout', {
          token: trainee,
          json: { version: 'x', percent: 5 },
        })
      ).status,
    ).toBe(403);
    expect((await request(api, 'GET', '/api/releases/audit', { token: trainee })).status).toBe(401);
  });
});

describe("browsers' reports", () => {
  it('count only with a load ticket of that release; the rest is dropped and counted by reason', async () => {
    const { v1 } = await released('employer', 'employer-ci');
    const browser = new TestBrowser(api.app.inject.bind(api.app));
    const page = await browser.load();
    // The map's answer brings its tickets (a header: a page answered 304 brings its own too) and the browser's id.
    expect(String(page.headers['server-timing'])).toMatch(
      /^btls-load;desc="[\w-]{12}\.[\w-]{16}\.\d{1,3}\.[0-9a-z]+\.[0-9a-z]+~/,
    );
    expect(browser.cookies.get('btlsBrowser')).toMatch(/^[\w-]{16}$/);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const entry = browser.entry('employer');
    const ticket = browser.ticket('employer')!;
    const error = {
      area: 'employer',
      entry,
      ticket,
      phase: 'render',
      path: '/employer/jobs/12',
      message: 'x is undefined for jane@example.rw at https://site.rw/employer/jobs/12?tab=1 (order 123456)',
      trace: 'trace-1',
    };
    expect(
      await browser.report({
        loads: [
          { entry, ticket },
          { entry: '/remotes/employer/9.9.9/remoteEntry.js', ticket },
        ],
        errors: [error, { area: 'employer', phase: 'remotes', path: '/employer', message: 'x', trace: 'trace-2' }],
      }),
    ).toMatchObject({ status: 202, body: { loads: 1, errors: 1 } });
    // The same ticket again counts nothing (a replay), nor one written by hand, nor one of another area.
    expect((await browser.report({ loads: [{ entry, ticket }], errors: [error] })).body).toEqual({
      loads: 0,
      errors: 0,
      speed: 0,
    });
    const forged = ticket.replace(/[\w-]{16}$/, 'A'.repeat(16));
    const trainers = browser.ticket('trainer')!;
    expect(
      (
        await browser.report({
          loads: [
            { entry, ticket: forged },
            { entry, ticket: trainers },
          ],
        })
      ).body.loads,
    ).toBe(0);
    // Another browser (its own cookies) cannot bring this one's ticket; nor can this one once its bucket changed.
    const other = new TestBrowser(api.app.inject.bind(api.app));
    await other.load();
    const fresh = other.ticket('employer')!;
    expect((await browser.report({ loads: [{ entry, ticket: fresh }] })).body.loads).toBe(0);
    other.cookies.set('btlsBucket', '42');
    expect((await other.report({ loads: [{ entry, ticket: fresh }] })).body.loads).toBe(0);
    // Without a ticket, nothing counts.
    expect((await other.report({ loads: [{ entry, ticket: '' }] })).body.loads).toBe(0);

    const metrics = await metricsOf(api);
    expect(metrics).toContain(`area_loads_total{area="employer",version="${v1.manifest.version}"} 1`);
    expect(metrics).toContain(`client_errors_total{area="employer",version="${v1.manifest.version}",phase="render"} 1`);
    expect(metrics).not.toContain('9.9.9');
    for (const [reason, count] of [
      ['missing', 2],
      ['version', 2],
      ['replayed', 2],
      ['forged', 1],
      ['browser', 1],
      ['bucket', 1],
    ] as const)
      expect(metrics).toContain(`client_reports_rejected_total{reason="${reason}"} ${count}`);

    expect((await browser.report({ loads: [{ entry: 'x' }] })).status).toBe(400);
    expect(
      (await browser.report({ errors: [{ area: 'employer', phase: 'boom', path: '/', message: '', trace: 't' }] }))
        .status,
    ).toBe(400);
    const large = await api.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ loads: [], pad: 'x'.repeat(20_000) }),
    });
    expect(large.statusCode).toBe(413);

    // The sample kept says where and what, without the person.
    const { clientErrorSamples } = await import('../src/db/schema');
    await expect
      .poll(() => api.db.select().from(clientErrorSamples))
      .toEqual([
        expect.objectContaining({
          area: 'employer',
          version: v1.manifest.version,
          path: '/employer/jobs/:id',
          message: 'x is undefined for <email> at https://site.rw/employer/jobs/:id (order <number>)',
          trace: 'trace-1',
        }),
      ]);
  });

  it('are limited per client address, and so are load tickets', async () => {
    const from = { 'x-forwarded-for': '203.0.113.9' };
    let refused = 0;
    for (let i = 0; i < 35; i++) {
      const answer = await api.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        remoteAddress: '203.0.113.9',
        headers: { 'content-type': 'application/json', ...from },
        payload: '{"loads":[]}',
      });
      if (answer.statusCode === 429) refused++;
    }
    expect(refused).toBe(5);
    // Past its share of tickets an address still gets its pages, without tickets: its reports do not count.
    const browser = new TestBrowser(api.app.inject.bind(api.app), { ip: '198.51.100.7' });
    let withTickets = 0;
    for (let i = 0; i < TICKETS_PER_MINUTE + 5; i++) {
      const answer = await browser.load();
      expect(answer.statusCode).toBe(200);
      if (browser.tickets) withTickets++;
    }
    expect(withTickets).toBe(TICKETS_PER_MINUTE);
  });
});

/** The figures the Releases page shows of an area's rollout. */
const rolloutOf = async (area: string) =>
  ((await request(api, 'GET', '/api/releases', { token: admin.token })).body as AreaReleases[]).find(
    (item) => item.area === area,
  )!;

/** Browsers on each version, drawn until `onNew` of them are in the rollout's share and `onActive` outside it. */
async function browsersOf(area: RemoteArea, percent: number, onNew: number, onActive: number) {
  const inject = api.app.inject.bind(api.app);
  // The admin area's pages are the console's.
  const where = area === 'admin' ? { host: 'admin.localhost' } : {};
  const browsers = { onNew: [] as TestBrowser[], onActive: [] as TestBrowser[] };
  for (let i = 0; i < onNew; i++)
    browsers.onNew.push(await TestBrowser.drawn(inject, (bucket) => bucket <= percent, where));
  for (let i = 0; i < onActive; i++)
    browsers.onActive.push(await TestBrowser.drawn(inject, (bucket) => bucket > percent, where));
  expect(new Set(browsers.onNew.map((browser) => browser.entry(area))).size).toBe(1);
  return browsers;
}

const waitForEnd = async (area: string) => {
  await expect.poll(async () => (await areaOf(area)).rollout, { timeout: 10_000 }).toBeNull();
};

const auditOf = async () =>
  (await request(api, 'GET', '/api/releases/audit', { token: admin.token })).body as {
    action: string;
    actor: string;
    area: string;
    from: string;
    to: string;
    reason: string;
  }[];

describe('a rollout judged on real page loads', () => {
  it('is stopped on its own when it breaks; forged reports of clean loads do not shield it', async () => {
    const { token, v1, v2 } = await released('trainee', 'trainee-ci');
    await request(api, 'POST', '/api/releases/trainee/rollout', {
      token,
      json: { version: v2.manifest.version, percent: 10 },
    });
    const { onNew, onActive } = await browsersOf('trainee', 10, 5, 6);
    // Someone posts clean loads: without tickets, with the active version's ticket replayed, from many addresses.
    const shield = onActive[0]!;
    await shield.loaded('trainee');
    for (let i = 0; i < 20; i++) {
      await shield.loaded('trainee');
      await api.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        remoteAddress: `192.0.2.${i + 1}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ loads: [{ entry: shield.entry('trainee'), ticket: shield.ticket('trainee') }] }),
      });
    }
    // Four of the new version's browsers fail: under the five the rule needs, it runs on, collecting.
    for (const browser of onNew.slice(0, 4)) expect((await browser.loaded('trainee', true)).body.errors).toBe(1);
    for (const browser of onActive.slice(1)) await browser.loaded('trainee');
    // The reports are counted as they are judged, after their answers: the rollout says so once they are.
    await expect
      .poll(async () => (await rolloutOf('trainee')).rollout, { timeout: 10_000 })
      .toMatchObject({ browsers: 4, activeBrowsers: 6, judgement: 'collecting', neededBrowsers: 5 });
    await onNew[4]!.loaded('trainee', true);
    await waitForEnd('trainee');
    expect(await areaOf('trainee')).toMatchObject({ active: v1.manifest.version, rollout: null });
    expect(
      (await request(api, 'GET', '/remotes.json', { headers: { cookie: 'btlsBucket=1' } })).body.mfe_trainee.entry,
    ).toBe(entryOf(v1));
    const [stop] = await auditOf();
    expect(stop).toMatchObject({
      action: 'automatic-rollback',
      actor: 'automatic',
      from: v2.manifest.version,
      to: v1.manifest.version,
    });
    expect(stop!.reason).toMatch(
      /^browsers with an error: 5 of 5 on the new version \(100\.0%\) against 0 of 6 on the active version \(0\.0%\); evidence [\d,]+ against the 600 a stop needs \(a good release is stopped in at most 0\.5% of rollouts\)$/,
    );
    // The Releases page says what the rule found.
    expect((await rolloutOf('trainee')).stopped).toMatchObject({ version: v2.manifest.version, reason: stop!.reason });
    const metrics = await metricsOf(api);
    expect(metrics).toContain(`client_errors_total{area="trainee",version="${v2.manifest.version}",phase="expose"} 5`);
    expect(metrics).toContain('release_automatic_rollbacks_total{area="trainee"} 1');
  });

  it('keeps running when forged error reports are all it gets, and says no regression so far', async () => {
    const { token, v2 } = await released('admin', 'admin-ci');
    await request(api, 'POST', '/api/releases/admin/rollout', {
      token,
      json: { version: v2.manifest.version, percent: 10 },
    });
    const { onNew, onActive } = await browsersOf('admin', 10, 6, 8);
    for (const browser of [...onNew, ...onActive]) await browser.loaded('admin');
    const victim = onNew[0]!;
    const failing = (ticket: string | undefined) => ({
      loads: [{ entry: victim.entry('admin'), ticket }],
      errors: [
        { area: 'admin', entry: victim.entry('admin'), ticket, phase: 'entry', path: '/', message: 'x', trace: 't' },
      ],
    });
    // Three anonymous reports of "10 errors" each, a replayed ticket, an active version's ticket for the new entry,
    // from many addresses.
    for (let i = 0; i < 30; i++)
      await api.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        remoteAddress: `192.0.2.${100 + i}`,
        headers: { 'content-type': 'application/json', cookie: victim.cookie },
        payload: JSON.stringify(
          failing(i % 3 === 0 ? undefined : i % 3 === 1 ? victim.ticket('admin') : onActive[0]!.ticket('admin')),
        ),
      });
    await new Promise((done) => setTimeout(done, 500));
    expect((await rolloutOf('admin')).rollout).toMatchObject({ judgement: 'clear', browsers: 6, activeBrowsers: 8 });
    await request(api, 'DELETE', '/api/releases/admin/rollout', { token });
  });

  it("is stopped when the new version's taps are slow on real phones (poor INP), and shows each version's speed", async () => {
    const { token, v1, v2 } = await released('employer', 'employer-speed');
    await request(api, 'POST', '/api/releases/employer/rollout', {
      token,
      json: { version: v2.manifest.version, percent: 10 },
    });
    const { onNew, onActive } = await browsersOf('employer', 10, 5, 6);
    const speed = (browser: TestBrowser, inp: number, lcp: number) =>
      browser.report({
        speed: [{ entry: browser.entry('employer'), ticket: browser.ticket('employer'), lcp, inp, cls: 0.01 }],
      });
    for (const [i, browser] of onActive.entries())
      expect((await speed(browser, 120 + i * 10, 1500)).body.speed).toBe(1);
    for (const browser of onNew.slice(0, 2)) await speed(browser, 900, 1800);
    await expect
      .poll(async () => (await rolloutOf('employer')).speed, { timeout: 10_000 })
      .toEqual([
        { version: v1.manifest.version, lcp: 1500, lcpBrowsers: 6, inp: 158, inpBrowsers: 6 },
        { version: v2.manifest.version, lcp: 1800, lcpBrowsers: 2, inp: 900, inpBrowsers: 2 },
      ]);
    for (const browser of onNew.slice(2)) await speed(browser, 900, 1800);
    await waitForEnd('employer');
    const [stop] = await auditOf();
    expect(stop).toMatchObject({ action: 'automatic-rollback', from: v2.manifest.version });
    expect(stop!.reason).toMatch(
      /^browsers with a poor INP \(a tap answered after more than 500 ms\): 5 of 5 on the new version/,
    );
    expect(await metricsOf(api)).toMatch(
      new RegExp(
        `web_vitals_inp_seconds_bucket\\{le="1",area="employer",version="${v2.manifest.version.replace(/[.+]/g, '\\$&')}"\\} 5`,
      ),
    );
  });
});

describe('a staged rollout', () => {
  it('grows 5 → 25 → 50 → 100 on its own as each stage has its time and browsers, each step in the log', async () => {
    const { token, v1, v2 } = await released('public', 'public-stages');
    const started = await request(api, 'POST', '/api/releases/public/rollout', {
      token,
      json: { version: v2.manifest.version, stages: [5, 25, 50, 100], every: 60, stageBrowsers: 2 },
    });
    expect(started).toMatchObject({ status: 200, body: { percent: 5 } });
    let shares = [5];
    for (const [percent, next] of [
      [5, 25],
      [25, 50],
      [50, 100],
    ] as const) {
      // (The stage began by the real clock: the test's runs from there.)
      clock.skew = 0;
      const { onNew, onActive } = await browsersOf('public', percent, 5, 5);
      for (const browser of [...onNew, ...onActive]) await browser.loaded('public');
      // The stage's browsers are in, with no regression; its time is not up yet.
      await expect
        .poll(async () => (await rolloutOf('public')).rollout, { timeout: 10_000 })
        .toMatchObject({ percent, judgement: 'clear' });
      clock.skew = 61_000;
      if (next < 100)
        await expect.poll(async () => (await rolloutOf('public')).rollout?.percent, { timeout: 10_000 }).toBe(next);
      shares = [...shares, next];
    }
    await waitForEnd('public');
    expect(await areaOf('public')).toMatchObject({ active: v2.manifest.version });
    const steps = (await auditOf()).filter((entry) => entry.area === 'public').slice(0, 4);
    expect(steps.map((entry) => [entry.action, entry.actor])).toEqual([
      ['promote', 'automatic'],
      ['stage', 'automatic'],
      ['stage', 'automatic'],
      ['rollout', expect.stringMatching(/public/)],
    ]);
    expect(steps[2]!.reason).toMatch(/^25% of browsers: \d+ browsers on .+ in \d+ s at 5%, no regression found$/);
    expect(steps[1]!.reason).toMatch(/^50% of browsers: /);
    expect(steps[0]!.reason).toMatch(/^last stage, 100% of browsers: /);
    expect(steps[3]!.reason).toBe(
      '5% of browsers; then 25%, 50%, 100%, each after 60 s and 2 browsers on the new version with no regression found',
    );
    expect(steps[0]).toMatchObject({ from: v1.manifest.version, to: v2.manifest.version });
    expect(shares).toEqual([5, 25, 50, 100]);
  });

  it('stops at a regression instead of growing', async () => {
    const token = await releaseToken(api, admin.token, 'public');
    const v3 = makeRelease('public', 'public three');
    await upload(api, v3, token);
    await request(api, 'POST', '/api/releases/public/rollout', {
      token,
      json: { version: v3.manifest.version, stages: [5, 25], every: 60, stageBrowsers: 1 },
    });
    clock.skew = 0;
    const { onNew, onActive } = await browsersOf('public', 5, 5, 5);
    for (const browser of onActive) await browser.loaded('public');
    for (const browser of onNew) await browser.loaded('public', true);
    clock.skew += 61_000;
    await waitForEnd('public');
    const [stop] = await auditOf();
    expect(stop).toMatchObject({ action: 'automatic-rollback', from: v3.manifest.version });
    expect((await auditOf()).filter((entry) => entry.to === v3.manifest.version && entry.action === 'stage')).toEqual(
      [],
    );
  });

  it('is refused with stages that do not rise, or with both a share and stages', async () => {
    const token = await releaseToken(api, admin.token, 'public');
    const v4 = makeRelease('public', 'public four');
    await upload(api, v4, token);
    for (const json of [
      { version: v4.manifest.version, stages: [25, 5] },
      { version: v4.manifest.version, stages: [100] },
      { version: v4.manifest.version, percent: 5, stages: [5, 25] },
      { version: v4.manifest.version },
    ])
      expect(await request(api, 'POST', '/api/releases/public/rollout', { token, json })).toMatchObject({
        status: 400,
      });
  });
});

describe.runIf(onPostgres)('two API instances on one PostgreSQL', () => {
  it("judge a rollout by both instances' browsers together, and it is stopped once, for both", async () => {
    // Both instances on one clock, as a site's are: a ticket issued on one is checked on the other.
    clock.skew = 0;
    const second = openPostgres(api.url!);
    const other = await buildApp({
      database: second,
      jwtSecret: JWT_SECRET,
      web: { root: webRoot() },
      rollback: { everyMs: 100, returnSeconds: 0 },
    });
    try {
      const token = await releaseToken(api, admin.token, 'trainer');
      const v3 = makeRelease('trainer', 'trainer three');
      const v4 = makeRelease('trainer', 'trainer four');
      await upload(api, v3, token);
      await activate(api, 'trainer', v3.manifest.version, token);
      await upload(api, v4, token);
      await request(api, 'POST', '/api/releases/trainer/rollout', {
        token,
        json: { version: v4.manifest.version, percent: 10 },
      });
      await new Promise((done) => setTimeout(done, 1100));
      // Each browser loads its page from one instance and reports to the other: a ticket is the site's, not an
      // instance's. Three failing browsers report to one, two to the other: five together.
      const inject = [api.app.inject.bind(api.app), other.inject.bind(other)];
      for (let i = 0; i < 11; i++) {
        const browser = await TestBrowser.drawn(inject[i % 2]!, (bucket) => (i < 5 ? bucket <= 10 : bucket > 10));
        const reporter = new TestBrowser(inject[(i + 1) % 2]!);
        for (const [name, value] of browser.cookies) reporter.cookies.set(name, value);
        reporter.tickets = browser.tickets;
        reporter.areas = browser.areas;
        await reporter.loaded('trainer', i < 5);
      }
      await waitForEnd('trainer');
      await new Promise((done) => setTimeout(done, 1100));
      const json = (
        await other.inject({ method: 'GET', url: '/remotes.json', headers: { cookie: 'btlsBucket=1' } })
      ).json();
      expect(json.mfe_trainer.entry).toBe(entryOf(v3));
      const log = await auditOf();
      expect(log.filter((entry) => entry.area === 'trainer' && entry.action === 'automatic-rollback')).toHaveLength(1);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
