import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { isDatabaseBusy, openPglite, openPostgres } from '../src/db/client';
import { contactMessages, courses, users } from '../src/db/schema';
import { ensureAdmin } from '../src/seed/admin';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/seed/demo';
import {
  CONSOLE_HOST,
  createPostgresDatabase,
  createTestDatabase,
  JWT_SECRET,
  onPostgres,
  request,
  type TestApi,
} from './helpers';
import { eventually } from './eventually';

const temp = () => mkdtempSync(join(tmpdir(), 'btls-db-'));

describe('embedded PGlite data directory', () => {
  it('creates missing parent folders and keeps data across restarts', async () => {
    const dir = join(temp(), 'several', 'levels', 'deep');
    const first = await openPglite(dir);
    await first.migrateAndPrepare();
    await first.db.insert(contactMessages).values({ name: 'n', email: 'e@x.rw', subject: 's', message: 'kept' });
    await first.close();
    const second = await openPglite(dir);
    await second.migrateAndPrepare();
    const rows = await second.db.select().from(contactMessages);
    expect(rows.map((r) => r.message)).toEqual(['kept']);
    await second.close();
  }, 90_000); // two PGlite starts and a migration: seconds each on a loaded machine

  it('refuses a second opener in the same process', async () => {
    const dir = temp();
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toThrow(/already open in this process/);
    await first.close();
  });

  it('refuses a second process with a clear message while the first holds it', async () => {
    const dir = temp();
    const first = await openPglite(dir);
    const script = `import('./src/db/client.ts').then((m) => m.openPglite(${JSON.stringify(dir)})).then(
      () => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`;
    const second = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(3);
    expect(second.stderr).toMatch(/is in use by another API process \(pid \d+\)/);
    await first.close();
    expect(existsSync(join(dir, 'btls.lock'))).toBe(false);
  });

  it('takes over a lock left behind by a process that died', async () => {
    const dir = temp();
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']);
    writeFileSync(join(dir, 'btls.lock'), String(dead.pid));
    const database = await openPglite(dir);
    await database.migrateAndPrepare();
    await database.close();
  });
});

describe('bootstrap', () => {
  it('BTLS_ADMIN_EMAIL/PASSWORD create an active admin, or repair an existing account', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      await ensureAdmin(database.db, 'Ops@Example.rw', 'first-password');
      const [created] = await database.db.select().from(users).where(eq(users.email, 'ops@example.rw'));
      expect(created).toMatchObject({ role: 'admin', isActive: true });

      await database.db.update(users).set({ role: 'trainee', isActive: false }).where(eq(users.id, created!.id));
      await ensureAdmin(database.db, 'ops@example.rw', 'second-password');
      const app = await buildApp({ database, jwtSecret: JWT_SECRET });
      const api = { app } as TestApi;
      const login = await request(api, 'POST', '/api/auth/login', {
        json: { email: 'ops@example.rw', password: 'second-password' },
        headers: { host: CONSOLE_HOST },
      });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ role: 'admin', isActive: true });
      await app.close();
    } finally {
      await drop();
    }
  });

  it('seeds the demo data once, with one working account per role', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      expect(await seedDemoData(database.db)).toBe(true);
      expect(await seedDemoData(database.db)).toBe(false);
      const [{ value: courseCount }] = (await database.db.select({ value: count() }).from(courses)) as [
        { value: number },
      ];
      expect(courseCount).toBeGreaterThanOrEqual(6);
      const app = await buildApp({ database, jwtSecret: JWT_SECRET });
      const api = { app } as TestApi;
      for (const demo of DEMO_ACCOUNTS) {
        // An admin on the console, everyone else on the site.
        const login = await request(api, 'POST', '/api/auth/login', {
          json: { email: demo.email, password: demo.password },
          headers: { host: demo.role === 'admin' ? CONSOLE_HOST : 'localhost' },
        });
        expect(login.status).toBe(200);
        expect(login.body.user.role).toBe(demo.role);
      }
      const categories = new Set(
        (await request(api, 'GET', '/api/courses')).body.map((c: { category: string }) => c.category),
      );
      expect(categories.size).toBeGreaterThanOrEqual(4);
      expect((await request(api, 'GET', '/api/jobs')).body.length).toBeGreaterThanOrEqual(3);
      await app.close();
    } finally {
      await drop();
    }
  });
});

