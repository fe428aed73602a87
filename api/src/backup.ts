/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`, reading the server's own
 * environment. One file holds the data, the sign-in secret and the issuer's key (lose the key and every
 * credential already downloaded is disowned), encrypted with BTLS_BACKUP_KEY when that is set.
 *
 * - Embedded PGlite: while the server runs, through it (GET /api/backup with a one-minute token signed by the
 *   sign-in secret, which only someone who can read the data directory or the environment has); while it is
 *   stopped, straight from the data directory. Restore: into an empty data directory.
 * - PostgreSQL: `pg_dump` (custom format) of DATABASE_URL; restore: `pg_restore` into an empty database, in one
 *   transaction. The secrets come back as a file of variables when the environment does not already hold them.
 */
import { spawn } from 'node:child_process';
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { operatorToken } from './auth';
import pg from 'pg';
import { ConfigError, embeddedIssuerKey, embeddedJwtSecret, loadConfig, type Config } from './config';
import { DataDirectoryInUse, openPglite } from './db/client';

const MAGIC = 'BTLS-BACKUP 1\n';

interface Contents {
  kind: 'pglite' | 'postgres';
  createdAt: string;
  jwtSecret: string;
  /** The issuer key's 32-byte seed, base64. */
  issuerKey: string;
}

const keyFrom = (passphrase: string, salt: Buffer) =>
  scryptSync(passphrase, salt, 32, { N: 1 << 15, maxmem: 64 << 20 });

/** The backup file: a plain header line, then (encrypted with AES-256-GCM when a key is given) the contents and the data. */
export function packBackup(contents: Contents, data: Buffer, passphrase?: string): Buffer {
  const inner = Buffer.concat([Buffer.from(`${JSON.stringify(contents)}\n`), data]);
  if (!passphrase) return Buffer.concat([Buffer.from(MAGIC + JSON.stringify({ encrypted: false }) + '\n'), inner]);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(passphrase, salt), iv);
  const sealed = Buffer.concat([cipher.update(inner), cipher.final(), cipher.getAuthTag()]);
  const header = {
    encrypted: true,
    cipher: 'aes-256-gcm',
    kdf: 'scrypt',
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
  };
  return Buffer.concat([Buffer.from(MAGIC + JSON.stringify(header) + '\n'), sealed]);
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export function unpackBackup(file: Buffer, passphrase?: string): { contents: Contents; data: Buffer } {
  if (file.subarray(0, MAGIC.length).toString() !== MAGIC)
    throw new BackupError('This is not a backup of this platform.');
  const headerEnd = file.indexOf(10, MAGIC.length);
  const header = JSON.parse(file.subarray(MAGIC.length, headerEnd).toString()) as {
    encrypted: boolean;
    salt?: string;
    iv?: string;
  };
  let inner = file.subarray(headerEnd + 1);
  // With a key set, a file in clear is refused: anyone able to write to where backups are kept could otherwise
  // slip in their own sign-in secret and issuer key.
  if (!header.encrypted && passphrase)
    throw new BackupError(
      'This backup is not encrypted, but BTLS_BACKUP_KEY is set: unset it to restore a file in clear.',
    );
  if (header.encrypted) {
    if (!passphrase)
      throw new BackupError('This backup is encrypted: set BTLS_BACKUP_KEY to the key it was made with.');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFrom(passphrase, Buffer.from(header.salt!, 'base64')),
      Buffer.from(header.iv!, 'base64'),
    );
    decipher.setAuthTag(inner.subarray(inner.length - 16));
    try {
      inner = Buffer.concat([decipher.update(inner.subarray(0, inner.length - 16)), decipher.final()]);
    } catch {
      throw new BackupError(
        'The backup could not be decrypted: BTLS_BACKUP_KEY is not its key, or the file is damaged.',
      );
    }
  }
  const contentsEnd = inner.indexOf(10);
  return {
    contents: JSON.parse(inner.subarray(0, contentsEnd).toString()) as Contents,
    data: inner.subarray(contentsEnd + 1),
  };
}

/** A program's standard output, or its words on failure (pg_dump, pg_restore). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} is not installed: install PostgreSQL's client programs (Debian: postgresql-client) of the server's version or newer.`
            : error.message,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolvePromise(Buffer.concat(out)) : reject(new BackupError(`${command} failed: ${errors.trim()}`)),
    );
  });
}

/**
 * DATABASE_URL for pg_dump and pg_restore, its password in libpq's environment rather than on a command line
 * (`ps` shows those).
 */
function libpq(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function embeddedData(config: Config, jwtSecret: string): Promise<Buffer> {
  let database;
  try {
    database = await openPglite(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirectoryInUse)) throw error;
    return fromRunningServer(config, jwtSecret);
  }
  try {
    return await database.dumpDataDir!();
  } finally {
    await database.close();
  }
}

