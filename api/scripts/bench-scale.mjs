// Part of `npm run bench`: the board at scale on PostgreSQL — 10,000 jobs (every title says "barista", the word a
// barista board is searched for most), 1,000 courses, 50,000 users and 100,000 enrollments — measured from
// outside: p95 of the public lists with a search and filters, of the server-rendered /jobs?q=…, and of an admin's
// users and enrollments lists with a search, the gzip size of /jobs, and each list's query plan (EXPLAIN ANALYZE
// of the SQL the API ran, taken from its BTLS_LOG_SQL lines). Prints the figures against their targets; asserts
// nothing.
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { withPostgresDatabase } from './bench-database.mjs';
import { startServer } from './bench-server.mjs';

const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS) || 200;
/** How much of each query plan to print (BENCH_SCALE_PLAN_LINES: all of it for a closer look). */
const PLAN_LINES = Number(process.env.BENCH_SCALE_PLAN_LINES) || 14;
const ADMIN = { email: 'scale-admin@btls.rw', password: 'scale-admin-password-2026' };
const WORDS = ['barista', 'latte', 'espresso', 'cupping', 'roaster', 'cafe', 'kigali', 'manager', 'trainer', 'waiter'];
const PLACES = ['Kigali', 'Musanze', 'Huye', 'Rubavu', 'Nyagatare', 'Rusizi', 'Muhanga', 'Karongi'];
const NAMES = ['Aline', 'Eric', 'Grace', 'Jean', 'Claudine', 'Patrick', 'Diane', 'Olivier', 'Divine', 'Eric'];
const SURNAMES = ['Uwase', 'Mugisha', 'Mukamana', 'Habimana', 'Niyonsaba', 'Nshimiyimana', 'Ingabire', 'Hakizimana'];

const sqlList = (items) => `array[${items.map((item) => `'${item}'`).join(',')}]`;

/** 50,000 users, 1,000 courses, 10,000 open jobs, 100,000 enrollments, in a few statements. */
async function seed(client) {
  const { rows } = await client.query(`select password_hash from users where email = $1`, [ADMIN.email]);
  const hash = rows[0].password_hash;
  await client.query(
    `
    insert into users (first_name, last_name, email, password_hash, role, company_name)
    select (${sqlList(NAMES)})[1 + i % 10], (${sqlList(SURNAMES)})[1 + i % 8] || ' ' || i, 'user' || i || '@scale.rw', $1,
      case when i <= 45000 then 'trainee' when i <= 48000 then 'employer' when i <= 49900 then 'trainer' else 'admin' end,
      case when i > 45000 and i <= 48000 then 'Coffee House ' || i end
    from generate_series(1, 49999) i`,
    [hash],
  );
  await client.query(`
    insert into courses (title, description, category, level, duration, price, tags)
    select initcap((${sqlList(WORDS)})[1 + i % 10]) || ' course ' || i, 'Learn ' || (${sqlList(WORDS)})[1 + (i * 7) % 10] || ' skills, part ' || i,
      (array['Brewing Techniques','Latte Art','Coffee Knowledge','Barista Skills'])[1 + i % 4],
      (array['Beginner','Intermediate','Advanced','All Levels'])[1 + i % 4], (1 + i % 8) || ' weeks', 'RWF ' || (50000 + i * 10),
      array[(${sqlList(WORDS)})[1 + i % 10]]
    from generate_series(1, 1000) i`);
  await client.query(`
    insert into jobs (employer_id, title, company_name, description, description_snippet, requirements, location, job_type, salary_range, closing_date)
    select e.id, initcap((${sqlList(WORDS)})[1 + i % 10]) || ' barista position ' || i, e.company_name,
      '<p>We need a ' || (${sqlList(WORDS)})[1 + (i * 3) % 10] || ' for our team, job ' || i || '.</p>',
      'We need a ' || (${sqlList(WORDS)})[1 + (i * 3) % 10] || ' for our team, job ' || i || '.', 'Experience with ' || (${sqlList(WORDS)})[1 + (i * 5) % 10],
      (${sqlList(PLACES)})[1 + i % 8], (array['Full-time','Part-time','Contract','Internship'])[1 + i % 4],
      'RWF ' || (200 + i % 300) || ',000 per month', current_date + (i % 60)
    from generate_series(1, 10000) i
    join lateral (select id, company_name from users where role = 'employer' order by id offset (i % 3000) limit 1) e on true`);
  await client.query(`
    insert into enrollments (course_id, trainee_id, status)
    select c.id, t.id, (array['Pending','Approved','Completed','Waitlisted','Rejected'])[1 + (c.id + t.id) % 5]
    from (select id, row_number() over (order by id) - 1 as n from users where role = 'trainee') t
    join lateral (select id from courses order by id offset ((t.n * 7) % 998) limit 3) c on true
    limit 100000`);
  // As autovacuum leaves tables a while after a bulk load: statistics and the visibility map both current.
  await client.query('vacuum analyze');
}

function start(port, env) {
  const sql = [];
  // The SQL lines the API logs (BTLS_LOG_SQL), each whole on its own line.
  let partial = '';
  const ready = startServer(port, env, (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{"sql"')) sql.push(JSON.parse(line));
  });
  return { sql, ready };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** p95 (ms) of `count` requests made four at a time, each to `url(i)`. */
async function p95(url, count, headers = {}) {
  const times = [];
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const i = next++;
        const started = performance.now();
        const response = await fetch(url(i), { headers });
        await response.arrayBuffer();
        if (!response.ok) failed++;
        times.push(performance.now() - started);
      }
    }),
  );
  return { p95: percentile(times, 95), p50: percentile(times, 50), failed };
}

