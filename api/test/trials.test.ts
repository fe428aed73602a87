/**
 * A candidate release is tried on an origin of its own, through a link signed for its team and written down with
 * its maker. Nothing of the site's session is there; a session signed in there, and any request to it, may do no
 * admin, release or token operation. A link works only while its maker could still make it and its version is
 * still newer than the active one, only when the browser says it was typed or followed from the trial origin
 * itself, and making and opening it are in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, PASSWORD, request, startApi, type Account, type TestApi } from './helpers';
import { activate, entriesOf, makeRelease, releaseToken, upload, webRoot } from './release-helpers';

let api: TestApi;
let admin: Account;
beforeAll(async () => {
  api = await startApi({ web: { root: webRoot() } });
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

const TRIAL_HOST = 'trial.localhost';

/**
 * A page or remotes.json, asked of the site (`trial`: of the trial origin) as a browser would: one that has been
 * here before (it has its id: the only cookie an answer sets is the trial's).
 */
function get(url: string, headers: Record<string, string> = {}, trial = true) {
  const cookie = [headers.cookie, 'btlsBrowser=QnJvd3Nlci1vZi10'].filter(Boolean).join('; ');
  return api.app.inject({
    method: 'GET',
    url,
    headers: { ...(trial ? { host: TRIAL_HOST } : {}), ...headers, cookie },
  });
}
const entryOf = async (cookie?: string, trial = true) =>
  entriesOf((await get('/remotes.json', cookie ? { cookie } : {}, trial)).json()).mfe_trainer;
const cookieOf = (answer: { headers: Record<string, unknown> }) =>
  String(answer.headers['set-cookie'] ?? '').split(';')[0]!;

/** A candidate of the trainer area uploaded with `token`, and a trial link for it made with `maker`. */
async function candidateLink(token: string, maker = token, text = `candidate ${Math.random()}`) {
  const candidate = makeRelease('trainer', text);
  expect((await upload(api, candidate, token)).status).toBe(201);
  const asked = await request(api, 'POST', '/api/releases/trainer/trial', {
    token: maker,
    json: { version: candidate.manifest.version },
  });
  expect(asked.status).toBe(200);
  return { version: candidate.manifest.version, link: new URL(asked.body.link as string), asked };
}

/** The browser opens the link (typed into its address bar). */
const open = (link: URL, headers: Record<string, string> = { 'sec-fetch-site': 'none' }) =>
  get(`${link.pathname}${link.search}`, headers);

const auditOf = async (query = '') =>
  (await request(api, 'GET', `/api/releases/audit${query}`, { token: admin.token })).body as {
    action: string;
    actor: string;
    to: string | null;
    reason: string | null;
  }[];

