/**
 * No 500s where a 4xx is right, the last admin, a stuck database, slow clients
 * (10), a private data directory (12), security headers (9) and moderation (14).
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { embeddedJwtSecret } from '../src/config';
import { openPglite, openPostgres } from '../src/db/client';
import { enrollments, users } from '../src/db/schema';
import { cspHeader } from '../src/http/security-headers';
import sharp from 'sharp';
import { eventually } from './eventually';
import {
  account,
  createCourse,
  JWT_SECRET,
  multipart,
  onPostgres,
  request,
  startApi,
  validCourse,
  type TestApi,
} from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const job = { title: 'Barista', companyName: 'Café Neo', location: 'Kigali', description: '<p>Pull shots.</p>' };

describe('4xx instead of 500', () => {
  it('refuses to reopen a Rejected application while a newer open one exists with 409', async () => {
    const admin = await account(api, 'admin');
    const trainee = await account(api, 'trainee');
    const course = await createCourse(api, admin.token);
    const first = await request(api, 'POST', '/api/enrollments/apply', {
      token: trainee.token,
      json: { courseId: course.id },
    });
    await request(api, 'PUT', `/api/enrollments/${first.body.applicationId}/status`, {
      token: admin.token,
      json: { status: 'Rejected' },
    });
    const second = await request(api, 'POST', '/api/enrollments/apply', {
      token: trainee.token,
      json: { courseId: course.id },
    });
    expect(second.status).toBe(201);
    const reopen = await request(api, 'PUT', `/api/enrollments/${first.body.applicationId}/status`, {
      token: admin.token,
      json: { status: 'Pending' },
    });
    expect(reopen).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/already has an open application/) },
    });
  });

  it('answers 400 to deeply nested JSON', async () => {
    const nested = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const answer = await request(api, 'POST', '/api/auth/login', {
      payload: `{"email":${nested},"password":"x"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: 'The request body is nested too deeply.' } });
  });

  it('answers 404/409, never 500, when a job or a course is deleted while it is edited or applied to', async () => {
    const admin = await account(api, 'admin');
    const employer = await account(api, 'employer');
    const trainee = await account(api, 'trainee');
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const posted = await request(api, 'POST', '/api/jobs', { token: employer.token, json: job });
      const id = posted.body.job.id;
      const course = await createCourse(api, admin.token);
      const answers = await Promise.all([
        request(api, 'PUT', `/api/jobs/${id}`, { token: employer.token, json: { ...job, title: `Edited ${round}` } }),
        request(api, 'DELETE', `/api/jobs/${id}`, { token: employer.token }),
        request(api, 'POST', '/api/enrollments/apply', { token: trainee.token, json: { courseId: course.id } }),
        request(api, 'DELETE', `/api/courses/${course.id}`, { token: admin.token }),
      ]);
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});

describe('the last active admin', () => {
  /** Only `a` and `b` are active admins of `only`. */
  async function twoAdmins(only: TestApi) {
    const a = await account(only, 'admin');
    const b = await account(only, 'admin');
    await only.db.update(users).set({ isActive: false }).where(eq(users.role, 'admin'));
    await only.db.update(users).set({ isActive: true }).where(eq(users.id, a.id));
    await only.db.update(users).set({ isActive: true }).where(eq(users.id, b.id));
    return { a, b };
  }
  const activeAdmins = async (only: TestApi) =>
    (await only.db.select().from(users).where(eq(users.role, 'admin'))).filter((u) => u.isActive);

  it('is kept when two admins demote each other at once', async () => {
    const { a, b } = await twoAdmins(api);
    const answers = await Promise.all([
      request(api, 'PUT', `/api/users/${b.id}`, {
        token: a.token,
        json: { firstName: 'B', lastName: 'Admin', role: 'trainer' },
      }),
      request(api, 'PUT', `/api/users/${a.id}`, {
        token: b.token,
        json: { firstName: 'A', lastName: 'Admin', role: 'trainer' },
      }),
    ]);
    // The loser is refused: by the guard (409), or, when it arrives after the winner, as no longer an admin.
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    const loser = answers.find((x) => x.status !== 200)!;
    expect([401, 403, 409]).toContain(loser.status);
    if (loser.status === 409) {
      expect(loser.body.message).toBe(
        'The platform must keep at least one active admin: make another user an admin first.',
      );
    }
    expect(await activeAdmins(api)).toHaveLength(1);
  });

  it('is kept when one admin deactivates the other while being deleted by them', async () => {
    const { a, b } = await twoAdmins(api);
    const answers = await Promise.all([
      request(api, 'PUT', `/api/users/${b.id}/status`, { token: a.token, json: { isActive: false } }),
      request(api, 'DELETE', `/api/users/${a.id}`, { token: b.token }),
    ]);
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(await activeAdmins(api)).toHaveLength(1);
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it('two admins demoting each other on two instances leave one admin; races of item 8 answer no 5xx', async () => {
    const first = await startApi();
    const secondDatabase = openPostgres(first.url!);
    const secondApp = await buildApp({ database: secondDatabase, jwtSecret: JWT_SECRET });
    const second = { ...first, app: secondApp };
    try {
      for (let round = 0; round < 5; round++) {
        const a = await account(first, 'admin');
        const b = await account(first, 'admin');
        // Every other admin stands down first, so a and b are the only two.
        await first.db.update(users).set({ isActive: false }).where(eq(users.role, 'admin'));
        await first.db.update(users).set({ isActive: true }).where(eq(users.id, a.id));
        await first.db.update(users).set({ isActive: true }).where(eq(users.id, b.id));
        const answers = await Promise.all([
          request(first, 'PUT', `/api/users/${b.id}`, {
            token: a.token,
            json: { firstName: 'B', lastName: 'Admin', role: 'trainee' },
          }),
          request(second, 'PUT', `/api/users/${a.id}`, {
            token: b.token,
            json: { firstName: 'A', lastName: 'Admin', role: 'trainee' },
          }),
        ]);
        expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
        expect(answers.filter((x) => x.status >= 500)).toEqual([]);
        const active = await first.db.select().from(users).where(eq(users.role, 'admin'));
        expect(active.filter((u) => u.isActive)).toHaveLength(1);
      }

      const admin = await account(first, 'admin');
      const employer = await account(first, 'employer');
      const trainee = await account(first, 'trainee');
      const statuses: number[] = [];
      for (let round = 0; round < 10; round++) {
        const posted = await request(first, 'POST', '/api/jobs', { token: employer.token, json: job });
        const course = await createCourse(first, admin.token);
        const answers = await Promise.all([
          request(first, 'PUT', `/api/jobs/${posted.body.job.id}`, {
            token: employer.token,
            json: { ...job, title: 'Edited' },
          }),
          request(second, 'DELETE', `/api/jobs/${posted.body.job.id}`, { token: employer.token }),
          request(first, 'POST', '/api/enrollments/apply', { token: trainee.token, json: { courseId: course.id } }),
          request(second, 'DELETE', `/api/courses/${course.id}`, { token: admin.token }),
        ]);
        statuses.push(...answers.map((x) => x.status));
        // Reopening a Rejected application while a newer one is open, on the other instance.
        const [open] = await first.db.select().from(enrollments).where(eq(enrollments.traineeId, trainee.id)).limit(1);
        if (open) {
          await first.db.update(enrollments).set({ status: 'Rejected' }).where(eq(enrollments.traineeId, trainee.id));
          const again = await request(second, 'POST', '/api/enrollments/apply', {
            token: trainee.token,
            json: { courseId: open.courseId },
          });
          const reopen = await request(second, 'PUT', `/api/enrollments/${open.id}/status`, {
            token: admin.token,
            json: { status: 'Pending' },
          });
          statuses.push(again.status, reopen.status);
        }
      }
      // A progress record edited on one instance while the trainer deletes it on the other.
      const trainer = await account(first, 'trainer');
      const course = await createCourse(first, admin.token);
      const [running] = await first.db
        .insert(enrollments)
        .values({ courseId: course.id, traineeId: trainee.id, status: 'Approved', assignedTrainerId: trainer.id })
        .returning();
      const record = { assessmentName: 'Tamping', score: 7, maxScore: 10 };
      for (let round = 0; round < 10; round++) {
        const added = await request(first, 'POST', `/api/progress/enrollment/${running!.id}`, {
          token: trainer.token,
          json: record,
        });
        const answers = await Promise.all([
          request(first, 'PUT', `/api/progress/${added.body.record.id}`, {
            token: trainer.token,
            json: { ...record, score: 9 },
          }),
          request(second, 'DELETE', `/api/progress/${added.body.record.id}`, { token: trainer.token }),
        ]);
        statuses.push(...answers.map((x) => x.status));
      }
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
    } finally {
      await secondApp.close();
      await secondDatabase.close();
      await first.close();
    }
  });

  it('writers that collide across tables and instances all get an answer, never a 500 (deadlocks are run again)', async () => {
    const first = await startApi();
    const secondDatabase = openPostgres(first.url!);
    const secondApp = await buildApp({ database: secondDatabase, jwtSecret: JWT_SECRET });
    const second = { ...first, app: secondApp };
    try {
      const admin = await account(first, 'admin');
      const employer = await account(first, 'employer');
      const statuses: number[] = [];
      const upload = async (target: TestApi, bytes: Buffer) => {
        const form = await multipart({
          ...validCourse,
          courseImage: new Blob([new Uint8Array(bytes)], { type: 'image/png' }),
        });
        return request(target, 'POST', '/api/courses', { token: admin.token, ...form });
      };
      for (let round = 0; round < 20; round++) {
        // Course A owns an image; B is uploaded with the same bytes while A is deleted; C adopts A's address.
        const bytes = await sharp({
          create: { width: 64, height: 48, channels: 3, background: { r: round * 12, g: 90, b: 40 } },
        })
          .png()
          .toBuffer();
        const a = (await upload(first, bytes)).body.course;
        const c = await createCourse(first, admin.token);
        const answers = await Promise.all([
          request(first, 'DELETE', `/api/courses/${a.id}`, { token: admin.token }),
          upload(second, bytes),
          request(first, 'PUT', `/api/courses/${c.id}`, {
            token: admin.token,
            json: { ...validCourse, imageUrl: a.imageUrl },
          }),
        ]);
        statuses.push(...answers.map((answer) => answer.status));
        // Unrelated writers of the tables whose changes empty the page cache, on both instances at once.
        const writes = await Promise.all([
          request(second, 'POST', '/api/jobs', { token: employer.token, json: { ...job, title: `Barista ${round}` } }),
          request(first, 'PUT', '/api/users/me/profile', {
            token: employer.token,
            json: { firstName: 'Patrick', lastName: `Round ${round}`, companyName: 'Café Neo' },
          }),
          request(second, 'PUT', `/api/courses/${c.id}`, {
            token: admin.token,
            json: { ...validCourse, title: `Edited ${round}` },
          }),
        ]);
        statuses.push(...writes.map((answer) => answer.status));
      }
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
    } finally {
      await secondApp.close();
      await secondDatabase.close();
      await first.close();
    }
  }, 120_000);

  it('answers /api/health with 503 quickly, and a query on a locked table with 503, when the database is stuck', async () => {
    const test = await startApi();
    const stuck = openPostgres(test.url!, () => {}, { poolSize: 1, statementTimeoutMs: 3_000, acquireTimeoutMs: 500 });
    const app = await buildApp({ database: stuck, jwtSecret: JWT_SECRET });
    const locker = new pg.Client({ connectionString: test.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table courses in access exclusive mode');
      const courses = app.inject({ method: 'GET', url: '/api/courses' });
      // The app's one connection is held, waiting for the lock (by the list's query, or a task of its own first).
      await eventually(async () => {
        const waiting = await locker.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        expect(waiting.rows[0].n).toBeGreaterThan(0);
      });
      const started = Date.now();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(2_500);
      const listed = await courses;
      expect(listed.statusCode).toBe(503);
      expect(listed.json().message).toMatch(/busy/);
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
      await app.close();
      await stuck.close();
      await test.close();
    }
  });
});

describe('slow clients are cut off', () => {
  it('closes a connection whose headers or body trickle in past the timeouts', async () => {
    const app = await buildApp({
      database: api.database,
      jwtSecret: JWT_SECRET,
      timeouts: { headersMs: 1_000, requestMs: 1_500 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const closedWithin = (first: string) =>
      new Promise<number>((resolve) => {
        const started = Date.now();
        const socket = net.connect(port, '127.0.0.1', () => socket.write(first));
        socket.on('data', () => {});
        socket.on('error', () => {});
        socket.on('close', () => resolve(Date.now() - started));
        setTimeout(() => socket.destroy(), 10_000);
      });
    try {
      const [headers, body] = await Promise.all([
        closedWithin('POST /api/contact HTTP/1.1\r\nHost: x\r\n'),
        closedWithin(
          'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
        ),
      ]);
      expect(headers).toBeLessThan(6_000);
      expect(body).toBeLessThan(6_000);
    } finally {
      await app.close();
    }
  });
});

// The embedded database only: once, in the PGlite run.
describe.skipIf(onPostgres)('the embedded data directory is private', () => {
  it('is created 0700 with files 0600', { timeout: 120_000 }, async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'btls-perm-')), 'data');
    const database = await openPglite(dir);
    try {
      await database.migrateAndPrepare();
      embeddedJwtSecret(dir);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      const walk = (path: string): string[] =>
        readdirSync(path, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(path, e.name)) : [join(path, e.name)],
        );
      const files = walk(dir);
      expect(files.length).toBeGreaterThan(10);
      for (const file of files) expect({ file, mode: statSync(file).mode & 0o077 }).toEqual({ file, mode: 0 });
    } finally {
      await database.close();
    }
  });
});

