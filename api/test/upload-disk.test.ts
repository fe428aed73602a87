/**
 * What a team's token can make the server keep on disk: a refused upload nothing (its files wait in a private
 * temporary folder until the whole release is checked, and only an accepted one reaches the database), a dropped
 * release's space is given back to the database, the quota counts what the area's releases take stored, and an
 * area uploads one release at a time (the server a few at once).
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrityOf } from '@btls/build-config/release';
import type { RemoteArea } from '@btls/build-config/remotes';
import { eventually } from './eventually';
import { account, onPostgres, request, startApi, type TestApi } from './helpers';
import {
  makeRelease,
  multipart,
  releaseToken,
  upload,
  startApiOnDisk,
  webRoot,
  type TestRelease,
} from './release-helpers';

/** A release of `area` with `count` more files of `size` random bytes each (as incompressible as images). */
function releaseWith(area: RemoteArea, count: number, size: number): TestRelease {
  const release = makeRelease(area, `disk ${randomBytes(6).toString('hex')}`);
  for (let i = 0; i < count; i++) {
    const bytes = new Uint8Array(randomBytes(size));
    release.files.set(`assets/blob-${i}.png`, bytes);
    release.manifest.files[`assets/blob-${i}.png`] = { integrity: integrityOf(bytes), size };
  }
  release.manifest.version = `1.0.0+${randomBytes(5).toString('hex')}`;
  return release;
}

/** The bytes of every file under `dir`. */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** The folders this process's uploads keep their files in until they are checked. */
const stagingFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`btls-staged-${process.pid}-`));

/** What the database holds for releases' files, in bytes on disk (their rows, TOAST and indexes). */
async function releaseFilesOnDisk(api: TestApi): Promise<number> {
  const result = await api.db.execute<{ bytes: number }>(
    sql`select (pg_total_relation_size('release_file_chunks') + pg_total_relation_size('release_files'))::float8 as bytes`,
  );
  return Number((result as unknown as { rows: { bytes: number }[] }).rows[0]!.bytes);
}

/** The versions of `area` the server keeps. */
async function kept(api: TestApi, token: string, area: RemoteArea): Promise<string[]> {
  const list = (await request(api, 'GET', '/api/releases', { token })).body as {
    area: string;
    versions: { version: string }[];
  }[];
  return list.find((item) => item.area === area)!.versions.map((item) => item.version);
}

/**
 * An upload sent over HTTP that stops before its last `held` bytes, until `end` sends them or `cut` hangs up (a
 * client gone mid-way); `answer` is its status and body once it ends.
 */
function slowUpload(address: string, token: string, release: TestRelease, held: number) {
  const { payload, headers } = multipart(release);
  let sent: ClientRequest;
  const answer = new Promise<{ status: number; body: { code?: string } }>((resolve, reject) => {
    sent = httpRequest(`${address}/api/releases/${release.manifest.area}`, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(payload.length), authorization: `Bearer ${token}` },
    });
    sent.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }));
    });
    sent.on('error', reject);
    sent.write(payload.subarray(0, payload.length - held));
  });
  const ongoing = {
    answer,
    end: () => sent.end(payload.subarray(payload.length - held)),
    cut: () => {
      answer.catch(() => undefined);
      sent.destroy();
    },
  };
  streaming.add(ongoing);
  void answer.finally(() => streaming.delete(ongoing)).catch(() => undefined);
  return ongoing;
}

/** The uploads still streaming (a test that failed half-way leaves them; they are cut before the API closes). */
const streaming = new Set<{ cut(): void }>();

/** The uploads of `area` counted this hour (once its manifest is read and its turn taken). */
async function countedUploads(api: TestApi, area: RemoteArea): Promise<number> {
  const result = await api.db.execute<{ count: number }>(
    sql`select count from rate_limits where key = ${`release-uploads:${area}`}`,
  );
  return Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
}

