/**
 * The addresses an area's pages take. The shell routes a path to the best-ranked pattern of every area's release
 * (a static segment beats a parameter, which beats a splat), so a release takes every address one of its patterns
 * matches, whatever its strings: `/admin/:page` takes `/admin/dashboard` from the admin area's `/admin/*`. A
 * release whose patterns share an address with another area's active or rolling-out release, or with one the
 * server answers itself, is refused at upload, activation and rollout, naming both sides. And what a release
 * recorded of the shapes of its calls is compared by the shapes themselves, never by the hash it sent.
 */
import { eq } from 'drizzle-orm';
import { matchPath, matchRoutes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteArea, RemotesJson } from '@btls/build-config/remotes';
import { releases } from '../src/db/schema';
import { recordedContract } from '../src/releases/contract';
import { patternsOverlap, platformPathsOf } from '../src/releases/territory';
import { account, request, startApi, type Account, type TestApi } from './helpers';
import { activate, makeRelease, releaseToken, TEST_PAGES, upload, webRoot, type TestRelease } from './release-helpers';

describe('two page patterns overlap', () => {
  const overlapping: [string, string][] = [
    ['/admin/:page', '/admin/*'],
    ['/admin/users', '/admin/*'],
    ['/:slug', '/about'],
    ['/a/:x', '/a/b'],
    ['/a/*', '/a'],
    ['/a/*', '/a/b/c'],
    ['/a/*', '/:x/*'],
    ['/:x/b', '/a/:y'],
    ['/news/:id', '/news/:slug'],
    ['/', '/'],
    ['/:slug', '/robots.txt'],
    ['/:slug', '/api/*'],
    ['/API/x', '/api/*'],
  ];
  const apart: [string, string][] = [
    ['/a/b', '/a/c'],
    ['/a', '/a/b'],
    ['/a/:x', '/a'],
    ['/:x', '/'],
    ['/a/*', '/'],
    ['/a/*', '/ab'],
    ['/a/*', '/b/*'],
    ['/jobs/:jobId', '/jobs/:jobId/apply'],
    ['/robots', '/robots.txt'],
    ['/courses/:id', '/api/*'],
  ];

  /** Addresses that could be matched by both: each segment of either, filled in where the other has a parameter. */
  function addressesOf(a: string, b: string): string[] {
    const fill = (segments: string[], other: string[]) =>
      segments.map((segment, i) => (segment.startsWith(':') || segment === '*' ? (other[i] ?? 'x') : segment));
    const [x, y] = [a, b].map((pattern) => pattern.split('/').filter(Boolean));
    const candidates = [fill(x!, y!), fill(y!, x!)].flatMap((segments) => [
      segments.filter((segment) => segment !== '*' && !segment.startsWith(':')),
      segments.map((segment) => (segment === '*' || segment.startsWith(':') ? 'x' : segment)),
      [...segments.map((segment) => (segment === '*' || segment.startsWith(':') ? 'x' : segment)), 'y'],
    ]);
    return candidates.map((segments) => `/${segments.join('/')}`);
  }
  const bothMatch = (a: string, b: string) =>
    addressesOf(a, b).some((address) => matchPath(a, address) && matchPath(b, address));

  it.each(overlapping)('%s and %s do: an address is matched by both, as the router matches', (a, b) => {
    expect(patternsOverlap(a, b)).toBe(true);
    expect(patternsOverlap(b, a)).toBe(true);
    // The shell's router agrees: it matches one address with both.
    expect(bothMatch(a, b)).toBe(true);
  });

  it.each(apart)('%s and %s do not', (a, b) => {
    expect(patternsOverlap(a, b)).toBe(false);
    expect(patternsOverlap(b, a)).toBe(false);
    expect(bothMatch(a, b)).toBe(false);
  });
});

