/**
 * Each area's team releases on its own — versioned, checked, reversible. Tokens scoped to one area;
 * immutable versions; activation checked (files, shared versions, contract) and compare-and-set; rollback;
 * prune; remotes.json made from the active releases on every instance; a tester's candidate in their browser.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { ACTIVE_TTL_MS } from '../src/releases/store';
import { account, JWT_SECRET, onPostgres, request, startApi, type Account, type TestApi } from './helpers';
import { activate, entriesOf, makeRelease, releaseToken, upload, webRoot } from './release-helpers';
import { and, eq, inArray } from 'drizzle-orm';
import { integrityOf } from '@btls/build-config/release';
import { releaseAreas, releases } from '../src/db/schema';
import { recordedContract } from '../src/releases/contract';
import { shapeHash } from '../src/releases/shapes';

/**
 * A CDN on this machine, the one origin besides public https ones this server lets a release live on
 * (BTLS_RELEASE_ORIGINS): it serves `cdnFiles` by path, and answers `cdnRedirects` with a redirect.
 */
const cdnFiles = new Map<string, Uint8Array>();
const cdnRedirects = new Map<string, string>();
const cdn = http.createServer((req, res) => {
  const path = req.url ?? '';
  const to = cdnRedirects.get(path);
  if (to) {
    res.writeHead(302, { location: to });
    return res.end();
  }
  const bytes = cdnFiles.get(path);
  res.statusCode = bytes ? 200 : 404;
  res.end(bytes ? Buffer.from(bytes) : 'not found');
});
let cdnOrigin: string;

let api: TestApi;
let admin: Account;
/**
 * How far the API's clock is ahead of the real one: a change written straight to the database is seen once its
 * cache of the active releases has expired, which the test brings about at once instead of waiting a second.
 */
let skew = 0;
const passCacheLifetime = () => {
  skew += ACTIVE_TTL_MS + 1;
};
/** The front end's folder of the test API (its shell's shared.json is changed as a new shell build would). */
let root: string;
beforeAll(async () => {
  await new Promise<void>((done) => cdn.listen(0, '127.0.0.1', done));
  cdnOrigin = `http://127.0.0.1:${(cdn.address() as { port: number }).port}`;
  root = webRoot();
  // A built script and stylesheet of the shell's own.
  writeFileSync(join(root, 'shell', 'dist', 'assets', 'index-Abc12345.js'), 'export const shell = 1;');
  writeFileSync(join(root, 'shell', 'dist', 'assets', 'index-Abc12345.css'), 'body { margin: 0 }');
  api = await startApi({ web: { root }, releaseOrigins: [cdnOrigin], clock: () => Date.now() + skew });
  admin = await account(api, 'admin');
});
afterAll(async () => {
  cdn.close();
  await api.close();
});

/** `/remotes.json` as the entry of each area (its pages are checked where they matter). */
const remotesJson = async (target: TestApi = api, cookie?: string) =>
  entriesOf((await request(target, 'GET', '/remotes.json', cookie ? { headers: { cookie } } : {})).body);
const releasesOf = async (area: string, token = admin.token) =>
  (
    (await request(api, 'GET', '/api/releases', { token })).body as {
      area: string;
      active: string | null;
      versions: { version: string }[];
    }[]
  ).find((item) => item.area === area)!;

