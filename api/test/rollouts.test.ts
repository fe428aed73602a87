/**
 * Releasing safely: a new version to a sticky share of browsers, what browsers report counted per version, a
 * rollout stopped on its own when its errors pass the active version's, and every step in the audit log.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { account, JWT_SECRET, metricsOf, onPostgres, request, startApi, type Account, type TestApi } from './helpers';
import { activate, makeRelease, releaseToken, upload, webRoot, type TestRelease } from './release-helpers';

let api: TestApi;
let admin: Account;
beforeAll(async () => {
  const root = webRoot();
  // A worker the server can list the browser's versions in front of.
  writeFileSync(join(root, 'shell', 'dist', 'sw-code.js'), '/* the worker */\n');
  api = await startApi({
    web: { root },
    rollback: { minLoads: 5, margin: 0.1, everyMs: 100 },
    limits: { clientReportsPerIpPerMinute: 30 },
  });
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

const entryOf = (release: TestRelease) =>
  `/remotes/${release.manifest.area}/${release.manifest.version}/remoteEntry.js`;

/** The bucket cookie a response set (`btlsBucket=37`), if any. */
const bucketCookie = (headers: Record<string, unknown>) =>
  [headers['set-cookie']]
    .flat()
    .find((cookie) => String(cookie).startsWith('btlsBucket='))
    ?.toString()
    .split(';')[0];

async function released(area: 'trainer' | 'trainee' | 'employer' | 'admin', label: string) {
  const token = await releaseToken(api, admin.token, area);
  await request(api, 'POST', '/api/release-tokens', { token: admin.token, json: { area, label } });
  const v1 = makeRelease(area, `${label} one`);
  const v2 = makeRelease(area, `${label} two`);
  expect((await upload(api, v1, token)).status).toBe(201);
  expect((await activate(api, area, v1.manifest.version, token, null)).status).toBe(200);
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
      const cookie = bucketCookie(first.headers)!;
      expect(cookie).toMatch(/^btlsBucket=\d{1,3}$/);
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
    // Nothing is rolling: no bucket is drawn, and the map is for any cache that keys on the cookie.
    const plain = await request(api, 'GET', '/remotes.json');
    expect(bucketCookie(plain.headers)).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');

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
  it('are counted per area version in the metrics; unknown releases are dropped, bad or large bodies refused', async () => {
    const { v1 } = await released('employer', 'employer-ci');
    const report = (body: unknown) => request(api, 'POST', '/api/client-errors', { json: body });
    expect(
      await report({
        loads: [{ entry: entryOf(v1) }, { entry: '/remotes/employer/9.9.9/remoteEntry.js' }],
        errors: [
          {
            area: 'employer',
            entry: entryOf(v1),
            phase: 'render',
            path: '/employer/jobs/12',
            message: 'x is undefined for jane@example.rw at https://site.rw/employer/jobs/12?tab=1 (order 123456)',
            trace: 'trace-1',
          },
          { area: 'employer', phase: 'remotes', path: '/employer', message: 'Failed to fetch', trace: 'trace-2' },
        ],
      }),
    ).toMatchObject({ status: 202, body: { loads: 1, errors: 2 } });
    const metrics = await metricsOf(api);
    expect(metrics).toContain(`area_loads_total{area="employer",version="${v1.manifest.version}"} 1`);
    expect(metrics).toContain(`client_errors_total{area="employer",version="${v1.manifest.version}",phase="render"} 1`);
    expect(metrics).toContain('client_errors_total{area="employer",version="unknown",phase="remotes"} 1');
    expect(metrics).not.toContain('9.9.9');

    expect((await report({ loads: [{ entry: 'x' }], extra: 1 })).status).toBe(400);
    expect(
      (await report({ errors: [{ area: 'employer', phase: 'boom', path: '/', message: '', trace: 't' }] })).status,
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
    await new Promise((done) => setTimeout(done, 300));
    const samples = await api.db.select().from(clientErrorSamples);
    expect(samples).toEqual([
      expect.objectContaining({
        area: 'employer',
        version: v1.manifest.version,
        path: '/employer/jobs/:id',
        message: 'x is undefined for <email> at https://site.rw/employer/jobs/:id (order <number>)',
        trace: 'trace-1',
      }),
    ]);
  });

  it('are limited per client address', async () => {
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
  });
});