describe("the platform's own addresses", () => {
  it("are its routes, its plugins' prefixes, the folders it serves files from and the shell's files", () => {
    const routes = [
      { url: '/' },
      { url: '/*' },
      { url: '/metrics' },
      { url: '/api/jobs/:id', prefix: '/api' },
      { url: '/api/health', prefix: '/api' },
      { url: '/assets/*', prefix: '/assets' },
      { url: '/remotes/:area/:version/*' },
      { url: '/remotes.json' },
      { url: '/reset-password/:token' },
      { url: '/robots.txt' },
    ];
    expect(platformPathsOf(routes, ['index.html', 'favicon.svg'])).toEqual([
      '/metrics',
      '/remotes.json',
      '/reset-password/:token',
      '/robots.txt',
      '/api/*',
      '/assets/*',
      '/remotes/*',
      '/favicon.svg',
      '/index.html',
    ]);
  });
});

let api: TestApi;
let admin: Account;
beforeAll(async () => {
  api = await startApi({ web: { root: webRoot() } });
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

const tokens = new Map<RemoteArea, string>();
/** The area's own release token (made once). */
async function tokenOf(area: RemoteArea) {
  if (!tokens.has(area)) tokens.set(area, await releaseToken(api, admin.token, area));
  return tokens.get(area)!;
}

function releaseOf(area: RemoteArea, text: string, patterns: string[]): TestRelease {
  return makeRelease(area, text, (manifest) => {
    manifest.pages = { ...TEST_PAGES[area], patterns };
  });
}

/** Uploaded and activated with the area's own token; both answers. */
async function released(area: RemoteArea, text: string, patterns: string[]) {
  const release = releaseOf(area, text, patterns);
  const token = await tokenOf(area);
  const uploaded = await upload(api, release, token);
  const activated =
    uploaded.status < 300 ? await activate(api, area, release.manifest.version, token) : { status: 0, body: {} };
  return { release, version: release.manifest.version, uploaded, activated };
}

/** The area the shell routes `path` to, by the map of areas every page carries (the router's ranking). */
async function areaRoutedTo(path: string): Promise<string | undefined> {
  // The admin area's pages are routed on the console, every other area's on the site.
  const host = path.startsWith('/admin') ? { headers: { host: 'admin.localhost' } } : {};
  const map = (await request(api, 'GET', '/remotes.json', host)).body as RemotesJson;
  const routes = Object.entries(map).flatMap(([name, area]) =>
    area!.patterns.map((pattern) => ({ path: pattern, name })),
  );
  return matchRoutes(routes, path)?.[0]?.route.name;
}

/** The refusal of a release's territory: past the area's token (not a 401 or 403), naming both sides. */
function expectRefused(answer: { status: number; body: { code?: string; message?: string } }, ...named: string[]) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(409);
  expect(answer.body.code).toBe('release.incompatible');
  for (const words of named) expect(answer.body.message).toContain(words);
}

const ATTACK = ['/employer/*', '/admin/:page', '/admin/users', '/admin/releases'];

describe("a release claiming another area's pages by a pattern that is not the same string", () => {
  let attack: TestRelease;
  let adminVersion: string;

  it('is refused at activation, naming both sides (stored before the admin area claimed its prefix)', async () => {
    // Uploaded while no area claimed /admin/*: nothing to refuse then.
    attack = releaseOf('employer', 'employer takes the admin pages', ATTACK);
    expect((await upload(api, attack, await tokenOf('employer'))).status).toBe(201);
    const adminRelease = await released('admin', 'admin panel', ['/admin/*']);
    expect(adminRelease.activated.status).toBe(200);
    adminVersion = adminRelease.version;
    expect(await areaRoutedTo('/admin/dashboard')).toBe('mfe_admin');

    const refused = await activate(api, 'employer', attack.manifest.version, await tokenOf('employer'));
    const employer = `employer ${attack.manifest.version}`;
    expectRefused(
      refused,
      `pages: /admin/:page of ${employer} overlaps /admin/* of admin ${adminVersion}`,
      `pages: /admin/users of ${employer} overlaps /admin/* of admin ${adminVersion}`,
      `pages: /admin/releases of ${employer} overlaps /admin/* of admin ${adminVersion}`,
    );
    expect(refused.body.message).not.toContain('pages: /employer/*');
    // The admin's pages stay the admin's.
    expect(await areaRoutedTo('/admin/dashboard')).toBe('mfe_admin');
  });

  it('is not rolled out to a share either', async () => {
    const plain = await released('employer', 'employer panel', ['/employer/*']);
    expect(plain.activated.status).toBe(200);
    const rollout = await request(api, 'POST', '/api/releases/employer/rollout', {
      token: await tokenOf('employer'),
      json: { version: attack.manifest.version, percent: 10 },
    });
    expectRefused(
      rollout,
      `pages: /admin/:page of employer ${attack.manifest.version} overlaps /admin/* of admin ${adminVersion}`,
    );
    expect(await areaRoutedTo('/admin/dashboard')).toBe('mfe_admin');
  });

  it('is refused at upload, and not stored', async () => {
    const again = await released('employer', 'employer takes the admin pages again', ATTACK);
    expectRefused(
      again.uploaded,
      `pages: /admin/:page of employer ${again.version} overlaps /admin/* of admin ${adminVersion}`,
    );
    const list = await request(api, 'GET', '/api/releases', { token: admin.token });
    const employer = (list.body as { area: string; versions: { version: string }[] }[]).find(
      (area) => area.area === 'employer',
    );
    expect(employer!.versions.map((version) => version.version)).not.toContain(again.version);
  });

  it('is refused the other way round too: the admin area claiming an employer page', async () => {
    const admins = await released('admin', 'admin takes an employer page', ['/admin/*', '/employer/:page']);
    expectRefused(
      admins.uploaded,
      `pages: /employer/:page of admin ${admins.version} overlaps /employer/* of employer`,
    );
  });

  it("keeps a page the platform gives the public area inside the employers' prefix (their sign-up), and nothing more", async () => {
    const publicRelease = await released('public', 'public with the employer sign-up', ['/', '/employer/register']);
    expect(publicRelease.activated.status).toBe(200);
    // The employer area's next release, its prefix as before.
    const employer = await released('employer', 'employer panel again', ['/employer/*', '/employer/:section/:id']);
    expect(employer.activated.status).toBe(200);
    expect(await areaRoutedTo('/employer/register')).toBe('mfe_public');
    expect(await areaRoutedTo('/employer/dashboard')).toBe('mfe_employer');
    // The page itself is not the employer area's to claim, nor a third area's.
    const same = await released('employer', 'employer claims the sign-up', ['/employer/*', '/employer/register']);
    expectRefused(
      same.uploaded,
      `pages: /employer/register of employer ${same.version} overlaps /employer/register of public ${publicRelease.version}`,
    );
    // The Releases page shows which area serves what.
    const overview = await request(api, 'GET', '/api/releases', { token: admin.token });
    const pagesOf = (name: string) =>
      (overview.body as { area: string; pages?: string[] }[]).find((item) => item.area === name)?.pages;
    expect(pagesOf('public')).toEqual(['/', '/employer/register']);
    expect(pagesOf('employer')).toEqual(['/employer/*', '/employer/:section/:id']);
    const trainee = await released('trainee', 'trainee claims the sign-up', ['/dashboard', '/employer/:page']);
    expectRefused(trainee.uploaded, `pages: /employer/:page of trainee ${trainee.version} overlaps /employer/*`);
    expect(trainee.uploaded.body.message).toContain(
      `/employer/:page of trainee ${trainee.version} overlaps /employer/register of public ${publicRelease.version}`,
    );

    // A rollout's pages are shown beside the active version's.
    const next = releaseOf('employer', 'employer panel, one pattern', ['/employer/*']);
    const token = await tokenOf('employer');
    expect((await upload(api, next, token)).status).toBe(201);
    const rollout = { version: next.manifest.version, percent: 10 };
    expect((await request(api, 'POST', '/api/releases/employer/rollout', { token, json: rollout })).status).toBe(200);
    const rolling = await request(api, 'GET', '/api/releases', { token: admin.token });
    expect(
      (rolling.body as { area: string; rollout: { pages?: string[] } | null }[]).find(
        (item) => item.area === 'employer',
      )?.rollout?.pages,
    ).toEqual(['/employer/*']);
    expect((await request(api, 'DELETE', '/api/releases/employer/rollout', { token })).status).toBe(200);
  });
});

describe("a release claiming the platform's own addresses", () => {
  const cases: [string, string][] = [
    ['/:slug', '/metrics'],
    ['/api/*', '/api/*'],
    ['/remotes/*', '/remotes/*'],
    ['/assets/*', '/assets/*'],
    ['/api', '/api/*'],
    ['/api/:section/:page', '/api/*'],
    ['/remotes/:area', '/remotes/*'],
  ];

  it.each(cases)('%s is refused at upload: it takes %s', async (pattern, taken) => {
    const release = await released('trainee', `trainee claims ${pattern}`, ['/dashboard', pattern]);
    expectRefused(
      release.uploaded,
      `pages: ${pattern} of trainee ${release.version} takes ${taken}, the platform's own`,
    );
  });

  it('is refused at activation too (a release stored before this rule)', async () => {
    const token = await tokenOf('trainee');
    const release = releaseOf('trainee', 'trainee, later edited to claim /:slug', ['/dashboard']);
    expect((await upload(api, release, token)).status).toBe(201);
    await api.db
      .update(releases)
      .set({
        manifest: JSON.stringify({ ...release.manifest, pages: { ...release.manifest.pages, patterns: ['/:slug'] } }),
      })
      .where(eq(releases.version, release.manifest.version));
    expectRefused(
      await activate(api, 'trainee', release.manifest.version, token),
      `pages: /:slug of trainee ${release.manifest.version} takes /metrics, the platform's own`,
    );
  });

  it("lets the public area's releases built before keep the reset page the server now answers itself, and no other area", async () => {
    const before = await released('public', 'public, built when reset links had their token in the path', [
      ...TEST_PAGES.public.patterns,
      '/reset-password/:token',
    ]);
    expect(before.uploaded.status).toBe(201);
    expect(before.activated.status).toBe(200);
    const other = await released('trainee', 'trainee claims the old reset page', [
      '/dashboard',
      '/reset-password/:token',
    ]);
    expectRefused(
      other.uploaded,
      `pages: /reset-password/:token of trainee ${other.version} takes /reset-password/:token, the platform's own`,
    );
  });

  it('leaves every other address to the areas', async () => {
    const release = await released('trainee', 'trainee pages', ['/dashboard', '/news/:slug', '/library/*', '/apis']);
    expect(release.uploaded.status).toBe(201);
    expect(release.activated.status).toBe(200);
  });
});

describe('the shapes a release recorded of its calls', () => {
  const job = recordedContract().operations['GET /jobs/:']!;
  /** GET /jobs/:id as the contract records it, its answer reading a field this API does not give, hash unchanged. */
  function handEdited() {
    const edited = structuredClone(job);
    (edited.answer as { object: Record<string, unknown> }).object.internalNotes = 'string';
    return edited;
  }
  const reader = (text: string, shape: typeof job) =>
    makeRelease('employer', text, (manifest) => {
      manifest.pages = { ...TEST_PAGES.employer };
      manifest.operations = ['GET /jobs/:id'];
      manifest.shapes = { 'GET /jobs/:id': shape };
    });

  it('are refused at upload when their hash is not theirs (edited by hand after the build)', async () => {
    const edited = handEdited();
    expect(edited.hash).toBe(job.hash);
    const release = reader('reads internalNotes', edited);
    const uploaded = await upload(api, release, await tokenOf('employer'));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(400);
    expect(uploaded.body.code).toBe('release.manifestInvalid');
    expect(uploaded.body.message).toContain('shapes.GET /jobs/:id.hash');
  });

  it('are compared by the shapes themselves at activation, whatever hash was stored', async () => {
    const token = await tokenOf('employer');
    const release = reader('reads internalNotes, edited once stored', job);
    expect((await upload(api, release, token)).status).toBe(201);
    await api.db
      .update(releases)
      .set({ manifest: JSON.stringify({ ...release.manifest, shapes: { 'GET /jobs/:id': handEdited() } }) })
      .where(eq(releases.version, release.manifest.version));
    const refused = await activate(api, 'employer', release.manifest.version, token);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.message).toContain(
      'shapes: GET /jobs/:id: answer.internalNotes is no longer given (the release reads it)',
    );
  });
});