describe.skipIf(onPostgres)('refused uploads, on PGlite', () => {
  it('leave the data folder as it was: a refused release never reaches the database', async () => {
    const api = await startApiOnDisk();
    try {
      const boss = await account(api, 'admin');
      const token = await releaseToken(api, boss.token, 'public');
      const before = folderBytes(api.data);
      let sent = 0;
      for (let round = 0; round < 6; round++) {
        // 3 MB whose last file's last byte is not the one its hash says: refused only once nearly all is read.
        const release = releaseWith('public', 3, 1024 * 1024);
        const files = new Map(release.files);
        const last = new Uint8Array(files.get('assets/blob-2.png')!);
        last.set([last.at(-1)! ^ 1], last.length - 1);
        files.set('assets/blob-2.png', last);
        const { payload } = multipart(release, files);
        sent += payload.length;
        const refused = await upload(api, release, token, files);
        // The attacker's request ran: past the token, read to its end, refused for what it carried.
        expect(refused).toMatchObject({
          status: 400,
          body: { code: 'release.fileHashMismatch', params: { path: 'assets/blob-2.png' } },
        });
        // Nothing of it waits on disk.
        expect(stagingFolders()).toEqual([]);
      }
      const grown = folderBytes(api.data) - before;
      // (Today's rows: the hour's count of uploads, the token's last use.)
      expect(grown, `${sent} bytes sent`).toBeLessThan(2 * 1024 * 1024);
    } finally {
      await api.close();
    }
  }, 120_000);
});

describe.skipIf(onPostgres)("a dropped release's space", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ web: { root: webRoot() }, releaseQuota: { releases: 6 } });
  });
  afterAll(() => api.close());

  it('is given back to the database (VACUUM): releases evicted by the quota or pruned leave no dead bytes', async () => {
    const boss = await account(api, 'admin');
    const token = await releaseToken(api, boss.token, 'trainer');
    const versions: string[] = [];
    const size = 512 * 1024;
    const send = async () => {
      const release = releaseWith('trainer', 1, size);
      expect((await upload(api, release, token)).status).toBe(201);
      versions.push(release.manifest.version);
    };
    for (let i = 0; i < 6; i++) await send();
    const six = await releaseFilesOnDisk(api);
    // Six more: each makes room by deleting the oldest (the quota keeps six).
    for (let i = 0; i < 6; i++) await send();
    expect(await kept(api, token, 'trainer')).toEqual(versions.slice(-6).reverse());
    // The space of the deleted ones held the new ones: about a release more than six (the newest is stored before
    // the oldest goes), not twelve.
    expect(await releaseFilesOnDisk(api)).toBeLessThan(six + 1.5 * size);
    // A prune's too.
    expect(
      (await request(api, 'POST', '/api/releases/prune', { token: boss.token, json: { keep: 5 } })).body,
    ).toMatchObject({
      count: 1,
    });
    await send();
    expect(await kept(api, token, 'trainer')).toHaveLength(6);
    expect(await releaseFilesOnDisk(api)).toBeLessThan(six + 1.5 * size);
  }, 120_000);
});

describe("an area's quota", () => {
  it('counts what its releases take stored, not only the sizes their manifests declare', async () => {
    const quota = 2 * 1024 * 1024;
    const api = await startApi({ web: { root: webRoot() }, releaseQuota: { bytes: quota } });
    try {
      const boss = await account(api, 'admin');
      const token = await releaseToken(api, boss.token, 'employer');
      // Many small files: 4 KB declared, each file a row (and its bytes a row) in the database.
      const small = () => {
        const more: Record<string, string> = {};
        for (let i = 0; i < 400; i++) more[`assets/part-${i}.txt`] = `${i}`.padStart(10, '.');
        return makeRelease('employer', `small ${randomBytes(6).toString('hex')}`, undefined, more);
      };
      const empty = await releaseFilesOnDisk(api);
      expect((await upload(api, small(), token)).status).toBe(201);
      const one = (await releaseFilesOnDisk(api)) - empty;
      for (let i = 0; i < 9; i++) expect((await upload(api, small(), token)).status).toBe(201);
      const count = (await kept(api, token, 'employer')).length;
      // What the kept releases take stored stays within the quota (the oldest went to make room).
      expect(count * one, `${count} releases of ${one} bytes stored`).toBeLessThanOrEqual(quota);
      expect(count).toBeGreaterThanOrEqual(5);
    } finally {
      await api.close();
    }
  }, 120_000);
});

