/**
 * What a stranger's request may make the server do, and what it may not: a release's files are compressed once,
 * when the release is stored, never while a request waits (a stranger asking for a large file compressed would
 * hold the threads other work needs); a password is hashed on threads of its own, which nothing else queues on;
 * and a candidate no browser was ever given (uploaded, never active, never rolled out) is for its team and its
 * trial alone: other teams' tokens do not see it, and its files are served only to the browser trying it.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { integrityOf } from '@btls/build-config/release';
import { hashPassword, verifyPassword } from '../src/auth';
import { eventually } from './eventually';
import { account, request, startApi, type Account, type TestApi } from './helpers';
import { activate, makeRelease, releaseToken, upload, webRoot, type TestRelease } from './release-helpers';

/** Every compression this process starts, whoever starts it (the server's code imports node:zlib too). */
const compressions = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:zlib', async (original) => {
  const real = await original<typeof import('node:zlib')>();
  const names = ['brotliCompress', 'brotliCompressSync', 'gzip', 'gzipSync', 'deflate', 'deflateSync'] as const;
  const counted = Object.fromEntries(
    names.map((name) => [
      name,
      (...args: unknown[]) => {
        compressions.count += 1;
        return (real[name] as (...given: unknown[]) => unknown)(...args);
      },
    ]),
  );
  return { ...real, ...counted, default: { ...real, ...counted } };
});

