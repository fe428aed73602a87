/**
 * Opening the database: embedded PGlite in a data directory (default), or a PostgreSQL server when a URL is
 * given. Both get the same Drizzle schema and the same committed migrations.
 */
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths';
import { fallbackLogger } from '../http/logging';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` (migrations, bootstrap, seeding) so that only one process does it at a time: several API
   * instances starting together on one empty PostgreSQL would otherwise race through the migrations.
   */
  migrateAndPrepare(work?: (db: Db) => Promise<unknown>): Promise<void>;
  ping(): Promise<void>;
  /** The connections of this instance's pool (PGlite: its one connection), for the metrics. */
  poolStats(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: its data directory as a gzipped tar, taken between two statements (as consistent as a crash
   * copy, which PostgreSQL recovers from), while the server keeps serving (`npm run backup`).
   */
  dumpDataDir?(): Promise<Buffer>;
  close(): Promise<void>;
}

/** An arbitrary fixed key for pg_advisory_lock: "btls" in ASCII. */
const STARTUP_LOCK_KEY = 0x62746c73;

/** Read from the environment by config.ts (never here); the defaults below when not given. */
export interface PostgresOptions {
  /** A statement running longer is cancelled (57014), so one locked table cannot hold every connection. */
  statementTimeoutMs?: number;
  /** Waiting longer than this for a free connection of the pool fails the request instead of hanging it. */
  acquireTimeoutMs?: number;
  poolSize?: number;
  /**
   * BTLS_LOG_SQL=1: every statement as a JSON line on standard output (`{"sql", "params"}`), for a query plan
   * (`npm run bench` reads them). Only a read's values are written (a write's may hold a password's hash).
   * Not for production.
   */
  logSql?: boolean;
}

/** Drizzle's logger for BTLS_LOG_SQL: a read with its values, anything else without. */
const sqlLines = {
  logQuery(query: string, params: unknown[]) {
    const read = /^\s*(select|with)\b/i.test(query);
    process.stdout.write(`${JSON.stringify({ sql: query, params: read ? params : [] })}\n`);
  },
};

export function openPostgres(
  url: string,
  log: (error: Error) => void = (error) => fallbackLogger.error({ err: error }, 'PostgreSQL pool error'),
  options: PostgresOptions = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 5_000,
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener the process dies.
  pool.on('error', log);
  const db = retryingTransactions(
    drizzlePg({ client: pool, schema, ...(options.logSql ? { logger: sqlLines } : {}) }) as unknown as Db,
  );
  return {
    db,
    kind: 'postgres',
    async migrateAndPrepare(work) {
      const client = await pool.connect();
      try {
        // Migrations and seeding may take longer than a request may; other instances wait here for the lock.
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
          await work?.(db);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        await client.query('reset statement_timeout').catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
    },
  };
}

/**
 * An exclusive lock on a PGlite data directory. Two processes opening one directory silently lose writes,
 * so a second process is refused with a clear message. A lock left by a dead process is taken over.
 */
const lockedHere = new Set<string>();

/** The data directory is open in another live process (a running server). */
export class DataDirectoryInUse extends Error {
  override name = 'DataDirectoryInUse';
}

function lockDataDirectory(dir: string): () => void {
  const lockPath = join(dir, 'btls.lock');
  if (lockedHere.has(lockPath)) throw new Error(`The data directory ${dir} is already open in this process.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      lockedHere.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        lockedHere.delete(lockPath);
        try {
          unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirectoryInUse(
          `The data directory ${dir} is in use by another API process (pid ${pid}). ` +
            'Stop that process, or set BTLS_DATA_DIR to another directory.',
          { cause: error },
        );
      }
      unlinkSync(lockPath); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock the data directory ${dir}.`);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The data directory is the database: only its owner may read or write it (0700, files 0600). PGlite sets the
 * modes of the files it creates itself (0666), so the folder is tightened again after it opened and after the
 * migrations; the directory's own 0700 keeps everyone else out of any file created later.
 */
export function makePrivateDirectory(dir: string): void {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 }); // PGlite does not create parent folders
  const tighten = (path: string, isDirectory: boolean) => {
    chmodSync(path, isDirectory ? 0o700 : 0o600);
    if (!isDirectory) return;
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory() || entry.isFile()) tighten(join(path, entry.name), entry.isDirectory());
    }
  };
  tighten(dir, true);
}

/** The extensions the migrations create (pg_trgm for the searches' indexes), as PGlite carries them. */
const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm } };

/**
 * PGlite in `dataDir` (created with its parents), or in memory when `dataDir` is undefined (tests); `restore`:
 * a data directory dumped by `dumpDataDir`, loaded into an empty `dataDir` (`npm run restore`).
 */
export async function openPglite(dataDir?: string, restore?: { from: Blob }): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    const dir = resolve(dataDir);
    makePrivateDirectory(dir);
    release = lockDataDirectory(dir);
    try {
      client = await PGlite.create(join(dir, 'pglite'), {
        ...PGLITE_OPTIONS,
        ...(restore ? { loadDataDir: restore.from } : {}),
      });
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create(PGLITE_OPTIONS);
  }
  const db = retryingTransactions(drizzlePglite({ client, schema }) as unknown as Db);
  embedded.add(db);
  const keepPrivate = () => {
    if (dataDir) makePrivateDirectory(resolve(dataDir));
  };
  keepPrivate();
  return {
    db,
    kind: 'pglite',
    async migrateAndPrepare(work) {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await work?.(db);
      keepPrivate();
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    dumpDataDir: async () => Buffer.from(await ((await client.dumpDataDir('gzip')) as Blob).arrayBuffer()),
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** The databases that are PGlite (vacuumed by hand: `vacuum`). */
const embedded = new WeakSet<Db>();

/**
 * Gives the space of a table's deleted rows back for its new ones, after a large delete (a release's files): PGlite
 * runs no autovacuum (it is one process, with no background workers), so without this its data folder keeps every
 * byte ever written. On PostgreSQL autovacuum does it, and this does nothing. A plain VACUUM: the table stays
 * readable and writable meanwhile (VACUUM FULL would rewrite it whole under an exclusive lock); it frees the space
 * for the table's next rows, and returns to the disk what lies at the table's end. Outside any transaction (VACUUM
 * cannot run in one), so it is given the database, never a transaction of it.
 */
export async function vacuum(db: Db, table: PgTable): Promise<void> {
  if (embedded.has(db)) await db.execute(sql`vacuum ${table}`);
}

/** Postgres error codes arrive on the error itself (pg, PGlite) or, wrapped by Drizzle, on its cause. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The database could not serve in time: a statement cancelled by the statement timeout (57014), a lock not
 * granted (55P03), or no pool connection free within the acquire timeout.
 */
/** A deadlock or a serialization failure: the transaction was rolled back whole, and may simply run again. */
export const isTransactionConflict = (error: unknown) => ['40P01', '40001'].includes(pgErrorCode(error) ?? '');

/** How many times a transaction runs before its conflict is answered 503 (Retry-After). */
const TRANSACTION_TRIES = 4;

/**
 * Every transaction of `db` runs again, a few times and a little later each time, when the database chose it
 * as a deadlock's victim or could not serialize it: two writers that collide both succeed instead of one
 * answering 500. (A transaction's callback only talks to the database, so running it again is safe.)
 */
function retryingTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(run, config);
      } catch (error) {
        if (!isTransactionConflict(error) || attempt >= TRANSACTION_TRIES) throw error;
        await new Promise((wait) => setTimeout(wait, attempt * (5 + Math.random() * 20)));
      }
    }
  }) as Db['transaction'];
  return db;
}

export function isDatabaseBusy(error: unknown): boolean {
  if (['57014', '55P03'].includes(pgErrorCode(error) ?? '') || isTransactionConflict(error)) return true;
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (/timeout exceeded when trying to connect/i.test((current as Error).message ?? '')) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
/** 23503 foreign_key_violation, or 23001 restrict_violation for ON DELETE RESTRICT references. */
export const isForeignKeyViolation = (error: unknown) => ['23503', '23001'].includes(pgErrorCode(error) ?? '');