describe('a rollout whose errors pass the active version', () => {
  it('is stopped on its own, every browser gets the earlier version, and the log says why with the figures', async () => {
    const { token, v1, v2 } = await released('trainee', 'trainee-ci');
    await request(api, 'POST', '/api/releases/trainee/rollout', {
      token,
      json: { version: v2.manifest.version, percent: 50 },
    });
    const report = (entry: string, failed: boolean) =>
      request(api, 'POST', '/api/client-errors', {
        json: {
          loads: [{ entry }],
          errors: failed
            ? [{ area: 'trainee', entry, phase: 'expose', path: '/dashboard', message: 'Boom', trace: 't' }]
            : [],
        },
      });
    // Four failing loads: under the rule's five, it runs on.
    for (let i = 0; i < 4; i++) await report(entryOf(v2), true);
    for (let i = 0; i < 6; i++) await report(entryOf(v1), false);
    await new Promise((done) => setTimeout(done, 500));
    expect((await areaOf('trainee')).rollout).toMatchObject({ loads: 4, errorRate: 1 });
    await report(entryOf(v2), true);
    let area = await areaOf('trainee');
    for (let waited = 0; area.rollout && waited < 50; waited++) {
      await new Promise((done) => setTimeout(done, 100));
      area = await areaOf('trainee');
    }
    expect(area).toMatchObject({ active: v1.manifest.version, rollout: null });
    const browser = await request(api, 'GET', '/remotes.json', { headers: { cookie: 'btlsBucket=1' } });
    expect(browser.body.mfe_trainee.entry).toBe(entryOf(v1));
    const log = (await request(api, 'GET', '/api/releases/audit', { token: admin.token })).body as {
      action: string;
      actor: string;
      from: string;
      to: string;
      reason: string;
    }[];
    expect(log[0]).toMatchObject({
      action: 'automatic-rollback',
      actor: 'automatic',
      from: v2.manifest.version,
      to: v1.manifest.version,
    });
    expect(log[0]!.reason).toBe(
      'error rate 100.0% (5 errors in 5 page loads) against 0.0% for the active version (0 in 6); the rule allows 10.0% more after 5 page loads',
    );
    const metrics = await metricsOf(api);
    expect(metrics).toContain(`client_errors_total{area="trainee",version="${v2.manifest.version}",phase="expose"} 5`);
    expect(metrics).toContain('release_automatic_rollbacks_total{area="trainee"} 1');
  });
});

describe.runIf(onPostgres)('two API instances on one PostgreSQL', () => {
  it("judge a rollout by both instances' reports together, and it is stopped once, for both", async () => {
    const second = openPostgres(api.url!);
    const other = await buildApp({
      database: second,
      jwtSecret: JWT_SECRET,
      web: { root: webRoot() },
      rollback: { minLoads: 5, margin: 0.1, everyMs: 100 },
    });
    try {
      const token = await releaseToken(api, admin.token, 'public');
      const v1 = makeRelease('public', 'public one');
      const v2 = makeRelease('public', 'public two');
      await upload(api, v1, token);
      await activate(api, 'public', v1.manifest.version, token);
      await upload(api, v2, token);
      await request(api, 'POST', '/api/releases/public/rollout', {
        token,
        json: { version: v2.manifest.version, percent: 50 },
      });
      await new Promise((done) => setTimeout(done, 1100));
      // Three failing loads reported to one instance, two to the other: five together.
      const failing = {
        loads: [{ entry: entryOf(v2) }],
        errors: [{ area: 'public', entry: entryOf(v2), phase: 'entry', path: '/', message: 'x', trace: 't' }],
      };
      for (let i = 0; i < 3; i++) await request(api, 'POST', '/api/client-errors', { json: failing });
      for (let i = 0; i < 2; i++) await other.inject({ method: 'POST', url: '/api/client-errors', payload: failing });
      let rolling = true;
      for (let waited = 0; rolling && waited < 50; waited++) {
        await new Promise((done) => setTimeout(done, 100));
        rolling = (await areaOf('public')).rollout !== null;
      }
      expect(rolling).toBe(false);
      await new Promise((done) => setTimeout(done, 1100));
      const json = (
        await other.inject({ method: 'GET', url: '/remotes.json', headers: { cookie: 'btlsBucket=1' } })
      ).json();
      expect(json.mfe_public.entry).toBe(entryOf(v1));
      const log = (await request(api, 'GET', '/api/releases/audit', { token: admin.token })).body as {
        action: string;
        area: string;
      }[];
      expect(log.filter((entry) => entry.area === 'public' && entry.action === 'automatic-rollback')).toHaveLength(1);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