describe('a trial link', () => {
  it('opens on the trial origin, in one browser only, and is in the audit log when made and when opened', async () => {
    const token = await releaseToken(api, admin.token, 'trainer');
    const first = makeRelease('trainer', 'active');
    await upload(api, first, token);
    expect((await activate(api, 'trainer', first.manifest.version, token)).status).toBe(200);
    const active = await entryOf();
    const { version, link, asked } = await candidateLink(token);
    expect(asked.body.code).toBe('notice.releaseTrialLink');
    expect(link.origin).toBe(`http://${TRIAL_HOST}`);
    expect(Date.parse(asked.body.expiresAt) - Date.now()).toBeGreaterThan(110 * 60_000);
    const ticket = link.searchParams.get('release')!;
    expect(ticket).toMatch(new RegExp(`^trainer@${version.replace(/[.+]/g, '\\$&')}~\\d+~[\\w-]{12}~[\\w-]{43}$`));

    // A plain link naming the candidate (anybody could write one) tries nothing.
    expect((await get(`/trainer/dashboard?release=trainer@${version}`)).headers['set-cookie']).toBeUndefined();
    const page = await open(link);
    const setCookie = String(page.headers['set-cookie']);
    expect(setCookie).toMatch(/^btlsReleases=trainer%40[^;]+; Path=\/; Max-Age=(\d+); SameSite=Strict/);
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)![1])).toBeLessThanOrEqual(2 * 3600);
    const cookie = cookieOf(page);
    // The page comes with the candidate in its map of areas: for this browser only.
    expect(page.body).toContain(`"entry":"/remotes/trainer/${version}/remoteEntry.js"`);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const tried = await get('/remotes.json', { cookie });
    expect(entriesOf(tried.json()).mfe_trainer).toBe(`/remotes/trainer/${version}/remoteEntry.js`);
    expect(tried.headers['cache-control']).toBe('private, no-cache');
    // Another browser (no cookie) has the active release.
    expect(await entryOf()).toBe(active);

    // A ticket changed in any way (another version, a later expiry, another link) is not tried.
    const [claim, expires, id, signature] = decodeURIComponent(cookie.split('=')[1]!).split('~') as string[];
    for (const forged of [
      `trainer@1.0.0+nope~${expires}~${id}~${signature}`,
      `${claim}~${Number(expires) + 3600}~${id}~${signature}`,
      `${claim}~${expires}~AAAAAAAAAAAA~${signature}`,
      `trainer@${version}`,
    ])
      expect(await entryOf(`btlsReleases=${encodeURIComponent(forged)}`), forged).toBe(active);
    const ended = await get('/?release=none', { cookie });
    expect(String(ended.headers['set-cookie'])).toMatch(/^btlsReleases=; Path=\/; Max-Age=0/);

    const log = await auditOf('?area=trainer');
    const made = log.find((entry) => entry.action === 'trial-link' && entry.to === version);
    expect(made).toMatchObject({ actor: expect.stringContaining('(trainer)') });
    expect(made!.reason).toContain(`link ${id}`);
    expect(log.find((entry) => entry.action === 'trial-open' && entry.to === version)).toMatchObject({
      reason: `link ${id}, opening 1`,
    });
  });

  it('tries nothing on the site itself, and a trial cookie left there is cleared', async () => {
    const token = await releaseToken(api, admin.token, 'trainer');
    const { link } = await candidateLink(token);
    const onSite = await get(`/${link.search}`, { 'sec-fetch-site': 'none' }, false);
    expect(onSite.headers['set-cookie']).toBeUndefined();
    const cookie = cookieOf(await open(link));
    const active = await entryOf(undefined, false);
    expect(await entryOf(cookie, false)).toBe(active);
    expect(String((await get('/', { cookie }, false)).headers['set-cookie'])).toMatch(
      /^btlsReleases=; Path=\/; Max-Age=0/,
    );
  });

  it('starts nothing from another site, nor from a browser that does not say where the link came from', async () => {
    const token = await releaseToken(api, admin.token, 'trainer');
    const { link } = await candidateLink(token);
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}] as Record<
      string,
      string
    >[])
      expect((await open(link, headers)).headers['set-cookie'], JSON.stringify(headers)).toBeUndefined();
    expect((await open(link, { 'sec-fetch-site': 'same-origin' })).headers['set-cookie']).toBeDefined();
  });

  it('stops working when its token is revoked, when its maker is no longer an admin, and when its version is no longer newer', async () => {
    // Revoked: the token's own link tries nothing any more, in the browser that has it too.
    const label = `revoked-${Date.now()}`;
    const made = await request(api, 'POST', '/api/release-tokens', {
      token: admin.token,
      json: { area: 'trainer', label },
    });
    const revoked = await candidateLink(made.body.token);
    const cookie = cookieOf(await open(revoked.link));
    expect(await entryOf(cookie)).toContain(revoked.version);
    expect((await request(api, 'DELETE', `/api/release-tokens/${made.body.id}`, { token: admin.token })).status).toBe(
      200,
    );
    expect(await entryOf(cookie)).not.toContain(revoked.version);
    expect((await open(revoked.link)).headers['set-cookie']).toBeUndefined();

    // Demoted: an admin's link, and the links of tokens that admin made.
    const other = await account(api, 'admin');
    const othersToken = await releaseToken(api, other.token, 'trainer');
    const byAdmin = await candidateLink(othersToken, other.token);
    const byToken = await candidateLink(othersToken);
    const cookies = [cookieOf(await open(byAdmin.link)), cookieOf(await open(byToken.link))];
    expect(await entryOf(cookies[0])).toContain(byAdmin.version);
    expect(
      (
        await request(api, 'PUT', `/api/users/${other.id}`, {
          token: admin.token,
          json: { firstName: 'Was', lastName: 'Admin', role: 'trainer' },
        })
      ).status,
    ).toBe(200);
    expect(await entryOf(cookies[0])).not.toContain(byAdmin.version);
    expect(await entryOf(cookies[1])).not.toContain(byToken.version);

    // Older than the active release: once a release uploaded after it is active, its link tries nothing.
    const token = await releaseToken(api, admin.token, 'trainer');
    const older = await candidateLink(token);
    const olderCookie = cookieOf(await open(older.link));
    const newer = makeRelease('trainer', `newer ${Date.now()}`);
    await upload(api, newer, token);
    expect((await activate(api, 'trainer', newer.manifest.version, token)).status).toBe(200);
    await new Promise((done) => setTimeout(done, 1100));
    expect(await entryOf(olderCookie)).toBe(`/remotes/trainer/${newer.manifest.version}/remoteEntry.js`);
    expect((await open(older.link)).headers['set-cookie']).toBeUndefined();
    // The active one, or an older one, cannot get a link at all.
    const again = await request(api, 'POST', '/api/releases/trainer/trial', {
      token,
      json: { version: newer.manifest.version },
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'release.trialNotNewer' } });
  });

  it("is made for the area's team or an admin only", async () => {
    const token = await releaseToken(api, admin.token, 'trainer');
    const candidate = makeRelease('trainer', `for the team ${Date.now()}`);
    await upload(api, candidate, token);
    const json = { version: candidate.manifest.version };
    const employerToken = await releaseToken(api, admin.token, 'employer');
    expect((await request(api, 'POST', '/api/releases/trainer/trial', { token: employerToken, json })).status).toBe(
      403,
    );
    expect((await request(api, 'POST', '/api/releases/trainer/trial', { json })).status).toBe(401);
    expect((await request(api, 'POST', '/api/releases/trainer/trial', { token: admin.token, json })).status).toBe(200);
  });
});

