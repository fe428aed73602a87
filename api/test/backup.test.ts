/**
 * `npm run backup` while the server serves, `npm run restore` into an empty data directory
 * or database, and the same data afterwards — including the sign-in secret (a token from before still works)
 * and the issuer key (a credential downloaded before still verifies).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, onPostgres } from './helpers';
import { consoleFetch, DIST, startServer, useServerProcesses } from './server-process';

useServerProcesses();

/** A server process with `env` and one public address for the original and the restored site (credentials name it). */
async function serve(env: Record<string, string>) {
  const server = startServer({
    PUBLIC_URL: 'https://btls.example.rw',
    ADMIN_URL: 'https://admin.btls.example.rw',
    ...env,
  });
  await server.ready;
  return server;
}

/** `npm run backup|restore -- <file>` as the operator runs it: the server's own environment. */
function command(which: 'backup' | 'restore', file: string, env: Record<string, string | undefined>) {
  const result = spawnSync(process.execPath, [`${DIST}backup.js`, which, file], {
    env: { ...process.env, ...env } as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, said: `${result.stdout}${result.stderr}` };
}

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });

/** The console of the sites served here (their ADMIN_URL's host). */
const CONSOLE_HOST = 'admin.btls.example.rw';
/** A request to the site's console (an admin's session works there only). */
const onConsole = (url: string, init: Parameters<typeof consoleFetch>[1] = {}) => consoleFetch(url, init, CONSOLE_HOST);

