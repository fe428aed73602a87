/**
 * A release's upload costs the API a bounded amount of memory whatever its size (its files stream to storage),
 * and an area's team can keep only so much: a quota of releases and bytes per area, and an upload rate.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrityOf } from '@btls/build-config/release';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { account, onPostgres, request, startApi, type TestApi } from './helpers';
import {
  activate,
  makeRelease,
  releaseToken,
  upload,
  startApiOnDisk,
  webRoot,
  type TestRelease,
} from './release-helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ web: { root: webRoot() } });
});
afterAll(() => api.close());

/** A release of `area` with `count` files of `size` random bytes each (as incompressible as a build's images). */
function bigRelease(
  area: 'public' | 'trainer' | 'admin' | 'employer' | 'trainee',
  count: number,
  size: number,
): TestRelease {
  const more: Record<string, string> = {};
  const release = makeRelease(area, `big ${Date.now()} ${Math.random()}`, undefined, more);
  for (let i = 0; i < count; i++) {
    const bytes = new Uint8Array(randomBytes(size));
    const path = `assets/blob-${i}.png`;
    release.files.set(path, bytes);
    release.manifest.files[path] = { integrity: integrityOf(bytes), size: bytes.length };
  }
  release.manifest.version = `1.0.0+${randomBytes(5).toString('hex')}`;
  return release;
}

/**
 * The most this process has been resident while `work` ran, in bytes: read every few milliseconds by a thread of
 * its own (the API's thread may be busy for long stretches, and a timer of its own would not fire meanwhile).
 */
async function peakResidentDuring(work: () => Promise<void>): Promise<number> {
  const peak = new Int32Array(new SharedArrayBuffer(4));
  const sampler = new Worker(
    `const { workerData } = require('node:worker_threads');
     const { readFileSync } = require('node:fs');
     const peak = new Int32Array(workerData);
     setInterval(() => {
       const kb = Number(/VmRSS:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
       if (kb > Atomics.load(peak, 0)) Atomics.store(peak, 0, kb);
     }, 2);`,
    { eval: true, workerData: peak.buffer },
  );
  try {
    await work();
  } finally {
    await sampler.terminate();
  }
  return Atomics.load(peak, 0) * 1024;
}

