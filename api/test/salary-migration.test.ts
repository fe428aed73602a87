/**
 * The migration that gave salaries amounts (drizzle/0023_structured_salaries.sql): a database holding the free
 * texts of before is migrated, and each text it could read is amounts, with the same reading as the server's
 * for the texts pages released before amounts still send (shared-api's parseSalaryText). On PGlite, which is
 * PostgreSQL's own regular expressions.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { asc, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSalaryText } from '@btls/shared-api/schemas';
import { jobs } from '../src/db/schema';
import { MIGRATIONS_FOLDER } from '../src/paths';

const THE_MIGRATION = '0023_structured_salaries';

/** The committed migrations up to the one before `tag`, as a folder of their own. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'btls-migrations-'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) cpSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  return folder;
}

const TEXTS = [
  // Read as amounts.
  'RWF 250,000 - 320,000 per month',
  'Rwf 1,200,000 per year',
  'FRW 5,000 / day',
  '  rwf 300 000 – 350 000 a month ',
  '250.000 - 300.000 Frw per month',
  'USD 500 a week',
  '$1,500 - $2,000 per month',
  'EUR 12 per hour',
  '8000 per day',
  'RWF 2,400,000 per annum',
  'RWF 300,000 to 300,000 per month',
  // Kept as written.
  'RWF 8,000 per shift',
  'Negotiable',
  'RWF 400,000 - 300,000 per month',
  'USD 500 - EUR 600 per month',
  'RWF 2,000,000,000 per year',
  'RWF 250,000.50 per month',
  '250 000 RWF par mois',
];

let client: PGlite | undefined;
afterAll(() => client?.close());

describe('the migration to salaries with amounts', () => {
  it('reads the plain texts as amounts as the server does, keeps the others as written, and every row is valid', async () => {
    client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore(THE_MIGRATION) });
    const [employer] = (
      await db.execute<{ id: number }>(
        sql`insert into users (first_name, last_name, email, password_hash, role) values ('E', 'M', 'e@x.rw', 'x', 'employer') returning id`,
      )
    ).rows;
    for (const text of [...TEXTS, null]) {
      await db.execute(
        sql`insert into jobs (employer_id, title, company_name, description, description_snippet, location, salary_range)
            values (${employer!.id}, 'Barista', 'Cafe', 'D', 'D', 'Kigali', ${text})`,
      );
    }

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const rows = await db
      .select({
        salaryMin: jobs.salaryMin,
        salaryMax: jobs.salaryMax,
        salaryCurrency: jobs.salaryCurrency,
        salaryPeriod: jobs.salaryPeriod,
        salaryRange: jobs.salaryRange,
      })
      .from(jobs)
      .orderBy(asc(jobs.id));
    const written = [...TEXTS, null].map((text) => {
      const salary = parseSalaryText(text);
      return salary
        ? {
            salaryMin: salary.min,
            salaryMax: salary.max,
            salaryCurrency: salary.currency,
            salaryPeriod: salary.period,
            salaryRange: null,
          }
        : { salaryMin: null, salaryMax: null, salaryCurrency: null, salaryPeriod: null, salaryRange: text };
    });
    expect(rows).toEqual(written);
    // What the texts say, for the reader of this test.
    expect(rows.slice(0, 4)).toEqual([
      { salaryMin: 250000, salaryMax: 320000, salaryCurrency: 'RWF', salaryPeriod: 'month', salaryRange: null },
      { salaryMin: 1200000, salaryMax: null, salaryCurrency: 'RWF', salaryPeriod: 'year', salaryRange: null },
      { salaryMin: 5000, salaryMax: null, salaryCurrency: 'RWF', salaryPeriod: 'day', salaryRange: null },
      { salaryMin: 300000, salaryMax: 350000, salaryCurrency: 'RWF', salaryPeriod: 'month', salaryRange: null },
    ]);
    expect(rows.filter((row) => row.salaryMin !== null)).toHaveLength(11);
  });
});
