/**
 * The service worker at /sw.js — the shell's worker code with what it keeps written in front: the
 * shell's files and each area's active release. A release or a rollback changes the bytes (how the browser
 * learns of a new version); the same releases give the same bytes (on every instance, at any time).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwConfig } from '@btls/shared-api/service-worker';
import { account, request, startApi, type Account, type TestApi } from './helpers';
import { activate, makeRelease, releaseToken, upload, webRoot } from './release-helpers';

const CODE = '/* the worker */ self.addEventListener("fetch", () => {});\n';

let api: TestApi;
let admin: Account;
beforeAll(async () => {
  const root = webRoot();
  const dist = join(root, 'shell', 'dist');
  writeFileSync(join(dist, 'sw-code.js'), CODE);
  writeFileSync(join(dist, 'assets', 'index-AbCd1234.js'), 'export {};\n');
  writeFileSync(join(dist, 'assets', 'index-AbCd1234.js.br'), 'compressed');
  // The shell's compiled French texts, as its build writes them (the worker's offline page takes its own).
  writeFileSync(
    join(dist, 'assets', 'fr-Xy12_-zW.js'),
    'var e=JSON.parse(`{"shell.offline.now":["Vous êtes hors ligne."],"shell.offlinePage.title":["Vous êtes hors ligne"],' +
      '"shell.offlinePage.saved":["Enregistré, l\\`ici"],"shell.offlinePage.named":["de ",["name"]]}`);export{e as messages};',
  );
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
  mkdirSync(join(dist, 'server'), { recursive: true });
  writeFileSync(join(dist, 'server', 'render.js'), 'module.exports = {};');
  api = await startApi({ web: { root } });
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

async function worker() {
  const response = await api.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'identity' } });
  const [, json] = /^self\.__BTLS_SW=(.*);\n/.exec(response.body) ?? [];
  return { response, body: response.body, config: JSON.parse(json ?? 'null') as SwConfig };
}

describe('/sw.js', () => {
  it("lists the shell's files and each area's active release, and changes with a release and back with a rollback", async () => {
    const token = await releaseToken(api, admin.token, 'trainer');
    const v1 = makeRelease('trainer', 'first');
    await upload(api, v1, token);
    expect((await activate(api, 'trainer', v1.manifest.version, token)).status).toBe(200);

    const first = await worker();
    expect(first.response.statusCode).toBe(200);
    expect(first.response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(first.response.headers['cache-control']).toBe('no-cache');
    // Then the worker's code, at an address named by its content and kept for good: a release changes the list only.
    const [, codeUrl] = /\nimportScripts\("(\/sw-code-[\w-]+\.js)"\);\n$/.exec(first.body) ?? [];
    const code = await api.app.inject({ method: 'GET', url: codeUrl!, headers: { 'accept-encoding': 'identity' } });
    expect(code.body).toBe(CODE);
    expect(code.headers['content-type']).toMatch(/^text\/javascript/);
    expect(code.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shell = Object.fromEntries(first.config.shell.map((file) => [file.url, file.revision]));
    // (Not the web app manifest: installing is the browser's, which keeps it itself.)
    expect(Object.keys(shell).sort()).toEqual(['/assets/fr-Xy12_-zW.js', '/assets/index-AbCd1234.js', '/index.html']);
    expect(shell['/assets/index-AbCd1234.js']).toBeNull(); // its name changes with its content
    expect(shell['/index.html']).toMatch(/^[0-9a-f]{16}$/);
    const base = `/remotes/trainer/${v1.manifest.version}/`;
    expect(first.config.areas.trainer).toEqual({
      name: 'mfe_trainer',
      version: v1.manifest.version,
      base,
      entry: `${base}remoteEntry.js`,
      // Offline, the worker's map of areas routes the same pages.
      layout: 'panel',
      patterns: ['/trainer/*'],
      serverRendered: false,
      files: [`${base}assets/page-1.js`, `${base}remoteEntry.js`],
    });
    // Every file listed is served.
    for (const url of first.config.areas.trainer!.files)
      expect((await api.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);

    // Two areas: listed in the areas' order, whatever order the database returns them in.
    const employerToken = await releaseToken(api, admin.token, 'employer');
    const employer = makeRelease('employer', 'employer first');
    await upload(api, employer, employerToken);
    await activate(api, 'employer', employer.manifest.version, employerToken);
    const both = await worker();
    expect(Object.keys(both.config.areas)).toEqual(['employer', 'trainer']);

    const v2 = makeRelease('trainer', 'second');
    await upload(api, v2, token);
    await activate(api, 'trainer', v2.manifest.version, token);
    const second = await worker();
    expect(second.body).not.toBe(both.body);
    expect(second.config.areas.trainer!.version).toBe(v2.manifest.version);
    expect(second.body.slice(second.body.lastIndexOf('\n', second.body.length - 2))).toBe(
      first.body.slice(first.body.lastIndexOf('\n', first.body.length - 2)),
    );

    expect((await request(api, 'POST', '/api/releases/trainer/rollback', { token })).status).toBe(200);
    expect((await worker()).body).toBe(both.body);
  });

  it("carries its offline page's texts in each language the shell's catalogues have, plain ones only", async () => {
    const { config } = await worker();
    expect(config.texts).toEqual({
      fr: { 'shell.offlinePage.title': 'Vous êtes hors ligne', 'shell.offlinePage.saved': 'Enregistré, l`ici' },
    });
  });

  it('takes so much of one area: a release of 1,999 tiny files is listed by its entry, and the worker stays small', async () => {
    const before = (await worker()).body.length;
    const token = await releaseToken(api, admin.token, 'trainer');
    const tiny = Object.fromEntries(
      Array.from({ length: 1997 }, (_, i) => [
        `assets/tiny-${String(i).padStart(4, '0')}-a1B2c3D4.js`,
        `export default ${i};`,
      ]),
    );
    const crowded = makeRelease('trainer', 'many files', undefined, tiny);
    expect((await upload(api, crowded, token)).status).toBe(201);
    expect((await activate(api, 'trainer', crowded.manifest.version, token)).status).toBe(200);
    const now = await worker();
    const base = `/remotes/trainer/${crowded.manifest.version}/`;
    expect(now.config.areas.trainer).toEqual({
      name: 'mfe_trainer',
      version: crowded.manifest.version,
      base,
      entry: `${base}remoteEntry.js`,
      layout: 'panel',
      patterns: ['/trainer/*'],
      serverRendered: false,
      files: [`${base}remoteEntry.js`],
    });
    expect(now.body.length - before).toBeLessThan(1024);
  });

  it('comes compressed: brotli to a browser that takes it, else gzip, the same script either way', async () => {
    const plain = await api.app.inject({ method: 'GET', url: '/sw.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await api.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': accepted } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it("answers a browser's check for a new version with 304 while nothing changed (a visit pays no worker twice)", async () => {
    const first = await api.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await api.app.inject({ method: 'GET', url: '/sw.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await api.app.inject({ method: 'GET', url: '/sw.js', headers: { 'if-none-match': '"older"' } });
    expect(other.statusCode).toBe(200);
  });
});