describe('release tokens', () => {
  it('are made by admins, shown once, scoped to one area, and can be revoked', async () => {
    const created = await request(api, 'POST', '/api/release-tokens', {
      token: admin.token,
      json: { area: 'trainer' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { area: 'trainer', token: expect.stringMatching(/^btlsr_trainer_/) },
    });
    const token = created.body.token as string;
    const listed = await request(api, 'GET', '/api/release-tokens', { token: admin.token });
    expect(listed.body.find((row: { id: number }) => row.id === created.body.id)).toMatchObject({
      area: 'trainer',
      revokedAt: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(token);

    const trainerRelease = makeRelease('trainer', 'scoped');
    expect((await upload(api, trainerRelease, token)).status).toBe(201);
    // A trainer token cannot touch another area.
    const adminArea = await upload(api, makeRelease('admin', 'not mine'), token);
    expect(adminArea).toMatchObject({
      status: 403,
      body: { message: 'This release token releases the trainer area, not admin.' },
    });
    expect((await activate(api, 'admin', '1.0.0', token)).status).toBe(403);
    // No token, a user who is not an admin, a revoked token.
    expect((await request(api, 'GET', '/api/releases')).status).toBe(401);
    const trainer = await account(api, 'trainer');
    expect((await request(api, 'GET', '/api/releases', { token: trainer.token })).status).toBe(403);
    expect(
      (await request(api, 'POST', '/api/release-tokens', { token: trainer.token, json: { area: 'trainer' } })).status,
    ).toBe(403);
    expect(
      (await request(api, 'DELETE', `/api/release-tokens/${created.body.id}`, { token: admin.token })).status,
    ).toBe(200);
    expect(await upload(api, makeRelease('trainer', 'after revoke'), token)).toMatchObject({
      status: 401,
      body: { message: 'This release token is not valid: it is unknown or was revoked.' },
    });
  });
});

describe('a team', () => {
  it('keeps its token only while the admin who made it is an active admin', async () => {
    const maker = await account(api, 'admin');
    const token = await releaseToken(api, maker.token, 'employer');
    expect((await request(api, 'GET', '/api/releases', { token })).status).toBe(200);
    const deactivate = await request(api, 'PUT', `/api/users/${maker.id}/status`, {
      token: admin.token,
      json: { isActive: false },
    });
    expect(deactivate.status).toBe(200);
    expect((await request(api, 'GET', '/api/releases', { token })).status).toBe(401);
    await request(api, 'PUT', `/api/users/${maker.id}/status`, { token: admin.token, json: { isActive: true } });
    expect((await request(api, 'GET', '/api/releases', { token })).status).toBe(200);
  });

  it('uploads no more bytes than its manifest declares, counted as they arrive', async () => {
    const token = await releaseToken(api, admin.token, 'employer');
    const release = makeRelease('employer', 'honest sizes');
    // The manifest says 61 bytes; the part brings 2 MB.
    const big = new Uint8Array(2 * 1024 * 1024).fill(65);
    const liar = {
      manifest: {
        ...release.manifest,
        files: {
          ...release.manifest.files,
          'assets/big.js': { integrity: release.manifest.files['remoteEntry.js']!.integrity, size: 61 },
        },
      },
      files: new Map([...release.files, ['assets/big.js', big]]),
    };
    const answer = await upload(api, liar, token);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'release.fileSizeMismatch',
      message: 'assets/big.js is larger than its size in the release manifest.',
    });
    expect((await releasesOf('employer')).versions.map((item) => item.version)).not.toContain(release.manifest.version);
  });

  it('never serves a file of its release as a document that runs on this origin', async () => {
    const token = await releaseToken(api, admin.token, 'trainee');
    const release = makeRelease('trainee', 'with odd files');
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
    );
    const html = new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>');
    release.files.set('assets/a.svg', svg);
    release.files.set('assets/page.html', html);
    release.manifest.files['assets/a.svg'] = { integrity: integrityOf(svg), size: svg.length };
    release.manifest.files['assets/page.html'] = { integrity: integrityOf(html), size: html.length };
    expect((await upload(api, release, token)).status).toBe(201);
    // Given to browsers (a candidate's files are its trial's alone).
    expect((await activate(api, 'trainee', release.manifest.version, token)).status).toBe(200);
    const folder = `/remotes/trainee/${release.manifest.version}`;
    const image = await api.app.inject({ method: 'GET', url: `${folder}/assets/a.svg` });
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    const page = await api.app.inject({ method: 'GET', url: `${folder}/assets/page.html` });
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(page.headers['content-disposition']).toBe('attachment');
    expect(page.headers['content-security-policy']).toMatch(/^sandbox/);
    const script = await api.app.inject({ method: 'GET', url: `${folder}/remoteEntry.js` });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    // A script is never a page: it does without the page's headers (a phone pays for them on every file).
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-xss-protection'])
      expect(script.headers[name], name).toBeUndefined();
    // …and so do the shell's own built files, whatever type their server names.
    for (const file of ['index-Abc12345.js', 'index-Abc12345.css']) {
      const built = await api.app.inject({ method: 'GET', url: `/assets/${file}` });
      expect(built.statusCode, file).toBe(200);
      expect(built.headers['x-content-type-options'], file).toBe('nosniff');
      for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-xss-protection'])
        expect(built.headers[name], `${file}: ${name}`).toBeUndefined();
    }
    const home = await api.app.inject({ method: 'GET', url: '/' });
    expect(home.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('a release', () => {
  it('is uploaded, activated, served at its own immutable URL, listed, and rolled back', async () => {
    const token = await releaseToken(api, admin.token, 'employer');
    const v1 = makeRelease('employer', 'first');
    const v2 = makeRelease('employer', 'second');
    expect((await upload(api, v1, token)).status).toBe(201);
    expect((await activate(api, 'employer', v1.manifest.version, token, null)).status).toBe(200);
    expect((await remotesJson()).mfe_employer).toBe(`/remotes/employer/${v1.manifest.version}/remoteEntry.js`);

    expect((await upload(api, v2, token)).status).toBe(201);
    const activated = await activate(api, 'employer', v2.manifest.version, token, v1.manifest.version);
    expect(activated).toMatchObject({
      status: 200,
      body: { version: v2.manifest.version, previous: v1.manifest.version },
    });
    expect((await remotesJson()).mfe_employer).toBe(`/remotes/employer/${v2.manifest.version}/remoteEntry.js`);
    const file = await api.app.inject({
      method: 'GET',
      url: `/remotes/employer/${v2.manifest.version}/remoteEntry.js`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('second');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const listed = await releasesOf('employer', token);
    expect(listed.active).toBe(v2.manifest.version);
    expect(listed.versions.map((item) => item.version)).toEqual([v2.manifest.version, v1.manifest.version]);
    expect(listed.versions[0]).toMatchObject({ entry: `/remotes/employer/${v2.manifest.version}/remoteEntry.js` });

    const back = await request(api, 'POST', '/api/releases/employer/rollback', { token, json: {} });
    expect(back).toMatchObject({ status: 200, body: { version: v1.manifest.version, previous: v2.manifest.version } });
    expect((await remotesJson()).mfe_employer).toBe(`/remotes/employer/${v1.manifest.version}/remoteEntry.js`);
    // The newer version's files are still served (a browser that loaded it before keeps working).
    const still = await api.app.inject({
      method: 'GET',
      url: `/remotes/employer/${v2.manifest.version}/assets/page-1.js`,
    });
    expect(still).toMatchObject({ statusCode: 200 });
    // Forward again to a given version.
    const forward = await request(api, 'POST', '/api/releases/employer/rollback', {
      token,
      json: { version: v2.manifest.version },
    });
    expect(forward.body.version).toBe(v2.manifest.version);
  });

  it('never changes: the same files again are accepted, other files under its version refused', async () => {
    const token = await releaseToken(api, admin.token, 'admin');
    const release = makeRelease('admin', 'immutable');
    expect((await upload(api, release, token)).status).toBe(201);
    expect(await upload(api, release, token)).toMatchObject({ status: 200, body: { created: false } });
    const other = makeRelease('admin', 'other files', (manifest) => (manifest.version = release.manifest.version));
    expect(await upload(api, other, token)).toMatchObject({
      status: 409,
      body: { code: 'release.versionTaken' },
    });
  });

  it('holds a file named by a hash of its content to that content in its area, for good', async () => {
    const token = await releaseToken(api, admin.token, 'admin');
    const named = 'assets/chart-Q1w2E3r4.js';
    const withChart = (text: string, chart: string) => makeRelease('admin', text, undefined, { [named]: chart });
    expect((await upload(api, withChart('chart one', 'export const chart = 1;\n'), token)).status).toBe(201);
    // The next build, which did not change the file, names it again: accepted.
    const next = withChart('chart two', 'export const chart = 1;\n');
    expect((await upload(api, next, token)).status).toBe(201);
    // A release made by hand gives the name other bytes: a phone would take its copy of the earlier file for it.
    const handMade = withChart('chart three', 'export const chart = 2;\n');
    const refused = {
      status: 409,
      body: {
        code: 'release.hashedNameTaken',
        message: `An earlier release of this area has files of these names with other bytes, and a file named by its content's hash never changes: ${named}. Build the release again.`,
      },
    };
    expect(await upload(api, handMade, token)).toMatchObject(refused);
    expect((await releasesOf('admin')).versions.map((item) => item.version)).not.toContain(handMade.manifest.version);
    // Still refused once the releases that had the file are gone (pruned).
    await api.db
      .delete(releases)
      .where(and(eq(releases.area, 'admin'), inArray(releases.version, [next.manifest.version])));
    expect(await upload(api, withChart('chart four', 'export const chart = 2;\n'), token)).toMatchObject(refused);
    // A file named by words, not a hash, changes with each build under its one name.
    for (const manifest of ['{"page":1}', '{"page":2}'])
      expect(
        (
          await upload(
            api,
            makeRelease('admin', manifest, undefined, { 'server/client-manifest.json': manifest }),
            token,
          )
        ).status,
      ).toBe(201);
    // Another area's file of that name is its own.
    const employer = await releaseToken(api, admin.token, 'employer');
    expect(
      (await upload(api, makeRelease('employer', 'chart', undefined, { [named]: 'export {};\n' }), employer)).status,
    ).toBe(201);
    // Two uploads at once that give a new name two contents: one is stored, the other refused.
    const [a, b] = ['a', 'b'].map((side) =>
      makeRelease('admin', `race ${side}`, undefined, {
        'assets/race-Z9x8C7v6.js': `export const side = '${side}';\n`,
      }),
    );
    const statuses = (await Promise.all([upload(api, a!, token), upload(api, b!, token)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 409]);
  });

  it('is refused when a file is missing or does not match its hash', async () => {
    const token = await releaseToken(api, admin.token, 'admin');
    const release = makeRelease('admin', 'tampered');
    const changed = new Map(release.files);
    changed.set('assets/page-1.js', new TextEncoder().encode('export default "changed";'));
    expect(await upload(api, release, token, changed)).toMatchObject({
      status: 400,
      body: { message: 'assets/page-1.js does not match its hash in the release manifest.' },
    });
    const partial = new Map([...release.files].slice(0, 1));
    expect(await upload(api, release, token, partial)).toMatchObject({
      status: 400,
      body: { message: 'Files of the release manifest are missing: assets/page-1.js.' },
    });
    // The right bytes, but a size of the manifest's own that is not theirs.
    const misdeclared = makeRelease('admin', 'misdeclared', (manifest) => {
      manifest.files['assets/page-1.js']!.size += 5;
    });
    expect(await upload(api, misdeclared, token)).toMatchObject({
      status: 400,
      body: { code: 'release.fileSizeDiffers' },
    });
    const foreign = makeRelease('trainee', 'wrong area');
    expect((await upload(api, { ...foreign, manifest: { ...foreign.manifest } }, token)).status).toBe(403);
  });

  it('built against an incompatible shared version or API contract is not activated, naming each difference', async () => {
    const token = await releaseToken(api, admin.token, 'trainee');
    const good = makeRelease('trainee', 'compatible');
    await upload(api, good, token);
    await activate(api, 'trainee', good.manifest.version, token);
    const olderShared = makeRelease('trainee', 'old shared', (manifest) => {
      manifest.shared['react-dom'] = { version: '19.3.1', range: '^20.0.0' };
      manifest.shared.react = { version: '18.3.1', range: '^18.0.0' };
    });
    await upload(api, olderShared, token);
    const refused = await activate(api, 'trainee', olderShared.manifest.version, token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('release.incompatible');
    expect(refused.body.message).toContain('shared react: built against 18.3.1, the shell accepts ^19.0.0');
    expect(refused.body.message).toMatch(/shared react-dom: needs \^20\.0\.0, the shell provides 19\.\d+\.\d+/);
    // Another contract package altogether (the shapes of its calls are checked one by one: see the contract's).
    const otherContract = makeRelease('trainee', 'other contract', (manifest) => {
      manifest.contract = { package: '@someone/api-client', version: '1.0.0' };
    });
    await upload(api, otherContract, token);
    expect((await activate(api, 'trainee', otherContract.manifest.version, token)).body.message).toBe(
      'This release cannot be activated: contract: built against @someone/api-client, this API serves @btls/shared-api.',
    );
    // The active release stays.
    expect((await releasesOf('trainee')).active).toBe(good.manifest.version);
  });

  it('calling an operation this API does not serve is not activated; an active one that does makes the API not ready', async () => {
    const token = await releaseToken(api, admin.token, 'trainer');
    const served = ['GET /courses', 'GET /progress/enrollment/:enrollmentId', 'PUT /progress/:recordId'];
    const calls = makeRelease('trainer', 'calls a new operation', (manifest) => {
      manifest.operations = [...served, 'GET /trainer/earnings/:month'];
    });
    await upload(api, calls, token);
    const refused = await activate(api, 'trainer', calls.manifest.version, token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This release cannot be activated: operations: this API does not serve GET /trainer/earnings/:month.',
    );
    // Parameter names aside, the API's own routes are what it serves.
    const fine = makeRelease('trainer', 'calls what is served', (manifest) => {
      manifest.operations = [...served, 'GET /progress/enrollment/:id'];
    });
    await upload(api, fine, token);
    expect((await activate(api, 'trainer', fine.manifest.version, token)).status).toBe(200);
    expect((await request(api, 'GET', '/api/health/ready')).status).toBe(200);

    // An API build without an operation the active trainer release calls (here: the release as an earlier API
    // took it, calling one this build dropped): not ready, naming the release and the operation.
    const [row] = await api.db.select().from(releases).where(eq(releases.version, fine.manifest.version));
    const dropped = { ...fine.manifest, operations: [...served, 'DELETE /progress/:recordId/photo'] };
    await api.db
      .update(releases)
      .set({ manifest: JSON.stringify(dropped) })
      .where(eq(releases.version, fine.manifest.version));
    passCacheLifetime();
    const notReady = await request(api, 'GET', '/api/health/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body.checks.unservedOperations).toEqual([
      `trainer ${fine.manifest.version}: DELETE /progress/:recordId/photo`,
    ]);
    await api.db.update(releases).set({ manifest: row!.manifest }).where(eq(releases.version, fine.manifest.version));
    passCacheLifetime();
    expect((await request(api, 'GET', '/api/health/ready')).status).toBe(200);
  });

  it('whose calls are answered otherwise than it was built against is not activated, naming the call and the field; an active one makes the API not ready', async () => {
    const token = await releaseToken(api, admin.token, 'employer');
    const job = recordedContract().operations['GET /jobs/:']!;
    const answerOf = (shape: typeof job) => (shape.answer as { object: Record<string, unknown> }).object;
    // Built against a contract whose GET /jobs/:id answered `company` (the API has named it companyName since).
    const older = structuredClone(job);
    answerOf(older).company = answerOf(older).companyName;
    delete answerOf(older).companyName;
    older.hash = shapeHash(older);
    const reader = (text: string, shape: typeof job) =>
      makeRelease('employer', text, (manifest) => {
        manifest.operations = ['GET /jobs/:id'];
        manifest.shapes = { 'GET /jobs/:id': shape };
      });
    const stale = reader('reads company', older);
    await upload(api, stale, token);
    const refused = await activate(api, 'employer', stale.manifest.version, token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This release cannot be activated: shapes: GET /jobs/:id: answer.company is no longer given (the release reads it).',
    );
    // Built before the API added an optional answer field: compatible.
    const fewer = structuredClone(job);
    delete answerOf(fewer)['newApplicationCount?'];
    fewer.hash = shapeHash(fewer);
    const earlier = reader('built before a new optional field', fewer);
    await upload(api, earlier, token);
    expect((await activate(api, 'employer', earlier.manifest.version, token)).status).toBe(200);
    expect((await request(api, 'GET', '/api/health/ready')).status).toBe(200);

    // An API that answers otherwise than the active release was built against (here: the release as an earlier
    // contract had it): not ready, naming the release, the call and the field.
    const [row] = await api.db.select().from(releases).where(eq(releases.version, earlier.manifest.version));
    await api.db
      .update(releases)
      .set({ manifest: JSON.stringify({ ...earlier.manifest, shapes: { 'GET /jobs/:id': older } }) })
      .where(eq(releases.version, earlier.manifest.version));
    passCacheLifetime();
    const notReady = await request(api, 'GET', '/api/health/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body.checks.incompatibleOperations).toEqual([
      `employer ${earlier.manifest.version}: GET /jobs/:id: answer.company is no longer given (the release reads it)`,
    ]);
    await api.db
      .update(releases)
      .set({ manifest: row!.manifest })
      .where(eq(releases.version, earlier.manifest.version));
    passCacheLifetime();
    expect((await request(api, 'GET', '/api/health/ready')).status).toBe(200);
    // Its manifest, shapes and all, for a team's check before an API deploy (npm run check-releases).
    const manifest = await request(api, 'GET', `/api/releases/employer/${earlier.manifest.version}/manifest`, {
      token,
    });
    expect(manifest.body.shapes['GET /jobs/:id'].hash).toBe(fewer.hash);
  });

  it('that a new shell build can no longer run (a kernel name it uses, gone) makes the API not ready, naming it', async () => {
    const token = await releaseToken(api, admin.token, 'trainer');
    const shellFile = join(root, 'shell', 'dist', 'shared.json');
    const shell = readFileSync(shellFile, 'utf8');
    const withKernel = (version: string, exports: Record<string, string>) =>
      writeFileSync(shellFile, JSON.stringify({ ...JSON.parse(shell), kernel: { version, exports } }));
    withKernel('2.0.0', { useSession: 'aaaaaaaaaaaa', Link: 'bbbbbbbbbbbb' });
    const before = (await releasesOf('trainer')).active;
    const session = makeRelease('trainer', 'uses the session', (manifest) => {
      manifest.kernel = { version: '2.0.0', uses: { useSession: 'aaaaaaaaaaaa' } };
    });
    await upload(api, session, token);
    expect((await activate(api, 'trainer', session.manifest.version, token)).status).toBe(200);
    expect((await request(api, 'GET', '/api/health/ready')).status).toBe(200);
    // The next shell build drops the name: the instance serving it is not ready, and says which area breaks.
    withKernel('3.0.0', { Link: 'bbbbbbbbbbbb' });
    const notReady = await request(api, 'GET', '/api/health/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body.checks.incompatibleWithShell).toEqual([
      `trainer ${session.manifest.version}: kernel: the shell does not provide useSession (built against kernel 2.0.0, the shell has 3.0.0): release the shell first`,
    ]);
    expect(
      (await request(api, 'POST', '/api/releases/trainer/rollback', { token, json: { version: before } })).status,
    ).toBe(200);
    writeFileSync(shellFile, shell);
    passCacheLifetime();
    expect((await request(api, 'GET', '/api/health/ready')).status).toBe(200);
  });

  it('is activated compare-and-set: refused when another became active meanwhile', async () => {
    const token = await releaseToken(api, admin.token, 'public');
    const [a, b, c] = ['a', 'b', 'c'].map((text) => makeRelease('public', `cas ${text}`));
    for (const release of [a!, b!, c!]) await upload(api, release, token);
    const before = (await releasesOf('public')).active;
    expect((await activate(api, 'public', a!.manifest.version, token, before)).status).toBe(200);
    // Two of the same area at once, both having seen `a`: one wins, the other is told, nothing half-done.
    const both = await Promise.all([
      activate(api, 'public', b!.manifest.version, token, a!.manifest.version),
      activate(api, 'public', c!.manifest.version, token, a!.manifest.version),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = both.find((answer) => answer.status === 200)!.body.version;
    expect((await releasesOf('public')).active).toBe(winner);
    expect(both.find((answer) => answer.status === 409)!.body.message).toContain(`(${winner})`);
  });

  it('of two areas at the same moment: both end up active', async () => {
    const trainer = await releaseToken(api, admin.token, 'trainer');
    const employer = await releaseToken(api, admin.token, 'employer');
    const t = makeRelease('trainer', 'same moment');
    const e = makeRelease('employer', 'same moment');
    await Promise.all([upload(api, t, trainer), upload(api, e, employer)]);
    const answers = await Promise.all([
      activate(api, 'trainer', t.manifest.version, trainer),
      activate(api, 'employer', e.manifest.version, employer),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const json = await remotesJson();
    expect(json.mfe_trainer).toContain(t.manifest.version);
    expect(json.mfe_employer).toContain(e.manifest.version);
  });

  it('may name files on another origin, fetched and checked when it is uploaded; the CSP allows the active one only', async () => {
    const token = await releaseToken(api, admin.token, 'admin');
    const release = makeRelease('admin', 'on a cdn');
    for (const [path, bytes] of release.files) cdnFiles.set(`/admin/${path}`, bytes);
    const base = `${cdnOrigin}/admin/`;
    const onCdn = { ...release, manifest: { ...release.manifest, base } };
    expect((await upload(api, onCdn, token, new Map())).status).toBe(201);
    // Uploaded, not active: no page's policy names its origin yet. (The admin area's pages are the console's.)
    const consolePage = () =>
      api.app.inject({ method: 'GET', url: '/admin/dashboard', headers: { host: 'admin.localhost' } });
    const before = await consolePage();
    expect(String(before.headers['content-security-policy'])).not.toContain(cdnOrigin);
    expect((await activate(api, 'admin', release.manifest.version, token)).status).toBe(200);
    const consoleMap = await request(api, 'GET', '/remotes.json', { headers: { host: 'admin.localhost' } });
    expect(entriesOf(consoleMap.body).mfe_admin).toBe(`${base}remoteEntry.js`);
    const page = await consolePage();
    expect(String(page.headers['content-security-policy'])).toMatch(new RegExp(`script-src [^;]*${cdnOrigin}(;| )`));
    // The files were fetched once, at the upload: the server has its own copy.
    cdnFiles.clear();
    const served = await api.app.inject({
      method: 'GET',
      url: `/remotes/admin/${release.manifest.version}/remoteEntry.js`,
    });
    expect(served.statusCode).toBe(200);

    // Missing there, redirected elsewhere, or larger than the manifest says: refused, saying which file only.
    const refusedWith = async (name: string, serve: (bytes: Uint8Array, path: string) => void) => {
      const other = makeRelease('admin', name);
      for (const [path, bytes] of other.files) serve(bytes, `/${name}/${path}`);
      const answer = await upload(
        api,
        { ...other, manifest: { ...other.manifest, base: `${cdnOrigin}/${name}/` } },
        token,
        new Map(),
      );
      return answer;
    };
    const missing = await refusedWith('missing', () => undefined);
    expect(missing.status).toBe(409);
    expect(missing.body.message).toContain('could not be fetched from the release base');
    expect(missing.body.message).not.toMatch(/404|ECONNREFUSED|HTTP/);
    const redirected = await refusedWith('redirected', (_bytes, path) =>
      cdnRedirects.set(path, `${cdnOrigin}/admin/remoteEntry.js`),
    );
    expect(redirected.status).toBe(409);
    const larger = await refusedWith('larger', (bytes, path) =>
      cdnFiles.set(path, new Uint8Array([...bytes, ...new Uint8Array(1024)])),
    );
    expect(larger.status).toBe(409);
    expect(larger.body.message).toContain('is larger than its size in the manifest');
  });

  it("refuses a base that is not a public https origin's folder, and a stored one can never break the headers", async () => {
    const token = await releaseToken(api, admin.token, 'public');
    const withBase = (base: string) => {
      const release = makeRelease('public', `base ${base}`);
      return upload(api, { ...release, manifest: { ...release.manifest, base } }, token, new Map());
    };
    for (const base of [
      'http://rt4.invalid;sandbox/x/',
      'https://*/',
      'https://*.example.rw/x/',
      'javascript:alert(1)//',
      'https://cdn.example.rw/a b/',
      'https://user:pass@cdn.example.rw/x/',
      'https://cdn.example.rw/x/?q=1/',
    ]) {
      const answer = await withBase(base);
      expect(answer.status, base).toBe(400);
      expect(answer.body.code, base).toBe('release.manifestInvalid');
    }
    for (const base of [
      'http://cdn.btls.example/x/',
      'https://127.0.0.1/x/',
      'http://127.0.0.1:5432/x/',
      'https://10.0.0.8/x/',
      'https://localhost/x/',
      'https://db.internal/x/',
      'https://intranet/x/',
    ]) {
      const answer = await withBase(base);
      expect(answer.status, base).toBe(400);
      expect(answer.body.message, base).toMatch(/base must/);
    }

    // Whatever a database holds (written there by hand, by an older server): the headers are made of plain
    // origins only, and every answer still comes.
    const poisoned = makeRelease('public', 'poisoned');
    await api.db.insert(releases).values({
      area: 'public',
      version: poisoned.manifest.version,
      manifest: JSON.stringify({ ...poisoned.manifest, base: 'http://rt4.invalid;sandbox/x/' }),
      origin: 'http://rt4.invalid;sandbox',
      releasedBy: 'test',
    });
    await api.db
      .insert(releaseAreas)
      .values({ area: 'public', activeVersion: poisoned.manifest.version, activatedBy: 'test' })
      .onConflictDoUpdate({ target: releaseAreas.area, set: { activeVersion: poisoned.manifest.version } });
    await new Promise((wait) => setTimeout(wait, 1100));
    for (const url of ['/api/health/live', '/api/courses', '/', '/login']) {
      const answer = await api.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBeLessThan(500);
      const policy = String(answer.headers['content-security-policy']);
      expect(policy, url).not.toContain('rt4.invalid');
      expect(policy, url).not.toContain('sandbox');
      expect(policy, url).not.toContain('*');
    }
    await api.db.delete(releaseAreas).where(eq(releaseAreas.area, 'public'));
  });

  it('is pruned only beyond the newest five of its area, and never while active', async () => {
    const token = await releaseToken(api, admin.token, 'trainee');
    const made = Array.from({ length: 8 }, (_, i) => makeRelease('trainee', `prune ${i}`));
    for (const release of made) await upload(api, release, token);
    const oldest = made[0]!.manifest.version;
    await activate(api, 'trainee', oldest, token);
    const before = (await releasesOf('trainee')).versions.length;
    const pruned = await request(api, 'POST', '/api/releases/prune', { token: admin.token, json: {} });
    expect(pruned.status).toBe(200);
    const after = await releasesOf('trainee');
    expect(after.versions.length).toBe(6);
    // (Other areas' tests may leave more than five releases too: those are pruned with these.)
    expect(pruned.body.count).toBeGreaterThanOrEqual(before - 6);
    expect(after.versions.map((item) => item.version)).toContain(oldest);
    expect((await request(api, 'POST', '/api/releases/prune', { token: admin.token, json: { keep: 2 } })).status).toBe(
      400,
    );
    expect((await request(api, 'POST', '/api/releases/prune', { token, json: {} })).status).toBe(401);
  });
});

describe.runIf(onPostgres)('two API instances on one PostgreSQL', () => {
  it('a release made through one is served by the other within 5 s', async () => {
    const root = webRoot();
    const second = openPostgres(api.url!);
    const other = await buildApp({ database: second, jwtSecret: JWT_SECRET, web: { root } });
    try {
      const token = await releaseToken(api, admin.token, 'employer');
      const release = makeRelease('employer', 'two instances');
      await upload(api, release, token);
      await (await other.inject({ method: 'GET', url: '/remotes.json' })).json();
      expect((await activate(api, 'employer', release.manifest.version, token)).status).toBe(200);
      const started = Date.now();
      let seen = '';
      while (Date.now() - started < 5000 && !seen.includes(release.manifest.version)) {
        seen = entriesOf((await other.inject({ method: 'GET', url: '/remotes.json' })).json()).mfe_employer ?? '';
        if (!seen.includes(release.manifest.version)) await new Promise((done) => setTimeout(done, 100));
      }
      expect(seen).toBe(`/remotes/employer/${release.manifest.version}/remoteEntry.js`);
      const file = await other.inject({
        method: 'GET',
        url: `/remotes/employer/${release.manifest.version}/remoteEntry.js`,
      });
      expect(file.body).toContain('two instances');
      // Two areas released at the same moment, one through each instance: both active.
      const trainerToken = await releaseToken(api, admin.token, 'trainer');
      const t = makeRelease('trainer', 'instance b');
      const e = makeRelease('employer', 'instance a');
      await upload(api, t, trainerToken);
      await upload(api, e, token);
      const [viaA, viaB] = await Promise.all([
        activate(api, 'employer', e.manifest.version, token),
        other.inject({
          method: 'POST',
          url: '/api/releases/trainer/activate',
          headers: { authorization: `Bearer ${trainerToken}` },
          payload: { version: t.manifest.version },
        }),
      ]);
      expect([viaA.status, viaB.statusCode]).toEqual([200, 200]);
      await new Promise((done) => setTimeout(done, 1100));
      const json = entriesOf((await other.inject({ method: 'GET', url: '/remotes.json' })).json());
      expect(json.mfe_trainer).toContain(t.manifest.version);
      expect(json.mfe_employer).toContain(e.manifest.version);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