describe.runIf(onPostgres)('one PostgreSQL, several API instances', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('two instances starting together on an empty database migrate and seed once', async () => {
    const { url, drop } = await createPostgresDatabase();
    const a = openPostgres(url);
    const b = openPostgres(url);
    cleanups.push(
      drop,
      () => a.close(),
      () => b.close(),
    );
    await Promise.all([a.migrateAndPrepare(seedDemoData), b.migrateAndPrepare(seedDemoData)]);
    const rows = await a.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email));
    expect(rows).toHaveLength(1);
  });

  it('survives the server dropping an idle pooled connection (the pool has an error listener)', async () => {
    const { url, drop } = await createPostgresDatabase();
    const errors: Error[] = [];
    const database = openPostgres(url, (error) => errors.push(error));
    cleanups.push(drop, () => database.close());
    await database.migrateAndPrepare();
    await database.ping(); // leaves an idle client in the pool
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    await killer.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await killer.end();
    // Every idle client was cut (the migration's and the ping's); each leaves the pool once its error arrives.
    await eventually(() => expect(database.poolStats().idle).toBe(0));
    expect(errors.length).toBeGreaterThan(0);
    await database.ping(); // a new connection replaces it
  });

  it('both instances see the same data and accept each other’s tokens', async () => {
    const { url, drop } = await createPostgresDatabase();
    const first = openPostgres(url);
    const second = openPostgres(url);
    cleanups.push(
      drop,
      () => first.close(),
      () => second.close(),
    );
    await first.migrateAndPrepare();
    await second.migrateAndPrepare();
    const apiA = { app: await buildApp({ database: first, jwtSecret: JWT_SECRET }) } as TestApi;
    const apiB = { app: await buildApp({ database: second, jwtSecret: JWT_SECRET }) } as TestApi;
    cleanups.push(
      () => apiA.app.close(),
      () => apiB.app.close(),
    );

    const registered = await request(apiA, 'POST', '/api/auth/register', {
      json: { firstName: 'Shared', lastName: 'User', email: 'shared@example.rw', password: 'shared-pass' },
    });
    expect(registered.status).toBe(201);
    const login = await request(apiB, 'POST', '/api/auth/login', {
      json: { email: 'shared@example.rw', password: 'shared-pass' },
    });
    expect(login.status).toBe(200);
    expect(
      (await request(apiB, 'GET', '/api/enrollments/my-applications', { token: registered.body.token })).status,
    ).toBe(200);

    await request(apiB, 'POST', '/api/contact', {
      json: { name: 'n', email: 'n@x.rw', subject: 'from B', message: 'm' },
    });
    await first.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'shared@example.rw'));
    // Made an admin, the user signs in again on the console (the site's session no longer counts), on one instance…
    const onConsole = await request(apiB, 'POST', '/api/auth/login', {
      json: { email: 'shared@example.rw', password: 'shared-pass' },
      headers: { host: CONSOLE_HOST },
    });
    expect(onConsole.status).toBe(200);
    // …and that session works on the other.
    const inbox = await request(apiA, 'GET', '/api/contact', { token: onConsole.body.token });
    expect(inbox.body.map((m: { subject: string }) => m.subject)).toContain('from B');
  });
});

describe('a transaction chosen as a deadlock victim', () => {
  it('runs again a few times, then is answered as busy (503), never as a server error', async () => {
    const database = await openPglite();
    try {
      const conflict = (code: string) => Object.assign(new Error('deadlock detected'), { code });
      let runs = 0;
      const value = await database.db.transaction(async () => {
        runs += 1;
        if (runs < 3) throw conflict(runs === 1 ? '40P01' : '40001');
        return 'stored';
      });
      expect({ value, runs }).toEqual({ value: 'stored', runs: 3 });

      runs = 0;
      const failure = await database.db
        .transaction(async () => {
          runs += 1;
          throw conflict('40P01');
        })
        .catch((error: unknown) => error);
      expect(runs).toBe(4);
      expect(isDatabaseBusy(failure)).toBe(true);

      // Anything else is not run again.
      runs = 0;
      await database.db
        .transaction(async () => {
          runs += 1;
          throw conflict('23505');
        })
        .catch(() => undefined);
      expect(runs).toBe(1);
    } finally {
      await database.close();
    }
  });
});
