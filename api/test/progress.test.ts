import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { enrollments, idempotencyKeys, progressRecords } from '../src/db/schema';
import { KEYS_PER_USER } from '../src/http/idempotency';
import {
  account,
  createCourse,
  JWT_SECRET,
  onPostgres,
  request,
  startApi,
  type Account,
  type TestApi,
} from './helpers';

let api: TestApi;
let admin: Account;
let trainer: Account;
let courseId: number;
beforeAll(async () => {
  api = await startApi();
  admin = await account(api, 'admin');
  trainer = await account(api, 'trainer');
  courseId = (await createCourse(api, admin.token)).id;
});
afterAll(() => api.close());

async function enrollment(status = 'Approved', assigned: Account | null = trainer) {
  const trainee = await account(api, 'trainee');
  const [row] = await api.db
    .insert(enrollments)
    .values({ courseId, traineeId: trainee.id, status, assignedTrainerId: assigned?.id ?? null })
    .returning();
  return { id: row!.id, trainee };
}

const record = { assessmentName: 'Milk steaming', score: 8.5, maxScore: 10, feedbackNotes: 'Silky' };
const add = (token: string, id: number, json: unknown) =>
  request(api, 'POST', `/api/progress/enrollment/${id}`, { token, json });

describe('POST /api/progress/enrollment/:id', () => {
  it('lets the assigned trainer record progress', async () => {
    const { id } = await enrollment();
    const answer = await add(trainer.token, id, record);
    expect(answer.status).toBe(201);
    expect(answer.body.record).toMatchObject({ ...record, id: expect.any(Number), recordDate: expect.any(String) });
  });

  it("answers the name's problem and the score's together", async () => {
    const { id } = await enrollment();
    const answer = await add(trainer.token, id, {
      ...record,
      assessmentName: 'x'.repeat(201),
      score: 11,
      maxScore: 10,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.problems.map((p: { field: string; message: string }) => [p.field, p.message])).toEqual([
      ['assessmentName', 'Must be at most 200 characters.'],
      ['score', 'Score cannot be greater than Max Score.'],
    ]);
  });

  it("validates with the spec's messages; empty scores are null", async () => {
    const { id } = await enrollment();
    const cases: [unknown, string][] = [
      [{ ...record, assessmentName: '   ' }, 'Assessment name is required.'],
      [{ ...record, score: 'ten' }, 'Score must be a valid number.'],
      [{ ...record, maxScore: 'lots' }, 'Max Score must be a valid number.'],
      [{ ...record, score: 11, maxScore: 10 }, 'Score cannot be greater than Max Score.'],
      [{ ...record, score: null, maxScore: -1 }, 'Max Score cannot be negative.'],
    ];
    for (const [json, message] of cases) {
      expect(await add(trainer.token, id, json)).toMatchObject({ status: 400, body: { message } });
    }
    const empty = await add(trainer.token, id, {
      assessmentName: 'Attendance',
      score: '',
      maxScore: null,
      feedbackNotes: '',
    });
    expect(empty.status).toBe(201);
    expect(empty.body.record).toMatchObject({ score: null, maxScore: null, feedbackNotes: null });
  });

  it('refuses another trainer (404), admins and trainees (403), and enrollments not Approved (409)', async () => {
    const { id, trainee } = await enrollment();
    const other = await account(api, 'trainer');
    expect((await add(other.token, id, record)).status).toBe(404);
    expect((await add(admin.token, id, record)).status).toBe(403);
    expect((await add(trainee.token, id, record)).status).toBe(403);
    const pending = await enrollment('Pending');
    expect((await add(trainer.token, pending.id, record)).status).toBe(409);
    expect((await add(trainer.token, 999999, record)).status).toBe(404);
  });
});

describe('GET /api/progress/enrollment/:id', () => {
  it('is readable by the assigned trainer, the owning trainee and admins, newest first; 404 for others', async () => {
    const { id, trainee } = await enrollment();
    await add(trainer.token, id, { ...record, assessmentName: 'First' });
    await add(trainer.token, id, { ...record, assessmentName: 'Second' });
    for (const token of [trainer.token, trainee.token, admin.token]) {
      const answer = await request(api, 'GET', `/api/progress/enrollment/${id}`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.map((r: { assessmentName: string }) => r.assessmentName)).toEqual(['Second', 'First']);
    }
    const stranger = await account(api, 'trainee');
    const otherTrainer = await account(api, 'trainer');
    const employer = await account(api, 'employer');
    for (const token of [stranger.token, otherTrainer.token, employer.token]) {
      expect((await request(api, 'GET', `/api/progress/enrollment/${id}`, { token })).status).toBe(404);
    }
    expect((await request(api, 'GET', `/api/progress/enrollment/${id}`)).status).toBe(401);
  });
});

describe('PUT and DELETE /api/progress/:recordId', () => {
  it('lets the assigned trainer edit and delete a record', async () => {
    const { id } = await enrollment();
    const created = (await add(trainer.token, id, record)).body.record;
    const edited = await request(api, 'PUT', `/api/progress/${created.id}`, {
      token: trainer.token,
      json: { ...record, score: 9, feedbackNotes: 'Better' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.record).toMatchObject({ id: created.id, score: 9, feedbackNotes: 'Better' });
    expect((await request(api, 'DELETE', `/api/progress/${created.id}`, { token: trainer.token })).status).toBe(200);
    const left = await request(api, 'GET', `/api/progress/enrollment/${id}`, { token: trainer.token });
    expect(left.body).toEqual([]);
  });

  it('validates edits like new records', async () => {
    const { id } = await enrollment();
    const created = (await add(trainer.token, id, record)).body.record;
    const answer = await request(api, 'PUT', `/api/progress/${created.id}`, {
      token: trainer.token,
      json: { ...record, score: 20 },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Score cannot be greater than Max Score.' } });
  });

  it('refuses anyone but the assigned trainer, and records of finished trainings', async () => {
    const { id, trainee } = await enrollment();
    const created = (await add(trainer.token, id, record)).body.record;
    const other = await account(api, 'trainer');
    expect(
      (await request(api, 'PUT', `/api/progress/${created.id}`, { token: other.token, json: record })).status,
    ).toBe(404);
    expect((await request(api, 'DELETE', `/api/progress/${created.id}`, { token: other.token })).status).toBe(404);
    expect((await request(api, 'DELETE', `/api/progress/${created.id}`, { token: trainee.token })).status).toBe(403);
    expect((await request(api, 'DELETE', `/api/progress/${created.id}`, { token: admin.token })).status).toBe(403);
    await api.db.update(enrollments).set({ status: 'Completed' }).where(eq(enrollments.id, id));
    expect((await request(api, 'DELETE', `/api/progress/${created.id}`, { token: trainer.token })).status).toBe(409);
    expect((await request(api, 'DELETE', '/api/progress/999999', { token: trainer.token })).status).toBe(404);
  });
});

describe('Idempotency-Key on progress writes (a phone sends what it recorded offline, maybe twice)', () => {
  const withKey = (key: string, token = trainer.token) => ({ token, headers: { 'idempotency-key': key } });
  const stored = async (id: number) =>
    (await request(api, 'GET', `/api/progress/enrollment/${id}`, { token: trainer.token })).body as { id: number }[];

  it('stores a record sent twice with one key once, and answers the repeat with the first answer', async () => {
    const { id } = await enrollment();
    const url = `/api/progress/enrollment/${id}`;
    const first = await request(api, 'POST', url, { ...withKey('offline-7f3a-1'), json: record });
    const again = await request(api, 'POST', url, { ...withKey('offline-7f3a-1'), json: record });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored(id)).toHaveLength(1);
    // Another key is another record; no key at all, as before.
    expect((await request(api, 'POST', url, { ...withKey('offline-7f3a-2'), json: record })).status).toBe(201);
    expect((await add(trainer.token, id, record)).status).toBe(201);
    expect(await stored(id)).toHaveLength(3);
  });

  it('refuses the key for another request, and a key that is not plain', async () => {
    const { id } = await enrollment();
    const url = `/api/progress/enrollment/${id}`;
    await request(api, 'POST', url, { ...withKey('offline-other'), json: record });
    const other = await request(api, 'POST', url, { ...withKey('offline-other'), json: { ...record, score: 3 } });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'request.idempotencyKeyReused' });
    const odd = await request(api, 'POST', url, { ...withKey('a key with spaces'), json: record });
    expect(odd.status).toBe(400);
    expect(odd.body).toMatchObject({ code: 'request.idempotencyKeyInvalid' });
    expect(await stored(id)).toHaveLength(1);
  });

  it("keeps one key per user: another trainer's same key is theirs", async () => {
    const other = await account(api, 'trainer');
    const mine = await enrollment();
    const theirs = await enrollment('Approved', other);
    const a = await request(api, 'POST', `/api/progress/enrollment/${mine.id}`, { ...withKey('shared'), json: record });
    const b = await request(api, 'POST', `/api/progress/enrollment/${theirs.id}`, {
      ...withKey('shared', other.token),
      json: record,
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.record.id).not.toBe(a.body.record.id);
  });

  it('replays an edit once; a refusal of the state (the enrollment completed meanwhile) is answered anew, the same', async () => {
    const { id } = await enrollment();
    const url = `/api/progress/enrollment/${id}`;
    const created = await add(trainer.token, id, record);
    const edit = { ...record, score: 9.5 };
    const edited = await request(api, 'PUT', `/api/progress/${created.body.record.id}`, {
      ...withKey('edit-1'),
      json: edit,
    });
    const editedAgain = await request(api, 'PUT', `/api/progress/${created.body.record.id}`, {
      ...withKey('edit-1'),
      json: edit,
    });
    expect(edited.status).toBe(200);
    expect(editedAgain.body).toEqual(edited.body);
    await api.db.update(enrollments).set({ status: 'Completed' }).where(eq(enrollments.id, id));
    const refused = await request(api, 'POST', url, { ...withKey('late-1'), json: record });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Progress can only be recorded while the training is Approved.');
    const refusedAgain = await request(api, 'POST', url, { ...withKey('late-1'), json: record });
    expect(refusedAgain.status).toBe(409);
    expect(refusedAgain.body).toEqual(refused.body);
  });

  it("takes over its own expired or abandoned key only, never another user's", async () => {
    const other = await account(api, 'trainer');
    // Another user's key from 31 days ago, and this trainer's answered key from a minute ago.
    await api.db.insert(idempotencyKeys).values([
      {
        userId: other.id,
        key: 'old-elsewhere',
        fingerprint: 'x',
        status: 201,
        body: '{}',
        createdAt: new Date(Date.now() - 31 * 86_400_000),
      },
    ]);
    const { id } = await enrollment();
    const url = `/api/progress/enrollment/${id}`;
    const first = await request(api, 'POST', url, { ...withKey('kept-1'), json: record });
    const again = await request(api, 'POST', url, { ...withKey('kept-1'), json: record });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await stored(id)).toHaveLength(1);
    const [untouched] = await api.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, other.id), eq(idempotencyKeys.key, 'old-elsewhere')));
    expect(untouched).toMatchObject({ fingerprint: 'x', status: 201 });
    // This trainer's own key, older than the 30 days a key is kept: a new request, not a replay.
    await api.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(idempotencyKeys.key, 'kept-1'));
    const later = await request(api, 'POST', url, { ...withKey('kept-1'), json: record });
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored(id)).toHaveLength(2);
  });

  it("keeps a refused write's key for an hour only, and at most 500 keys of one user", async () => {
    const url = '/api/progress/enrollment/999998';
    const refused = await request(api, 'POST', url, { ...withKey('refused-1'), json: record });
    expect(refused.status).toBe(404);
    const replay = await request(api, 'POST', url, { ...withKey('refused-1'), json: record });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await api.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(and(eq(idempotencyKeys.userId, trainer.id), eq(idempotencyKeys.key, 'refused-1')));
    const anew = await request(api, 'POST', url, { ...withKey('refused-1'), json: record });
    expect(anew.status).toBe(404);
    expect(anew.headers['idempotent-replayed']).toBeUndefined();

    // A user who has sent 600 keys keeps the newest 500 (the oldest make room), each write still answered.
    const busy = await account(api, 'trainer');
    await api.db.insert(idempotencyKeys).values(
      Array.from({ length: 600 }, (_, i) => ({
        userId: busy.id,
        key: `flood-${i}`,
        fingerprint: 'x',
        status: 201,
        body: '{}',
        createdAt: new Date(Date.now() - (600 - i) * 1000),
      })),
    );
    const mine = await request(api, 'POST', '/api/progress/enrollment/999999', {
      ...withKey('after-flood', busy.token),
      json: record,
    });
    expect(mine.status).toBe(404);
    const kept = await api.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, busy.id));
    expect(kept.length).toBe(KEYS_PER_USER);
    expect(kept.map((row) => row.key)).toContain('after-flood');
    expect(kept.map((row) => row.key)).not.toContain('flood-0');
  });

  it('stores one record when the two copies arrive at once', async () => {
    const { id } = await enrollment();
    const url = `/api/progress/enrollment/${id}`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => request(api, 'POST', url, { ...withKey('burst-1'), json: record })),
    );
    // The first is stored; the others get its answer, or are told to send again in a moment (409).
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(await stored(id)).toHaveLength(1);
  });
});

describe.runIf(onPostgres)('Idempotency-Key across two API instances on one PostgreSQL', () => {
  it('stores one record when copies of it reach both instances at once', async () => {
    const second = openPostgres(api.url!);
    const other = await buildApp({ database: second, jwtSecret: JWT_SECRET });
    try {
      const { id } = await enrollment();
      const send = (app: typeof other) =>
        app.inject({
          method: 'POST',
          url: `/api/progress/enrollment/${id}`,
          headers: { authorization: `Bearer ${trainer.token}`, 'idempotency-key': 'two-instances-1' },
          payload: record,
        });
      const answers = await Promise.all([send(api.app), send(other), send(api.app), send(other)]);
      expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
      const rows = await api.db.select().from(progressRecords).where(eq(progressRecords.enrollmentId, id));
      expect(rows).toHaveLength(1);
      // Sent again later, through either: the first answer.
      const later = await send(other);
      expect(later.statusCode).toBe(201);
      expect(later.json().record.id).toBe(rows[0]!.id);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
