// Part of `npm run bench`: writes of unrelated rows at once on two instances of one PostgreSQL — job posts,
// profile edits and course edits from 16 clients for BENCH_WRITE_SECONDS (30 by default). Each of those
// tables empties the page cache when it changes: a single row written by every such transaction would make
// them all queue behind it. Prints writes/s, p50/p95 and any answer that was not a success; asserts nothing.
// `BENCH_SERVER=<path of another build's dist/server.js>` measures that build instead (a before/after).
import pg from 'pg';
import { withPostgresDatabase } from './bench-database.mjs';
import { startServer } from './bench-server.mjs';

const SECONDS = Number(process.env.BENCH_WRITE_SECONDS) || 30;
const CLIENTS = 16;

/** An instance on `port`, quiet: a log line per request would be measured too. */
const start = (port, env) => startServer(port, { ...env, LOG_LEVEL: 'warn' });

async function call(base, method, path, token, body) {
  const started = performance.now();
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  return { status: response.status, body: json, ms: performance.now() - started };
}

await withPostgresDatabase('btls_bench_writes', async (url) => {
  const port = 32_000 + Math.floor(Math.random() * 1000);
  const env = {
    DATABASE_URL: url,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    BTLS_ISSUER_KEY: Buffer.alloc(32, 1).toString('base64'),
    BTLS_ADMIN_EMAIL: 'bench-admin@example.rw',
    BTLS_ADMIN_PASSWORD: 'bench-admin-password',
    BTLS_LOGIN_LIMIT_PER_IP: '1000000',
    BTLS_REGISTER_LIMIT_PER_IP: '1000000',
    BTLS_JOB_POST_LIMIT_PER_HOUR: '1000000',
  };
  // The first applies the migrations; the second starts on them.
  const first = await start(port, env);
  const second = await start(port + 1, env);
  const bases = [`http://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`];
  try {
    const admin = (
      await call(bases[0], 'POST', '/auth/login', undefined, {
        email: 'bench-admin@example.rw',
        password: 'bench-admin-password',
      })
    ).body.token;
    const course = {
      title: 'Espresso Basics',
      description: 'Pull balanced shots.',
      category: 'Brewing Techniques',
      level: 'Beginner',
      duration: '2 weeks',
      price: '150000',
    };
    // Each client: an employer of its own, and a course of its own.
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const email = `bench-employer-${i}-${Date.now()}@example.rw`;
        const registered = await call(bases[i % 2], 'POST', '/auth/register', undefined, {
          firstName: 'Bench',
          lastName: `Employer ${i}`,
          email,
          password: 'bench-password',
          role: 'employer',
          companyName: `Bench Café ${i}`,
        });
        const made = await call(bases[i % 2], 'POST', '/courses', admin, { ...course, title: `Course ${i}` });
        return { token: registered.body.token, courseId: made.body.course?.id };
      }),
    );
    const writes = [
      (client, n, base) =>
        call(base, 'POST', '/jobs', client.token, {
          title: `Barista ${n}`,
          companyName: 'Bench Café',
          location: 'Kigali',
          description: '<p>Pull shots.</p>',
        }),
      (client, n, base) =>
        call(base, 'PUT', '/users/me/profile', client.token, {
          firstName: 'Bench',
          lastName: `Edit ${n}`,
          companyName: 'Bench Café',
        }),
      (client, n, base) => call(base, 'PUT', `/courses/${client.courseId}`, admin, { ...course, title: `Edit ${n}` }),
    ];
    const times = [];
    const refused = {};
    const until = Date.now() + SECONDS * 1000;
    // What writers wait for meanwhile, sampled every 50 ms: a lock shared by unrelated writers shows here.
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    const waits = {};
    let samples = 0;
    const watching = (async () => {
      while (Date.now() < until) {
        samples += 1;
        const { rows } = await watcher.query(`
          select w.locktype, coalesce(c.relname, h.relname, '') as relname, count(*)::int as n
          from pg_locks w
          left join pg_class c on c.oid = w.relation
          left join lateral (
            select c2.relname from pg_locks h2 join pg_class c2 on c2.oid = h2.relation
            where h2.granted and h2.pid = any(pg_blocking_pids(w.pid)) and h2.locktype = 'tuple' limit 1
          ) h on true
          where not w.granted group by 1, 2`);
        for (const row of rows)
          waits[`${row.locktype} ${row.relname}`.trim()] =
            (waits[`${row.locktype} ${row.relname}`.trim()] ?? 0) + row.n;
        await new Promise((wait) => setTimeout(wait, 50));
      }
    })();
    await Promise.all(
      clients.map(async (client, i) => {
        for (let n = 0; Date.now() < until; n++) {
          const answer = await writes[n % writes.length](client, n, bases[(i + n) % 2]);
          times.push(answer.ms);
          if (answer.status >= 300) refused[answer.status] = (refused[answer.status] ?? 0) + 1;
        }
      }),
    );
    await watching;
    await watcher.end();
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    console.log(
      `\nConcurrent writes on PostgreSQL, two instances, ${CLIENTS} clients, ${SECONDS} s (job posts, profile edits, course edits):`,
    );
    console.log(
      `  ${(times.length / SECONDS).toFixed(1)} writes/s   p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   not 2xx: ${JSON.stringify(refused)}`,
    );
    console.log(`  lock waits seen in ${samples} samples: ${JSON.stringify(waits)}`);
  } finally {
    first.kill('SIGTERM');
    second.kill('SIGTERM');
  }
});