describe('the trial origin', () => {
  it('signs no admin in, and no admin session does anything there, nor a trial session on the site', async () => {
    const onTrial = { host: TRIAL_HOST };
    // An admin does not sign in on the trial origin (the password has no business there).
    const refused = await request(api, 'POST', '/api/auth/login', {
      json: { email: admin.email, password: PASSWORD },
      headers: onTrial,
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'release.notInTrial' } });
    expect(refused.body.token).toBeUndefined();

    // A trainer signs in there: a trial session, which does what a trainer does.
    const trainer = await account(api, 'trainer');
    const login = await request(api, 'POST', '/api/auth/login', {
      json: { email: trainer.email, password: PASSWORD },
      headers: onTrial,
    });
    expect(login.status).toBe(200);
    const trialToken = login.body.token as string;
    expect(
      (await request(api, 'GET', '/api/users/me/preferences', { token: trialToken, headers: onTrial })).status,
    ).toBe(200);
    // Made an admin meanwhile, the trial session does nothing at all, there or on the site: not an admin's
    // operation, not a release's, not what any user may do (an admin may do more with it). (An admin's session is
    // the console's alone: one made anywhere else no longer counts at all.)
    expect(
      (
        await request(api, 'PUT', `/api/users/${trainer.id}`, {
          token: admin.token,
          json: { firstName: 'Now', lastName: 'Admin', role: 'admin' },
        })
      ).status,
    ).toBe(200);
    for (const headers of [onTrial, {}]) {
      for (const [method, url, json] of [
        ['POST', '/api/release-tokens', { area: 'admin' }],
        ['GET', '/api/release-tokens', undefined],
        ['GET', '/api/users', undefined],
        ['GET', '/api/releases', undefined],
        ['GET', '/api/releases/audit', undefined],
        ['GET', '/api/users/me/preferences', undefined],
      ] as const) {
        const answer = await request(api, method, url, { token: trialToken, headers, json });
        // (The release routes refuse the trial origin before they look at the session.)
        expect(
          [
            [401, 'session.expired'],
            [403, 'release.notInTrial'],
          ],
          `${method} ${url} ${JSON.stringify(headers)}`,
        ).toContainEqual([answer.status, answer.body.code]);
      }
      // Where a route only looks at who calls, that admin is a visitor: no staff account is made.
      const made = await request(api, 'POST', '/api/auth/register', {
        token: trialToken,
        headers,
        json: {
          firstName: 'Made',
          lastName: 'InTrial',
          password: PASSWORD,
          role: 'admin',
          email: `m${Math.random()}@example.rw`,
        },
      });
      expect(made).toMatchObject({ status: 403, body: { code: 'session.onlyAdminCreatesStaff' } });
    }
    // The console's admin session, sent to the trial origin (as a candidate could, had it one): refused too.
    const sent = await request(api, 'POST', '/api/release-tokens', {
      token: admin.token,
      json: { area: 'admin' },
      headers: onTrial,
    });
    expect(sent).toMatchObject({ status: 401, body: { code: 'session.expired' } });
    // And a release token: the release routes answer no request of the trial origin.
    const token = await releaseToken(api, admin.token, 'trainer');
    expect((await request(api, 'GET', '/api/releases', { token, headers: onTrial })).status).toBe(403);
    // On the console, the admin's own session does the admin's work.
    expect(
      (await request(api, 'POST', '/api/release-tokens', { token: admin.token, json: { area: 'admin' } })).status,
    ).toBe(201);
  });

  it('is a trial whatever else names the host: a forwarded host of the site takes no request out of it', async () => {
    const proxied = await startApi({ web: { root: webRoot() }, trustProxy: 1 });
    try {
      const boss = await account(proxied, 'admin');
      for (const headers of [
        { host: TRIAL_HOST, 'x-forwarded-host': 'localhost' },
        { host: 'localhost', 'x-forwarded-host': TRIAL_HOST },
        { host: 'localhost', 'x-forwarded-host': `localhost, ${TRIAL_HOST}:8080` },
      ]) {
        const login = await request(proxied, 'POST', '/api/auth/login', {
          json: { email: boss.email, password: PASSWORD },
          headers,
        });
        expect(login, JSON.stringify(headers)).toMatchObject({ status: 403, body: { code: 'release.notInTrial' } });
        const made = await request(proxied, 'POST', '/api/release-tokens', {
          token: boss.token,
          json: { area: 'admin' },
          headers,
        });
        // (Refused: a trial's, and not the console's.)
        expect([401, 403], JSON.stringify(headers)).toContain(made.status);
      }
    } finally {
      await proxied.close();
    }
  });

  it('is off without TRIAL_URL on a site with a PUBLIC_URL: no link is made, and it says why', async () => {
    const noTrials = await startApi({ web: { root: webRoot() }, trialUrl: null });
    try {
      const boss = await account(noTrials, 'admin');
      const token = await releaseToken(noTrials, boss.token, 'trainer');
      const candidate = makeRelease('trainer', 'no trials here');
      await upload(noTrials, candidate, token);
      const asked = await request(noTrials, 'POST', '/api/releases/trainer/trial', {
        token,
        json: { version: candidate.manifest.version },
      });
      expect(asked).toMatchObject({ status: 409, body: { code: 'release.trialsOff' } });
    } finally {
      await noTrials.close();
    }
  });
});