/** The running server's copy of its data directory (it holds the directory's lock). */
async function fromRunningServer(config: Config, jwtSecret: string): Promise<Buffer> {
  const token = await operatorToken(jwtSecret, 'btls-backup');
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  const address = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/backup`;
  let response: Response;
  try {
    response = await fetch(address, { headers: { authorization: `Bearer ${token}` } });
  } catch (error) {
    throw new BackupError(
      `The data directory is in use, but the server does not answer at ${address}: ${(error as Error).message}`,
    );
  }
  if (!response.ok)
    throw new BackupError(`The server refused the backup (${response.status}): ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

function pgDump(databaseUrl: string): Promise<Buffer> {
  const { dbname, env } = libpq(databaseUrl);
  return run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${dbname}`], env);
}

export async function backup(target: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = loadConfig(env);
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pglite', 'PG_VERSION')))
    throw new BackupError(`There is no database in ${config.dataDir} (BTLS_DATA_DIR).`);
  const jwtSecret = config.jwtSecret ?? embeddedJwtSecret(config.dataDir);
  const issuerKey = config.issuerKey ?? embeddedIssuerKey(config.dataDir);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const data = config.databaseUrl ? await pgDump(config.databaseUrl) : await embeddedData(config, jwtSecret);
  const contents: Contents = {
    kind,
    createdAt: new Date().toISOString(),
    jwtSecret,
    issuerKey: Buffer.from(issuerKey).toString('base64'),
  };
  writeFileSync(target, packBackup(contents, data, env.BTLS_BACKUP_KEY?.trim() || undefined), { mode: 0o600 });
  return `Backed up the ${kind === 'postgres' ? 'PostgreSQL database' : `data directory ${config.dataDir}`} to ${target} (${data.length} bytes of data${env.BTLS_BACKUP_KEY?.trim() ? ', encrypted' : ''}).`;
}

export async function restore(source: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = loadConfig(env);
  const { contents, data } = unpackBackup(readFileSync(source), env.BTLS_BACKUP_KEY?.trim() || undefined);
  if (contents.kind === 'pglite' && !config.databaseUrl) {
    if (existsSync(config.dataDir) && readdirSync(config.dataDir).length > 0)
      throw new BackupError(`${config.dataDir} (BTLS_DATA_DIR) is not empty: restore into an empty data directory.`);
    const database = await openPglite(config.dataDir, { from: new Blob([new Uint8Array(data)]) });
    await database.close();
    writeFileSync(join(config.dataDir, 'jwt-secret'), contents.jwtSecret, { mode: 0o600 });
    writeFileSync(join(config.dataDir, 'issuer-key'), contents.issuerKey, { mode: 0o600 });
    // Variables win over the data directory's files: say so when they would hide the restored ones.
    const overridden = [
      config.jwtSecret && config.jwtSecret !== contents.jwtSecret ? 'JWT_SECRET' : '',
      config.issuerKey && Buffer.from(config.issuerKey).toString('base64') !== contents.issuerKey
        ? 'BTLS_ISSUER_KEY'
        : '',
    ].filter(Boolean);
    return (
      `Restored ${source} into ${config.dataDir}, with its sign-in secret and issuer key.` +
      (overridden.length
        ? ` But ${overridden.join(' and ')} in this environment differ from the backup's and would be used instead: ` +
          "unset them (or set them to the backup's) before starting, or sign-ins and credentials from before fail."
        : '')
    );
  }
  if (contents.kind === 'postgres' && config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select count(*)::int as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
      );
      if (rows[0].tables > 0)
        throw new BackupError('DATABASE_URL names a database that is not empty: restore into an empty one.');
    } finally {
      await client.end();
    }
    const folder = mkdtempSync(join(tmpdir(), 'btls-restore-'));
    try {
      const file = join(folder, 'data.dump');
      writeFileSync(file, data, { mode: 0o600 });
      const { dbname, env: withPassword } = libpq(config.databaseUrl);
      const options = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error'];
      await run('pg_restore', [...options, `--dbname=${dbname}`, file], withPassword);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const same =
      config.jwtSecret === contents.jwtSecret &&
      Buffer.from(config.issuerKey ?? []).toString('base64') === contents.issuerKey;
    if (same)
      return `Restored ${source} into the PostgreSQL database; JWT_SECRET and BTLS_ISSUER_KEY already match it.`;
    const secrets = resolve(env.INIT_CWD ?? '.', 'btls-secrets.env');
    writeFileSync(secrets, `JWT_SECRET=${contents.jwtSecret}\nBTLS_ISSUER_KEY=${contents.issuerKey}\n`, {
      mode: 0o600,
    });
    return (
      `Restored ${source} into the PostgreSQL database. Its JWT_SECRET and BTLS_ISSUER_KEY differ from this ` +
      `environment's: they are in ${secrets} — give every instance these values (without the issuer key, ` +
      'credentials already downloaded no longer verify), then delete that file.'
    );
  }
  throw new BackupError(
    `This is a backup of ${contents.kind === 'postgres' ? 'a PostgreSQL database' : 'an embedded data directory'}: ` +
      `restore it ${contents.kind === 'postgres' ? 'with DATABASE_URL set' : 'without DATABASE_URL'}.`,
  );
}

// node dist/backup.js backup|restore <file>: a command a person runs, so it answers in sentences, not log
// lines. The file is named from where `npm run` was started.
async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    process.stderr.write(`Usage: npm run ${command === 'restore' ? 'restore' : 'backup'} -- <file>\n`);
    process.exit(2);
  }
  const path = resolve(process.env.INIT_CWD ?? '.', file);
  try {
    process.stdout.write(`${command === 'backup' ? await backup(path) : await restore(path)}\n`);
  } catch (error) {
    const known = error instanceof BackupError || error instanceof ConfigError;
    process.stderr.write(
      `${command === 'backup' ? 'Backup' : 'Restore'} failed: ${known ? (error as Error).message : (error as Error).stack}\n`,
    );
    process.exit(error instanceof ConfigError ? 2 : 1);
  }
}

if (process.argv[1] && /backup\.(js|ts)$/.test(process.argv[1])) void main();