describe('security headers', () => {
  it('sends CSP, frame-ancestors/X-Frame-Options, nosniff and Referrer-Policy; no-store for a signed-in caller', async () => {
    const anonymous = await request(api, 'GET', '/api/health');
    const csp = String(anonymous.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain('frame-src https://www.openstreetmap.org');
    expect(anonymous.headers['x-frame-options']).toBe('DENY');
    expect(anonymous.headers['x-content-type-options']).toBe('nosniff');
    expect(anonymous.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(anonymous.headers['strict-transport-security']).toBeUndefined();
    const trainee = await account(api, 'trainee');
    const signedIn = await request(api, 'GET', '/api/certificates/user', { token: trainee.token });
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const app = await buildApp({ database: api.database, jwtSecret: JWT_SECRET, publicUrl: 'https://btls.example.rw' });
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/health' });
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(cspHeader([])).not.toContain('unsafe-eval');
    } finally {
      await app.close();
    }
  });
});

describe('moderation', () => {
  it('lets an admin deactivate or delete any job, but not rewrite it', async () => {
    const admin = await account(api, 'admin');
    const employer = await account(api, 'employer');
    const posted = await request(api, 'POST', '/api/jobs', { token: employer.token, json: job });
    const id = posted.body.job.id;
    const off = await request(api, 'PUT', `/api/jobs/${id}`, { token: admin.token, json: { isActive: false } });
    expect(off).toMatchObject({ status: 200, body: { job: { isActive: false } } });
    expect((await request(api, 'GET', `/api/jobs/${id}`)).status).toBe(404);
    const rewrite = await request(api, 'PUT', `/api/jobs/${id}`, {
      token: admin.token,
      json: { ...job, title: 'Mine now' },
    });
    expect(rewrite.status).toBe(403);
    const all = await request(api, 'GET', '/api/jobs/my-postings?limit=100', { token: admin.token });
    expect(all.body.map((j: { id: number }) => j.id)).toContain(id);
    expect((await request(api, 'DELETE', `/api/jobs/${id}`, { token: admin.token })).status).toBe(200);
    expect((await request(api, 'DELETE', `/api/jobs/${id}`, { token: admin.token })).status).toBe(404);
  });

  it("takes a deactivated employer's jobs off the public board until they are reactivated", async () => {
    const admin = await account(api, 'admin');
    const employer = await account(api, 'employer');
    const posted = await request(api, 'POST', '/api/jobs', {
      token: employer.token,
      json: { ...job, title: 'Hidden when off' },
    });
    const id = posted.body.job.id;
    const board = async () =>
      (await request(api, 'GET', '/api/jobs?q=Hidden%20when%20off')).body.map((j: { id: number }) => j.id);
    expect(await board()).toEqual([id]);
    await request(api, 'PUT', `/api/users/${employer.id}/status`, { token: admin.token, json: { isActive: false } });
    expect(await board()).toEqual([]);
    expect((await request(api, 'GET', `/api/jobs/${id}`)).status).toBe(404);
    await request(api, 'PUT', `/api/users/${employer.id}/status`, { token: admin.token, json: { isActive: true } });
    expect(await board()).toEqual([id]);
  });

  it('deletes an employer with jobs only when the admin confirmed the jobs go too', async () => {
    const admin = await account(api, 'admin');
    const employer = await account(api, 'employer');
    await request(api, 'POST', '/api/jobs', { token: employer.token, json: job });
    const refused = await request(api, 'DELETE', `/api/users/${employer.id}`, { token: admin.token });
    expect(refused).toMatchObject({ status: 409, body: { message: expect.stringMatching(/has job postings/) } });
    const deleted = await request(api, 'DELETE', `/api/users/${employer.id}?deleteJobs=true`, { token: admin.token });
    expect(deleted.status).toBe(200);
    const [row] = await api.db.select().from(users).where(eq(users.id, employer.id));
    expect(row).toBeUndefined();
  });
});