describe('the audit log', () => {
  it("is paged and kept per area: one token's many entries push no other area's out of view", async () => {
    const publicToken = await releaseToken(api, admin.token, 'public');
    const upload1 = makeRelease('public', `audited ${Date.now()}`);
    expect((await upload(api, upload1, publicToken)).status).toBe(201);
    // Another team's token writes two hundred and ten entries of its own (trial links).
    const token = await releaseToken(api, admin.token, 'employer');
    const candidate = makeRelease('employer', `flood ${Date.now()}`);
    await upload(api, candidate, token);
    for (let i = 0; i < 210; i++)
      expect(
        (
          await request(api, 'POST', '/api/releases/employer/trial', {
            token,
            json: { version: candidate.manifest.version },
          })
        ).status,
      ).toBe(200);

    const publicOnly = await request(api, 'GET', '/api/releases/audit?area=public', { token: admin.token });
    expect(publicOnly.body.map((entry: { area: string }) => entry.area)).toEqual(expect.arrayContaining(['public']));
    expect(new Set(publicOnly.body.map((entry: { area: string }) => entry.area))).toEqual(new Set(['public']));
    expect(publicOnly.body).toContainEqual(expect.objectContaining({ action: 'upload', to: upload1.manifest.version }));

    const first = await request(api, 'GET', '/api/releases/audit?limit=100', { token: admin.token });
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThan(211);
    expect(first.body).toHaveLength(100);
    expect(String(first.headers.link)).toContain('rel="next"');
    const last = await request(api, 'GET', `/api/releases/audit?limit=100&offset=${total - 10}`, {
      token: admin.token,
    });
    expect(last.body).toHaveLength(10);
    // The upload, written before the flood, is still there to page to.
    const all = [];
    for (let offset = 0; offset < total; offset += 100)
      all.push(
        ...(await request(api, 'GET', `/api/releases/audit?limit=100&offset=${offset}`, { token: admin.token })).body,
      );
    expect(all).toContainEqual(expect.objectContaining({ action: 'upload', to: upload1.manifest.version }));
  });
});
