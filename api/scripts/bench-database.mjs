// The benchmarks' PostgreSQL: a database of their own on the server of BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else the local one, dropped afterwards.
import pg from 'pg';

export const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `work` with the URL of a new database named `<prefix>_<time>`, and drops it after. */
export async function withPostgresDatabase(prefix, work) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