let api: TestApi;
let admin: Account;
beforeAll(async () => {
  api = await startApi({ web: { root: webRoot() } });
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

const TRIAL_HOST = 'trial.localhost';
const BIG = 'assets/big.js';

/** A few MB of script text, as a large bundle is (it compresses to a fraction). */
function bigScript(bytes: number): Uint8Array {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `export const value${i} = { id: ${i}, label: "item ${i % 97}", next: ${(i * 7919) % 10007} };\n`;
    lines.push(line);
    size += line.length;
  }
  return new TextEncoder().encode(lines.join('').slice(0, bytes));
}

/** A release of `area` with a large script beside its entry. */
function withBigFile(area: 'trainer' | 'employer', text: string, bytes = 2 * 1024 * 1024): TestRelease {
  const release = makeRelease(area, text);
  const big = bigScript(bytes);
  release.files.set(BIG, big);
  release.manifest.files[BIG] = { integrity: integrityOf(big), size: big.length };
  return release;
}

/** A GET as a browser sends it: compressed answers welcome; `trial` on the trial origin, with its cookie. */
async function fetchFile(url: string, options: { encoding?: string; trial?: boolean; cookie?: string } = {}) {
  const before = compressions.count;
  const answer = await api.app.inject({
    method: 'GET',
    url,
    headers: {
      'accept-encoding': options.encoding ?? 'gzip, deflate, br',
      ...(options.trial ? { host: TRIAL_HOST } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
  return { answer, compressed: compressions.count - before };
}

/** The candidate's trial link opened in a browser on the trial origin: that browser's trial cookie. */
async function trialCookie(token: string, area: string, version: string): Promise<string> {
  const asked = await request(api, 'POST', `/api/releases/${area}/trial`, { token, json: { version } });
  expect(asked.status).toBe(200);
  const link = new URL(asked.body.link as string);
  const page = await api.app.inject({
    method: 'GET',
    url: `${link.pathname}${link.search}`,
    headers: { host: TRIAL_HOST, 'sec-fetch-site': 'none', cookie: 'btlsBrowser=QnJvd3Nlci1vZi10' },
  });
  const cookie = String(page.headers['set-cookie'] ?? '').split(';')[0]!;
  expect(cookie).toMatch(/^btlsReleases=/);
  return cookie;
}

describe("a never-activated candidate's files", () => {
  let token: string;
  let candidate: TestRelease;
  beforeAll(async () => {
    token = await releaseToken(api, admin.token, 'trainer');
    const active = makeRelease('trainer', 'the active one');
    expect((await upload(api, active, token)).status).toBe(201);
    expect((await activate(api, 'trainer', active.manifest.version, token)).status).toBe(200);
    candidate = withBigFile('trainer', 'a candidate');
    expect((await upload(api, candidate, token)).status).toBe(201);
  });

  it('are not served to a stranger, on the site nor on the trial origin, however it asks', async () => {
    const url = `/remotes/trainer/${candidate.manifest.version}/${BIG}`;
    for (const ask of [
      {},
      { encoding: 'br' },
      { encoding: 'gzip' },
      { trial: true },
      { trial: true, encoding: 'br' },
    ]) {
      const { answer, compressed } = await fetchFile(url, ask);
      expect(answer.statusCode, JSON.stringify(ask)).toBe(404);
      expect(answer.body).toBe('Not found');
      expect(compressed, JSON.stringify(ask)).toBe(0);
    }
    // A cookie naming it that the server did not sign, or a trial cookie on the site itself, opens nothing either.
    const forged = `btlsReleases=${encodeURIComponent(`trainer@${candidate.manifest.version}`)}`;
    expect((await fetchFile(url, { trial: true, cookie: forged })).answer.statusCode).toBe(404);
    const cookie = await trialCookie(token, 'trainer', candidate.manifest.version);
    expect((await fetchFile(url, { cookie })).answer.statusCode).toBe(404);
    // The same stranger's request of the active release is answered: the route ran and refused this one.
    const { answer: active } = await fetchFile(`/remotes/trainer/${(await activeVersion('trainer'))!}/remoteEntry.js`, {
      encoding: 'br',
    });
    expect(active.statusCode).toBe(200);
  });

  it('are served to the browser trying it, compressed when it was stored: nothing is compressed while it waits', async () => {
    const cookie = await trialCookie(token, 'trainer', candidate.manifest.version);
    const url = `/remotes/trainer/${candidate.manifest.version}/${BIG}`;
    const big = candidate.files.get(BIG)!;
    const br = await fetchFile(url, { trial: true, cookie, encoding: 'br' });
    expect(br.answer.statusCode).toBe(200);
    expect(br.answer.headers['content-encoding']).toBe('br');
    expect(br.answer.headers.vary).toContain('Accept-Encoding');
    // For this browser alone: no shared cache keeps it for the next one to ask.
    expect(br.answer.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(br.compressed).toBe(0);
    expect(Buffer.compare(brotliDecompressSync(br.answer.rawPayload), Buffer.from(big))).toBe(0);
    expect(br.answer.rawPayload.length).toBeLessThan(big.length / 3);
    const gzip = await fetchFile(url, { trial: true, cookie, encoding: 'gzip' });
    expect(gzip.answer.headers['content-encoding']).toBe('gzip');
    expect(gzip.compressed).toBe(0);
    expect(Buffer.compare(gunzipSync(gzip.answer.rawPayload), Buffer.from(big))).toBe(0);
    const plain = await fetchFile(url, { trial: true, cookie, encoding: 'identity' });
    expect(plain.answer.headers['content-encoding']).toBeUndefined();
    expect(plain.answer.rawPayload.length).toBe(big.length);
  });

  it('are served to everyone once it was active, and after a rollback (pages that loaded it go on working)', async () => {
    const other = withBigFile('trainer', 'activated then rolled back', 64 * 1024);
    expect((await upload(api, other, token)).status).toBe(201);
    const url = `/remotes/trainer/${other.manifest.version}/remoteEntry.js`;
    expect((await fetchFile(url)).answer.statusCode).toBe(404);
    expect((await activate(api, 'trainer', other.manifest.version, token)).status).toBe(200);
    expect((await fetchFile(url)).answer.statusCode).toBe(200);
    expect((await request(api, 'POST', '/api/releases/trainer/rollback', { token, json: {} })).status).toBe(200);
    expect(await activeVersion('trainer')).not.toBe(other.manifest.version);
    const after = await fetchFile(`/remotes/trainer/${other.manifest.version}/${BIG}`, { encoding: 'br' });
    expect(after.answer.statusCode).toBe(200);
    expect(after.answer.headers['content-encoding']).toBe('br');
    expect(after.compressed).toBe(0);
  });

  it('past the size the server compresses, a file is sent as it is, still never compressed on request', async () => {
    const employer = await releaseToken(api, admin.token, 'employer');
    const huge = withBigFile('employer', 'a huge file', 9 * 1024 * 1024);
    expect((await upload(api, huge, employer)).status).toBe(201);
    expect((await activate(api, 'employer', huge.manifest.version, employer)).status).toBe(200);
    const { answer, compressed } = await fetchFile(`/remotes/employer/${huge.manifest.version}/${BIG}`, {
      encoding: 'br',
    });
    expect(answer.statusCode).toBe(200);
    expect(compressed).toBe(0);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.rawPayload.length).toBe(huge.files.get(BIG)!.length);
  });
});

describe("this server's own build of an area", () => {
  it('is served with the compressed copies its build made, checked against its files, none made here', async () => {
    const build = withBigFile('employer', 'a local build', 300 * 1024);
    const root = webRoot();
    const dist = join(root, 'mfe-employer', 'dist');
    for (const [path, bytes] of build.files) {
      mkdirSync(dirname(join(dist, path)), { recursive: true });
      writeFileSync(join(dist, path), bytes);
      // As scripts/precompress.mjs writes them (the entry is too small to be worth it).
      if (bytes.length > 1024) {
        writeFileSync(join(dist, `${path}.br`), brotliCompressSync(bytes));
        writeFileSync(join(dist, `${path}.gz`), gzipSync(bytes));
      }
    }
    writeFileSync(join(dist, 'release.json'), JSON.stringify(build.manifest));
    const before = compressions.count;
    const local = await startApi({ web: { root } });
    try {
      const url = `/remotes/employer/${build.manifest.version}/${BIG}`;
      const copy = await eventually(async () => {
        const answer = await local.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        expect(answer.headers['content-encoding']).toBe('br');
        return answer.rawPayload;
      });
      expect(Buffer.compare(brotliDecompressSync(copy), Buffer.from(build.files.get(BIG)!))).toBe(0);
      // Taken from the build, not made at start.
      expect(compressions.count - before).toBe(0);
    } finally {
      await local.close();
    }
  });
});

async function activeVersion(area: string): Promise<string | null> {
  const listed = await request(api, 'GET', '/api/releases', { token: admin.token });
  return (listed.body as { area: string; active: string | null }[]).find((item) => item.area === area)!.active;
}

describe('the list of releases', () => {
  it("shows another team's token no candidate of that team, only the versions browsers were given", async () => {
    const trainer = await releaseToken(api, admin.token, 'trainer');
    const public_ = await releaseToken(api, admin.token, 'public');
    const served = makeRelease('trainer', 'served to browsers');
    expect((await upload(api, served, trainer)).status).toBe(201);
    expect((await activate(api, 'trainer', served.manifest.version, trainer)).status).toBe(200);
    const hidden = makeRelease('trainer', 'not yet tried by anyone');
    expect((await upload(api, hidden, trainer)).status).toBe(201);
    const versionsFor = async (who: string) =>
      (
        (await request(api, 'GET', '/api/releases', { token: who })).body as {
          area: string;
          versions: { version: string }[];
        }[]
      )
        .find((item) => item.area === 'trainer')!
        .versions.map((item) => item.version);
    // Its own team and the admins see it.
    expect(await versionsFor(trainer)).toContain(hidden.manifest.version);
    expect(await versionsFor(admin.token)).toContain(hidden.manifest.version);
    // Another team's token sees the trainer area's served versions, not its candidate.
    const seen = await versionsFor(public_);
    expect(seen).toContain(served.manifest.version);
    expect(seen).not.toContain(hidden.manifest.version);
    // Nor its manifest.
    const manifest = await request(api, 'GET', `/api/releases/trainer/${hidden.manifest.version}/manifest`, {
      token: public_,
    });
    expect(manifest.status).toBe(404);
    expect(
      (await request(api, 'GET', `/api/releases/trainer/${served.manifest.version}/manifest`, { token: public_ }))
        .status,
    ).toBe(200);
  });
});

describe('password hashing', () => {
  /**
   * Every thread of libuv's pool (what Node's asynchronous file, DNS, compression and crypto work queue on) held
   * by an open of a named pipe that no one writes yet; `release` lets them all go.
   */
  async function holdThreadPool() {
    const folder = mkdtempSync(join(tmpdir(), 'btls-pool-'));
    const size = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    const pipes = Array.from({ length: size }, (_, i) => join(folder, `pipe-${i}`));
    for (const pipe of pipes) execFileSync('mkfifo', [pipe]);
    const opened: Promise<FileHandle>[] = pipes.map((pipe) => open(pipe, 'r'));
    // A piece of work queued behind them: it waits as long as they hold the pool.
    let probeDone = false;
    void readFile(import.meta.filename).then(() => (probeDone = true));
    return {
      probeDone: () => probeDone,
      async release() {
        const writers = pipes.map((pipe) => openSync(pipe, 'w'));
        for (const handle of await Promise.all(opened)) await handle.close();
        for (const writer of writers) closeSync(writer);
        await eventually(() => expect(probeDone).toBe(true));
      },
    };
  }

  it('runs on threads of its own: a sign-in is not queued behind whatever else holds the thread pool', async () => {
    // The hashing threads started (a thread's start reads its modules from disk).
    const existing = await hashPassword('an earlier password');
    const pool = await holdThreadPool();
    try {
      let hashed: string | undefined;
      let verified: boolean | undefined;
      void hashPassword('a new password').then((hash) => (hashed = hash));
      await eventually(() => expect(hashed).toMatch(/^\$argon2id\$/));
      void verifyPassword(existing, 'an earlier password').then((ok) => (verified = ok));
      await eventually(() => expect(verified).toBe(true));
      // The pool was held all along: the work queued behind its threads has not run.
      expect(pool.probeDone()).toBe(false);
    } finally {
      await pool.release();
    }
    // Hashes made before keep working, and a wrong password is refused.
    expect(await verifyPassword(existing, 'another password')).toBe(false);
    expect(await verifyPassword('not a hash', 'an earlier password')).toBe(false);
  });
});