/** Uploads the release in `folder` (its release.json and `paths`) from a process of its own; answers the status. */
function sendFromAnotherProcess(url: string, token: string, folder: string, paths: string[]): Promise<string> {
  const code = `
    const { openAsBlob, readFileSync } = require('node:fs');
    const { join } = require('node:path');
    (async () => {
      const [url, token, folder, ...paths] = process.argv.slice(1);
      const form = new FormData();
      form.append('manifest', readFileSync(join(folder, 'release.json'), 'utf8'));
      for (const path of paths) form.append(path, await openAsBlob(join(folder, path)), path);
      const answer = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form });
      process.stdout.write(String(answer.status));
    })();
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code, url, token, folder, ...paths], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

type AreaList = { area: string; versions: { version: string }[] }[];

describe('an upload', () => {
  it('of 45 MB costs the API a bounded amount of memory: its files stream to storage', async () => {
    // As `npm start` keeps its data: PGlite in a folder (in memory, the database itself would be the memory).
    const onDisk = onPostgres ? api : await startApiOnDisk();
    try {
      const boss = await account(onDisk, 'admin');
      const token = await releaseToken(onDisk, boss.token, 'public');
      const address = await onDisk.app.listen({ port: 0, host: '127.0.0.1' });
      // Two releases of 45 MB one after the other: the second costs no more than the first (nothing accumulates).
      for (let round = 0; round < 2; round++) {
        const release = bigRelease('public', 5, 9 * 1024 * 1024);
        // Sent over HTTP by another process, as a team's release tool sends it: this process holds the server only.
        const folder = mkdtempSync(join(tmpdir(), 'btls-upload-'));
        for (const [path, bytes] of release.files) {
          mkdirSync(dirname(join(folder, path)), { recursive: true });
          writeFileSync(join(folder, path), bytes);
        }
        writeFileSync(join(folder, 'release.json'), JSON.stringify(release.manifest));
        const paths = [...release.files.keys()];
        release.files.clear();
        const before = process.memoryUsage().rss;
        let status = '';
        const peak = await peakResidentDuring(async () => {
          status = await sendFromAnotherProcess(`${address}/api/releases/public`, token, folder, paths);
        });
        expect(status).toBe('201');
        // The database's buffers (128 MB) fill once, and the chunks written wait for the garbage collector; the
        // API never holds the release (it once held 1.3 GB for one such release).
        expect(peak - before, `round ${round}`).toBeLessThan(384 * 1024 * 1024);
        // Stored whole: each file comes back as it went in (to everyone once it is active).
        expect((await activate(onDisk, 'public', release.manifest.version, token)).status).toBe(200);
        const file = await onDisk.app.inject({
          method: 'GET',
          url: `/remotes/public/${release.manifest.version}/assets/blob-3.png`,
        });
        expect(file.statusCode).toBe(200);
        expect(integrityOf(new Uint8Array(file.rawPayload))).toBe(
          release.manifest.files['assets/blob-3.png']!.integrity,
        );
      }
    } finally {
      if (onDisk !== api) await onDisk.close();
    }
  }, 120_000);
});

describe("an area's storage", () => {
  it('keeps so many releases and bytes: the oldest go first (never the active one nor the newest five), past that it is refused', async () => {
    const small = await startApi({
      web: { root: webRoot() },
      releaseQuota: { releases: 7, bytes: 1024 * 1024 },
    });
    try {
      const boss = await account(small, 'admin');
      const token = await releaseToken(small, boss.token, 'trainer');
      const versions: string[] = [];
      for (let i = 0; i < 10; i++) {
        const release = makeRelease('trainer', `kept ${i}`);
        expect((await upload(small, release, token)).status).toBe(201);
        versions.push(release.manifest.version);
        // The first one is the active one all along.
        if (i === 0) expect((await activate(small, 'trainer', release.manifest.version, token)).status).toBe(200);
      }
      const kept = (
        (await request(small, 'GET', '/api/releases', { token })).body as {
          area: string;
          versions: { version: string }[];
        }[]
      )
        .find((item) => item.area === 'trainer')!
        .versions.map((item) => item.version);
      expect(kept).toHaveLength(7);
      expect(kept).toContain(versions[0]);
      expect(kept).toEqual(expect.arrayContaining(versions.slice(-5)));
      // A refused upload (a file that does not match its hash) makes no room: nothing goes for it.
      const tampered = makeRelease('trainer', 'tampered');
      const files = new Map(tampered.files).set('assets/page-1.js', new TextEncoder().encode('export default 0;'));
      expect((await upload(small, tampered, token, files)).status).toBe(400);
      const still = ((await request(small, 'GET', '/api/releases', { token })).body as AreaList)
        .find((item) => item.area === 'trainer')!
        .versions.map((item) => item.version);
      expect(still).toEqual(kept);
      // The pruned ones' files are gone too.
      expect(
        (await small.app.inject({ method: 'GET', url: `/remotes/trainer/${versions[1]}/remoteEntry.js` })).statusCode,
      ).toBe(404);

      // A release larger than the whole quota cannot be made room for.
      const large = bigRelease('trainer', 2, 600 * 1024);
      const refused = await upload(small, large, token);
      expect(refused).toMatchObject({ status: 413, body: { code: 'release.quotaPassed' } });
      // Nothing of it was kept.
      expect(
        (await small.app.inject({ method: 'GET', url: `/remotes/trainer/${large.manifest.version}/remoteEntry.js` }))
          .statusCode,
      ).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('takes so many uploads an hour per area; the same release again does not count', async () => {
    const slow = await startApi({ web: { root: webRoot() }, limits: { releaseUploadsPerHour: 3 } });
    try {
      const boss = await account(slow, 'admin');
      const token = await releaseToken(slow, boss.token, 'employer');
      const first = makeRelease('employer', 'first');
      expect((await upload(slow, first, token)).status).toBe(201);
      for (let i = 0; i < 2; i++)
        expect((await upload(slow, makeRelease('employer', `more ${i}`), token)).status).toBe(201);
      const refused = await upload(slow, makeRelease('employer', 'one too many'), token);
      expect(refused).toMatchObject({ status: 429, body: { code: 'release.tooManyUploads' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The same release again is taken as it is, and another area uploads as usual.
      expect((await upload(slow, first, token)).status).toBe(200);
      const other = await releaseToken(slow, boss.token, 'trainee');
      expect((await upload(slow, makeRelease('trainee', 'another area'), other)).status).toBe(201);
    } finally {
      await slow.close();
    }
  });
});