await withPostgresDatabase('btls_scale', async (databaseUrl) => {
  const port = 33_000 + Math.floor(Math.random() * 1000);
  let child;
  const server = start(port, {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'scale-secret-scale-secret-scale-secret-42',
    BTLS_ISSUER_KEY: Buffer.alloc(32, 2).toString('base64'),
    BTLS_ADMIN_EMAIL: ADMIN.email,
    BTLS_ADMIN_PASSWORD: ADMIN.password,
    BTLS_DEMO: '0',
    BTLS_LOG_SQL: '1',
    LOG_LEVEL: 'warn',
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    child = await server.ready;
    await db.connect();
    console.log('seeding 50,000 users, 1,000 courses, 10,000 jobs, 100,000 enrollments…');
    const seeded = Date.now();
    await seed(db);
    console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    const base = `http://127.0.0.1:${port}`;
    const login = await (
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
    ).json();
    const signedIn = { authorization: `Bearer ${login.token}` };
    const word = (i) => WORDS[i % WORDS.length];
    const cases = [
      ['api', 'GET /api/jobs?q=…&limit=20', (i) => `${base}/api/jobs?q=${word(i)}&limit=20`, {}],
      // A word every job's title has (the word a barista board is searched for most), and one only a few have.
      ['api', 'GET /api/jobs?q=barista (every job)', () => `${base}/api/jobs?q=barista&limit=20`, {}],
      [
        'api',
        'GET /api/jobs?q=<company no.> (3 jobs)',
        (i) => `${base}/api/jobs?q=${45001 + ((i * 7) % 3000)}&limit=20`,
        {},
      ],
      [
        'api',
        'GET /api/jobs?location&jobType',
        (i) => `${base}/api/jobs?location=${PLACES[i % 8]}&jobType=Contract&limit=20`,
        {},
      ],
      ['api', 'GET /api/jobs?offset=9000', (i) => `${base}/api/jobs?limit=20&offset=${9000 + (i % 50)}`, {}],
      ['api', 'GET /api/jobs/facets', () => `${base}/api/jobs/facets`, {}],
      ['api', 'GET /api/courses?q=…&limit=12', (i) => `${base}/api/courses?q=${word(i)}&limit=12`, {}],
      ['api', 'GET /api/users?q=… (admin)', (i) => `${base}/api/users?q=${SURNAMES[i % 8]}&limit=20`, signedIn],
      [
        'api',
        'GET /api/enrollments?q=… (admin)',
        (i) => `${base}/api/enrollments?q=${NAMES[i % 10]}&limit=20`,
        signedIn,
      ],
      // Every request a new search: each is rendered (none is kept yet).
      [
        'page',
        'GET /jobs?q=… (rendered)',
        (i) => `${base}/jobs?q=${word(i)}&page=${1 + i}`,
        { 'accept-encoding': 'gzip' },
      ],
      [
        'page',
        'GET /courses?q=… (rendered)',
        (i) => `${base}/courses?q=${word(i)}&page=${1 + (i % 9)}&n=${i}`,
        { 'accept-encoding': 'gzip' },
      ],
    ];
    const rows = [];
    for (const [kind, label, make, headers] of cases) {
      server.sql.length = 0;
      const result = await p95(make, REQUESTS, headers);
      rows.push({ kind, label, ...result, sql: [...server.sql] });
    }
    const jobsHtml = await (await fetch(`${base}/jobs`)).text();
    const jobsGzip = gzipSync(jobsHtml, { level: 6 }).length;

    console.log(`\nAt scale on PostgreSQL, ${REQUESTS} requests per row, 4 at a time, ${new Date().toISOString()}`);
    console.log(`${'what'.padEnd(38)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'target'.padStart(9)}  verdict`);
    for (const row of rows) {
      const target = row.kind === 'page' ? 300 : 100;
      console.log(
        `${row.label.padEnd(38)}${row.p50.toFixed(1).padStart(8)}${row.p95.toFixed(1).padStart(8)}${`≤ ${target}`.padStart(9)}  ${row.p95 <= target ? 'ok' : 'OVER'}${row.failed ? ` (${row.failed} failed)` : ''}`,
      );
    }
    console.log(
      `${'GET /jobs, gzip'.padEnd(38)}${''.padStart(8)}${`${(jobsGzip / 1024).toFixed(1)} KiB`.padStart(8)}${'≤ 60 KiB'.padStart(9)}  ${jobsGzip <= 60 * 1024 ? 'ok' : 'OVER'}`,
    );

    console.log('\nQuery plans (EXPLAIN ANALYZE of the slowest statement the API ran for each row):');
    for (const row of rows.filter((r) => r.kind === 'api')) {
      const statements = row.sql.filter(
        (s) => /^(select|with)/i.test(s.sql) && !/from "users" where "users"."id" = \$1/.test(s.sql),
      );
      if (!statements.length) continue;
      let slowest = { ms: -1, plan: [] };
      for (const statement of statements.slice(0, 6)) {
        const { rows: plan } = await db.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
        const lines = plan.map((p) => p['QUERY PLAN']);
        const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? 0);
        if (ms > slowest.ms) slowest = { ms, plan: lines };
      }
      console.log(`\n${row.label} — ${slowest.ms.toFixed(2)} ms`);
      for (const line of slowest.plan.slice(0, PLAN_LINES)) console.log(`  ${line}`);
    }
  } finally {
    await db.end().catch(() => undefined);
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
  }
});