describe('uploads at once', () => {
  let api: TestApi;
  let address: string;
  beforeAll(async () => {
    api = await startApi({ web: { root: webRoot() } });
    address = await api.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const ongoing of streaming) ongoing.cut();
    await api.close();
  });

  it("are one per area and few per server; each upload's temporary files go on every path", async () => {
    const boss = await account(api, 'admin');
    const trainee = await releaseToken(api, boss.token, 'trainee');
    const trainer = await releaseToken(api, boss.token, 'trainer');
    const employer = await releaseToken(api, boss.token, 'employer');

    // One release of the trainee area streams (all but its last 512 KB sent)…
    const first = slowUpload(address, trainee, releaseWith('trainee', 1, 2 * 1024 * 1024), 512 * 1024);
    await eventually(async () => expect(await countedUploads(api, 'trainee')).toBe(1));
    // …its files waiting in a folder only this user may read.
    await eventually(() => expect(stagingFolders()).toHaveLength(1));
    expect(statSync(join(tmpdir(), stagingFolders()[0]!)).mode & 0o777).toBe(0o700);

    // A second of the same area is refused while it streams, before a byte of it is stored.
    const second = await upload(api, releaseWith('trainee', 1, 256 * 1024), trainee);
    expect(second).toMatchObject({ status: 409, body: { code: 'release.uploadUnderway' } });
    expect(second.body.message).toMatch(/under way/);

    // Another area's streams beside it; a third area's must wait for one of them.
    const other = slowUpload(address, trainer, releaseWith('trainer', 1, 2 * 1024 * 1024), 512 * 1024);
    await eventually(async () => expect(await countedUploads(api, 'trainer')).toBe(1));
    const third = await upload(api, releaseWith('employer', 1, 256 * 1024), employer);
    expect(third).toMatchObject({ status: 503, body: { code: 'request.serviceBusy' } });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    // The trainer's ends and is stored; the trainee's client hangs up mid-way: both folders go.
    other.end();
    expect((await other.answer).status).toBe(201);
    first.cut();
    await eventually(() => expect(stagingFolders()).toEqual([]));
    // Its turn went with it: the area uploads again.
    expect((await upload(api, releaseWith('trainee', 1, 256 * 1024), trainee)).status).toBe(201);
    expect((await upload(api, releaseWith('employer', 1, 256 * 1024), employer)).status).toBe(201);
  }, 60_000);

  it('leave no temporary folder behind: what an earlier process left is swept at start', async () => {
    // Left by an earlier process with this one's id (a restarted container: only this process sweeps it), and by a
    // process that is gone; another instance's, still running, stays.
    const earlier = join(tmpdir(), `btls-staged-${process.pid}-0a1b2c3d-x1y2z3`);
    const gone = join(tmpdir(), `btls-staged-${spawnSync(process.execPath, ['-e', '']).pid}-0a1b2c3d-x1y2z3`);
    const running = join(tmpdir(), `btls-staged-${process.ppid}-0a1b2c3d-a1b2c3`);
    for (const folder of [earlier, gone, running]) {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      writeFileSync(join(folder, '0'), randomBytes(1024));
    }
    const restarted = await startApi({ web: { root: webRoot() } });
    try {
      await eventually(() => expect([existsSync(earlier), existsSync(gone)]).toEqual([false, false]));
      expect(existsSync(running)).toBe(true);
    } finally {
      await restarted.close();
      rmSync(running, { recursive: true, force: true });
    }
  });
});