/** A sign-in: an admin's on the console, anyone else's on the site. */
async function signIn(base: string, email: string, password: string): Promise<string> {
  const { body } = await json(
    await (email.startsWith('admin@') ? onConsole : fetch)(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  return body.token;
}

/** What the restored site must show as the original did: a credential, a token, a message written just before. */
async function stateOf(base: string) {
  const graduate = await signIn(base, 'graduate@btls-demo.rw', 'graduate-demo-2026');
  const { body: mine } = await json(
    await fetch(`${base}/api/certificates/user`, { headers: { authorization: `Bearer ${graduate}` } }),
  );
  const code = mine[0].certificateCode as string;
  const credential = await (await fetch(`${base}/api/certificates/${code}/credential`)).text();
  const courses = (await json(await fetch(`${base}/api/courses?limit=100`))).body.map(
    (c: { title: string }) => c.title,
  );
  return { graduate, code, credential, courses };
}

async function checkRestored(base: string, before: Awaited<ReturnType<typeof stateOf>>, adminToken: string) {
  // The credential downloaded before the backup verifies against the restored site's issuer key.
  const check = await json(
    await fetch(`${base}/api/credentials/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: before.credential,
    }),
  );
  expect(check.body).toMatchObject({ verified: true, revoked: false, errors: [] });
  // A sign-in from before still opens (the same secret), and the data is the same.
  const me = await fetch(`${base}/api/certificates/user`, { headers: { authorization: `Bearer ${before.graduate}` } });
  expect(me.status).toBe(200);
  expect(
    (await json(await fetch(`${base}/api/courses?limit=100`))).body.map((c: { title: string }) => c.title),
  ).toEqual(before.courses);
  const inbox = await json(
    await onConsole(`${base}/api/contact`, { headers: { authorization: `Bearer ${adminToken}` } }),
  );
  expect(inbox.body.map((m: { subject: string }) => m.subject)).toContain('Written just before the backup');
}

async function writeMessage(base: string) {
  const sent = await fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Backup',
      email: 'backup@example.rw',
      subject: 'Written just before the backup',
      message: 'Kept',
    }),
  });
  expect(sent.status).toBe(201);
}

describe.skipIf(onPostgres)('backup and restore, embedded', { timeout: 180_000 }, () => {
  it('backs up while serving, encrypted; restores into an empty folder only, with the right key only', async () => {
    const work = mkdtempSync(join(tmpdir(), 'btls-backup-'));
    const key = { BTLS_BACKUP_KEY: 'correct horse battery staple 2026' };
    const original = await serve({ BTLS_DATA_DIR: join(work, 'data') });
    const before = await stateOf(original.base);
    await writeMessage(original.base);

    const file = join(work, 'site.btls');
    const made = command('backup', file, { ...original.env, ...key });
    expect(made.said).toMatch(/Backed up the data directory .* \(\d+ bytes of data, encrypted\)/);
    expect(made.status).toBe(0);
    const bytes = readFileSync(file);
    const secret = readFileSync(join(work, 'data', 'jwt-secret'), 'utf8');
    expect(bytes.includes(secret)).toBe(false); // encrypted: neither the secret nor the data in clear
    expect(bytes.includes('graduate@btls-demo.rw')).toBe(false);
    // The server went on serving meanwhile.
    expect((await fetch(`${original.base}/api/health/ready`)).status).toBe(200);
    await original.stop();

    const into = join(work, 'restored');
    const wrongKey = command('restore', file, { BTLS_DATA_DIR: into, BTLS_BACKUP_KEY: 'not the key' });
    expect(wrongKey.status).toBe(1);
    expect(wrongKey.said).toMatch(/could not be decrypted: BTLS_BACKUP_KEY is not its key/);
    expect(command('restore', file, { BTLS_DATA_DIR: into }).said).toMatch(/encrypted: set BTLS_BACKUP_KEY/);
    mkdirSync(join(work, 'busy'));
    writeFileSync(join(work, 'busy', 'something'), 'x');
    expect(command('restore', file, { BTLS_DATA_DIR: join(work, 'busy'), ...key }).said).toMatch(/is not empty/);

    const restored = command('restore', file, { BTLS_DATA_DIR: into, ...key });
    expect(restored.said).toMatch(/Restored .* with its sign-in secret and issuer key/);
    expect(restored.status).toBe(0);
    const again = await serve({ BTLS_DATA_DIR: into });
    await checkRestored(again.base, before, await signIn(again.base, 'admin@btls-demo.rw', 'admin-demo-2026'));
    await again.stop();
  });

  it('refuses a backup request without the operator token, and a user token of any role', async () => {
    const work = mkdtempSync(join(tmpdir(), 'btls-backup-'));
    const site = await serve({ BTLS_DATA_DIR: join(work, 'data') });
    expect((await fetch(`${site.base}/api/backup`)).status).toBe(401);
    const admin = await signIn(site.base, 'admin@btls-demo.rw', 'admin-demo-2026');
    // (Not even on the console, where the admin's session counts.)
    expect((await onConsole(`${site.base}/api/backup`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(
      401,
    );
    await site.stop();
    // Stopped, the command reads the data directory itself.
    const file = join(work, 'offline.btls');
    expect(command('backup', file, { ...site.env }).said).toMatch(/Backed up the data directory/);
    expect(readFileSync(file).subarray(0, 14).toString()).toBe('BTLS-BACKUP 1\n');
    // A file in clear is refused while a key is set: it could carry someone else's secrets.
    const clear = command('restore', file, { BTLS_DATA_DIR: join(work, 'elsewhere'), BTLS_BACKUP_KEY: 'a key' });
    expect(clear.status).toBe(1);
    expect(clear.said).toMatch(/not encrypted, but BTLS_BACKUP_KEY is set/);
  });
});

const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

describe.skipIf(!onPostgres || !hasPgDump)('backup and restore, PostgreSQL', { timeout: 180_000 }, () => {
  it('dumps with pg_dump while serving and restores into an empty database, handing back the secrets', async () => {
    const work = mkdtempSync(join(tmpdir(), 'btls-backup-'));
    const first = await createPostgresDatabase();
    const second = await createPostgresDatabase();
    try {
      const secrets = {
        JWT_SECRET: 'a-sign-in-secret-of-the-original-site-2026',
        BTLS_ISSUER_KEY: Buffer.alloc(32, 7).toString('base64'),
      };
      const original = await serve({ DATABASE_URL: first.url, BTLS_DEMO: '1', ...secrets });
      const before = await stateOf(original.base);
      await writeMessage(original.base);
      const file = join(work, 'site.btls');
      const made = command('backup', file, original.env);
      expect(made.said).toMatch(/Backed up the PostgreSQL database/);
      await original.stop();

      // A new environment: another database, secrets not yet set to the backup's.
      const other = {
        DATABASE_URL: second.url,
        JWT_SECRET: 'x'.repeat(40),
        BTLS_ISSUER_KEY: Buffer.alloc(32, 9).toString('base64'),
        INIT_CWD: work,
      };
      expect(command('restore', file, { ...other, DATABASE_URL: first.url }).said).toMatch(/is not empty/);
      const restored = command('restore', file, other);
      expect(restored.said).toMatch(/differ from this environment's: they are in .*btls-secrets\.env/);
      expect(restored.status).toBe(0);
      const handed = Object.fromEntries(
        readFileSync(join(work, 'btls-secrets.env'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      expect(handed).toEqual(secrets);
      const again = await serve({ DATABASE_URL: second.url, ...handed });
      await checkRestored(again.base, before, await signIn(again.base, 'admin@btls-demo.rw', 'admin-demo-2026'));
      await again.stop();
    } finally {
      await first.drop();
      await second.drop();
    }
  });
});
