/**
 * Each area's release says which pages it serves, and the site is routed from the active releases: a page an
 * area adds needs no release of the shell. Two areas never claim one page; the map of areas, the pages and the
 * sitemap follow what is active.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, request, startApi, type Account, type TestApi } from './helpers';
import { activate, makeRelease, releaseToken, TEST_PAGES, upload, webRoot } from './release-helpers';

let api: TestApi;
let admin: Account;
beforeAll(async () => {
  api = await startApi({ web: { root: webRoot() } });
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

const released = async (
  area: 'public' | 'trainee' | 'employer',
  text: string,
  patterns: string[],
  indexed?: string[],
) => {
  const token = await releaseToken(api, admin.token, area);
  const release = makeRelease(area, text, (manifest) => {
    manifest.pages = { ...TEST_PAGES[area], patterns, ...(indexed ? { indexed } : {}) };
  });
  expect((await upload(api, release, token)).status).toBe(201);
  return { release, token, activated: await activate(api, area, release.manifest.version, token) };
};

describe("an area's pages", () => {
  it('come with its release: the map of areas, the page and the sitemap follow the active one', async () => {
    const first = await released('public', 'public one', ['/', '/courses'], ['/', '/courses']);
    expect(first.activated.status).toBe(200);
    const news = await released('public', 'public with news', ['/', '/courses', '/news'], ['/', '/courses', '/news']);
    expect(news.activated.status).toBe(200);

    const map = (await request(api, 'GET', '/remotes.json')).body;
    expect(map.mfe_public).toEqual({
      entry: `/remotes/public/${news.release.manifest.version}/remoteEntry.js`,
      layout: 'public',
      patterns: ['/', '/courses', '/news'],
      serverRendered: false,
    });
    // Every page comes with the same map written in: the shell routes without asking for it first.
    const page = await api.app.inject({ method: 'GET', url: '/news' });
    expect(page.body).toContain('<script id="btls-areas" type="application/json">');
    expect(
      JSON.parse(/<script id="btls-areas" type="application\/json">([^<]*)<\/script>/.exec(page.body)![1]!),
    ).toEqual(map);
    const sitemap = (await api.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain('/news</loc>');

    // Rolled back: the page is gone from the map and from the sitemap.
    expect((await request(api, 'POST', '/api/releases/public/rollback', { token: news.token })).status).toBe(200);
    expect((await request(api, 'GET', '/remotes.json')).body.mfe_public.patterns).toEqual(['/', '/courses']);
    expect((await api.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain('/news</loc>');
  });

  it('keep signed-in areas out of search engines, and allow a public page under their prefix again', async () => {
    const robots = (await api.app.inject({ method: 'GET', url: '/robots.txt' })).body;
    expect(robots).toContain('Disallow: /api/');
    const employer = await released('employer', 'employer pages', ['/employer/*']);
    expect(employer.activated.status).toBe(200);
    await released('public', 'public with register', ['/', '/employer/register']);
    const now = (await api.app.inject({ method: 'GET', url: '/robots.txt' })).body;
    expect(now).toContain('Disallow: /employer/\n');
    expect(now).toContain('Allow: /employer/register\n');
  });

  it('are never claimed by two areas: the second is refused, naming both releases', async () => {
    const publicNews = await released('public', 'public claims news', ['/', '/news/:id']);
    expect(publicNews.activated.status).toBe(200);
    // Refused as it is uploaded (and at activation and in a rollout: territory.test.ts), naming both.
    const traineeNews = makeRelease('trainee', 'trainee claims news too', (manifest) => {
      manifest.pages = { ...TEST_PAGES.trainee, patterns: ['/dashboard', '/news/:slug'] };
    });
    const refused = await upload(api, traineeNews, await releaseToken(api, admin.token, 'trainee'));
    expect(refused).toMatchObject({ status: 409, body: { code: 'release.incompatible' } });
    expect(refused.body.message).toContain(
      `pages: /news/:slug of trainee ${traineeNews.manifest.version} overlaps /news/:id of public ${publicNews.release.manifest.version}`,
    );
  });

  it('are refused when not page patterns, or when the release does not say', async () => {
    const token = await releaseToken(api, admin.token, 'trainee');
    for (const patterns of [['/*'], ['dashboard'], ['/Dashboard'], ['/a/*/b'], ['/a/../b'], []]) {
      const release = makeRelease('trainee', `bad ${patterns.join()}`, (manifest) => {
        manifest.pages = { layout: 'public', signedIn: true, patterns };
      });
      const uploaded = await upload(api, release, token);
      expect(uploaded.status, patterns.join()).toBe(400);
      expect(uploaded.body.message, patterns.join()).toMatch(/pages/);
    }
    const unsaid = makeRelease('trainee', 'built before pages', (manifest) => delete manifest.pages);
    expect((await upload(api, unsaid, token)).status).toBe(201);
    const refused = await activate(api, 'trainee', unsaid.manifest.version, token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('pages: the release does not say which pages it serves');
  });
});
