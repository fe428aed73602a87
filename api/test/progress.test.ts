import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments } from '../src/db/schema';
import { account, createCourse, request, startApi, type Account, type TestApi } from './helpers';

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

  it('refuses another trainer (404), admins and trainees (403), and enrollments not Approved (400)', async () => {
    const { id, trainee } = await enrollment();
    const other = await account(api, 'trainer');
    expect((await add(other.token, id, record)).status).toBe(404);
    expect((await add(admin.token, id, record)).status).toBe(403);
    expect((await add(trainee.token, id, record)).status).toBe(403);
    const pending = await enrollment('Pending');
    expect((await add(trainer.token, pending.id, record)).status).toBe(400);
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
    expect((await request(api, 'DELETE', `/api/progress/${created.id}`, { token: trainer.token })).status).toBe(400);
    expect((await request(api, 'DELETE', '/api/progress/999999', { token: trainer.token })).status).toBe(404);
  });
});
