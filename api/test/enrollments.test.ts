import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, outbox, users } from '../src/db/schema';
import { account, createCourse, dayOffset, request, startApi, type Account, type TestApi } from './helpers';

let api: TestApi;
let admin: Account;
let trainer: Account;
let courseId: number;
beforeAll(async () => {
  api = await startApi();
  admin = await account(api, 'admin');
  trainer = await account(api, 'trainer');
  courseId = (await createCourse(api, admin.token, { title: 'Espresso Fundamentals' })).id;
});
afterAll(() => api.close());

async function apply(trainee: Account, fields: Record<string, unknown> = {}) {
  return request(api, 'POST', '/api/enrollments/apply', {
    token: trainee.token,
    json: { courseId, applicantNotes: 'Morning classes please', preferredStartDate: null, ...fields },
  });
}

async function applicationOf(status: string, assignTo?: Account) {
  const trainee = await account(api, 'trainee');
  const applied = await apply(trainee);
  const id: number = applied.body.applicationId;
  await api.db
    .update(enrollments)
    .set({ status, assignedTrainerId: assignTo?.id ?? null })
    .where(eq(enrollments.id, id));
  return { id, trainee };
}

const setStatus = (token: string, id: number, json: unknown) =>
  request(api, 'PUT', `/api/enrollments/${id}/status`, { token, json });

describe('POST /api/enrollments/apply', () => {
  it('creates a Pending application and answers its id and a message naming the course', async () => {
    const trainee = await account(api, 'trainee');
    const answer = await apply(trainee, { preferredStartDate: dayOffset(7) });
    expect(answer.status).toBe(201);
    expect(answer.body.applicationId).toEqual(expect.any(Number));
    expect(answer.body.message).toContain('Espresso Fundamentals');
    const mine = await request(api, 'GET', '/api/enrollments/my-applications', { token: trainee.token });
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({
      id: answer.body.applicationId,
      applicationId: answer.body.applicationId,
      courseId,
      courseTitle: 'Espresso Fundamentals',
      courseCategory: 'Brewing Techniques',
      courseLevel: 'Beginner',
      traineeId: trainee.id,
      traineeEmail: trainee.email,
      status: 'Pending',
      preferredStartDate: dayOffset(7),
      applicantNotes: 'Morning classes please',
      adminNotes: null,
      assignedTrainerId: null,
      trainerFirstName: null,
    });
  });

  it("requires a course ('Please select a course.') and refuses a start date in the past", async () => {
    const trainee = await account(api, 'trainee');
    expect(await apply(trainee, { courseId: '' })).toMatchObject({
      status: 400,
      body: { message: 'Please select a course.' },
    });
    expect(await apply(trainee, { preferredStartDate: dayOffset(-1) })).toMatchObject({
      status: 400,
      body: { message: 'Preferred start date cannot be in the past.' },
    });
    expect((await apply(trainee, { preferredStartDate: dayOffset(0) })).status).toBe(201);
  });

  it('refuses an unknown course with 404 and an inactive course with 409', async () => {
    const trainee = await account(api, 'trainee');
    expect((await apply(trainee, { courseId: 999999 })).status).toBe(404);
    const closed = await createCourse(api, admin.token, { isActive: false });
    expect(await apply(trainee, { courseId: closed.id })).toMatchObject({
      status: 409,
      body: { message: 'This course is not open for applications.' },
    });
  });

  it('refuses a second open application for the same course with 409', async () => {
    const trainee = await account(api, 'trainee');
    expect((await apply(trainee)).status).toBe(201);
    expect((await apply(trainee)).status).toBe(409);
  });

  it('is for trainees only', async () => {
    expect((await apply(trainer)).status).toBe(403);
    expect((await apply(admin)).status).toBe(403);
    expect((await request(api, 'POST', '/api/enrollments/apply', { json: { courseId } })).status).toBe(401);
  });
});

describe('GET /api/enrollments (admin review)', () => {
  it('filters by status and lists all without one; refuses unknown statuses', async () => {
    const pending = await applicationOf('Pending');
    const approved = await applicationOf('Approved');
    const onlyPending = await request(api, 'GET', '/api/enrollments?status=Pending', { token: admin.token });
    expect(onlyPending.status).toBe(200);
    const ids = onlyPending.body.map((e: { id: number }) => e.id);
    expect(ids).toContain(pending.id);
    expect(ids).not.toContain(approved.id);
    const all = await request(api, 'GET', '/api/enrollments', { token: admin.token });
    expect(all.body.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining([pending.id, approved.id]));
    expect((await request(api, 'GET', '/api/enrollments?status=Lost', { token: admin.token })).status).toBe(400);
  });

  it('is admin-only', async () => {
    expect((await request(api, 'GET', '/api/enrollments', { token: trainer.token })).status).toBe(403);
  });

  it('orders the queue oldest first or by course, filters by course, and finds the completed ones awaiting a certificate', async () => {
    const first = await applicationOf('Pending');
    const second = await applicationOf('Pending');
    const ids = (body: { id: number }[]) => body.map((e) => e.id);
    const oldest = await request(api, 'GET', '/api/enrollments?status=Pending&sort=oldest&limit=100', {
      token: admin.token,
    });
    expect(ids(oldest.body).indexOf(first.id)).toBeLessThan(ids(oldest.body).indexOf(second.id));
    const newest = await request(api, 'GET', '/api/enrollments?status=Pending&limit=100', { token: admin.token });
    expect(ids(newest.body).indexOf(second.id)).toBeLessThan(ids(newest.body).indexOf(first.id));
    const byCourse = await request(api, 'GET', '/api/enrollments?sort=course&limit=100', { token: admin.token });
    const titles = byCourse.body.map((e: { courseTitle: string }) => e.courseTitle);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const [firstRow] = await api.db.select().from(enrollments).where(eq(enrollments.id, first.id));
    const ofCourse = await request(api, 'GET', `/api/enrollments?courseId=${firstRow!.courseId}&limit=100`, {
      token: admin.token,
    });
    expect(ofCourse.body.every((e: { courseId: number }) => e.courseId === firstRow!.courseId)).toBe(true);
    expect(ids(ofCourse.body)).toContain(first.id);

    const done = await applicationOf('Completed');
    const awaiting = await request(api, 'GET', '/api/enrollments?awaitingCertificate=true&limit=100', {
      token: admin.token,
    });
    expect(ids(awaiting.body)).toContain(done.id);
    expect(awaiting.body.every((e: { status: string }) => e.status === 'Completed')).toBe(true);
    const [doneRow] = await api.db.select().from(enrollments).where(eq(enrollments.id, done.id));
    const issued = await request(api, 'POST', '/api/certificates/issue', {
      token: admin.token,
      json: { enrollmentApplicationId: done.id, userId: done.trainee.id, courseId: doneRow!.courseId },
    });
    expect(issued.status).toBe(201);
    const after = await request(api, 'GET', '/api/enrollments?awaitingCertificate=true&limit=100', {
      token: admin.token,
    });
    expect(ids(after.body)).not.toContain(done.id);
    expect((await request(api, 'GET', '/api/enrollments?sort=sideways', { token: admin.token })).status).toBe(400);
  });
});

describe('POST /api/enrollments/status (several at once)', () => {
  it('moves every selected application with one note and tells each trainee; admins only', async () => {
    const a = await applicationOf('Pending');
    const b = await applicationOf('Pending');
    const answer = await request(api, 'POST', '/api/enrollments/status', {
      token: admin.token,
      json: { ids: [a.id, b.id, a.id], status: 'Waitlisted', adminNotes: 'The March class is full.' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('2 applications updated to Waitlisted.');
    const rows = await api.db
      .select()
      .from(enrollments)
      .where(inArray(enrollments.id, [a.id, b.id]));
    expect(rows.map((r) => [r.status, r.adminNotes])).toEqual([
      ['Waitlisted', 'The March class is full.'],
      ['Waitlisted', 'The March class is full.'],
    ]);
    expect(
      (
        await request(api, 'POST', '/api/enrollments/status', {
          token: trainer.token,
          json: { ids: [a.id], status: 'Approved' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await request(api, 'POST', '/api/enrollments/status', {
          token: admin.token,
          json: { ids: [], status: 'Approved' },
        })
      ).body.message,
    ).toBe('Select at least one application.');
  });

  it('changes none when one of them cannot move (a completed one) or does not exist', async () => {
    const open = await applicationOf('Pending');
    const done = await applicationOf('Completed');
    const refused = await request(api, 'POST', '/api/enrollments/status', {
      token: admin.token,
      json: { ids: [open.id, done.id], status: 'Rejected' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A completed enrollment keeps its status; only its notes can be edited.');
    const missing = await request(api, 'POST', '/api/enrollments/status', {
      token: admin.token,
      json: { ids: [open.id, 999_999], status: 'Rejected' },
    });
    expect(missing.status).toBe(404);
    const [row] = await api.db.select().from(enrollments).where(eq(enrollments.id, open.id));
    expect(row!.status).toBe('Pending');
  });
});

describe('approving with a trainer (approve and assign in one step)', () => {
  const assignedTo = async (id: number) => (await api.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;
  const mailsTo = async (email: string) =>
    (await api.db.select().from(outbox).where(eq(outbox.recipient, email))).map((m) => m.subject);

  it('approves and assigns in one request; the trainee hears of both, and the trainer sees the training', async () => {
    const { id, trainee } = await applicationOf('Pending');
    const answer = await setStatus(admin.token, id, {
      status: 'Approved',
      adminNotes: 'Welcome!',
      trainerId: trainer.id,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(
      `Application status updated to Approved. Trainer ${trainer.firstName} ${trainer.lastName} assigned.`,
    );
    expect(await assignedTo(id)).toMatchObject({
      status: 'Approved',
      adminNotes: 'Welcome!',
      assignedTrainerId: trainer.id,
    });
    const subjects = await mailsTo(trainee.email);
    expect(subjects.some((s) => s.includes('is now Approved'))).toBe(true);
    expect(subjects.length).toBeGreaterThanOrEqual(3); // received, approved, trainer assigned
    const mine = await request(api, 'GET', '/api/enrollments/my-assigned-trainings', { token: trainer.token });
    expect(mine.body.map((e: { id: number }) => e.id)).toContain(id);
  });

  it('approves several at once with one trainer; without trainerId the trainer stays as it was', async () => {
    const a = await applicationOf('Pending');
    const b = await applicationOf('Waitlisted');
    const answer = await request(api, 'POST', '/api/enrollments/status', {
      token: admin.token,
      json: { ids: [a.id, b.id], status: 'Approved', trainerId: trainer.id },
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: `2 applications updated to Approved. Trainer ${trainer.firstName} ${trainer.lastName} assigned.`,
      },
    });
    expect((await assignedTo(a.id)).assignedTrainerId).toBe(trainer.id);
    expect((await assignedTo(b.id)).assignedTrainerId).toBe(trainer.id);
    // Edit notes later (same status, no trainer): the assignment stays, nobody is e-mailed again.
    const before = (await mailsTo(a.trainee.email)).length;
    expect(
      (await setStatus(admin.token, a.id, { status: 'Approved', adminNotes: 'Bring an apron' })).body.message,
    ).toBe('Admin notes updated.');
    expect(await assignedTo(a.id)).toMatchObject({ assignedTrainerId: trainer.id, adminNotes: 'Bring an apron' });
    expect((await mailsTo(a.trainee.email)).length).toBe(before);
  });

  it('refuses, changing nothing: a trainer with another status (400), a missing user (404), a non-trainer or inactive trainer (409), a malformed id (400)', async () => {
    const { id } = await applicationOf('Pending');
    const refusals = [
      [
        { status: 'Rejected', trainerId: trainer.id },
        400,
        'A trainer can only be assigned to an Approved application.',
      ],
      [{ status: 'Approved', trainerId: 999_999 }, 404, 'Trainer not found.'],
      [{ status: 'Approved', trainerId: admin.id }, 409, 'The selected user is not an active trainer.'],
      [{ status: 'Approved', trainerId: 'someone' }, 400, 'Invalid trainer ID.'],
    ] as const;
    for (const [json, status, message] of refusals) {
      expect(await setStatus(admin.token, id, json)).toMatchObject({ status, body: { message } });
    }
    const idle = await account(api, 'trainer');
    await api.db.update(users).set({ isActive: false }).where(eq(users.id, idle.id));
    expect(await setStatus(admin.token, id, { status: 'Approved', trainerId: idle.id })).toMatchObject({
      status: 409,
      body: { message: 'The selected user is not an active trainer.' },
    });
    const bulk = await request(api, 'POST', '/api/enrollments/status', {
      token: admin.token,
      json: { ids: [id], status: 'Approved', trainerId: idle.id },
    });
    expect(bulk.status).toBe(409);
    expect(await assignedTo(id)).toMatchObject({ status: 'Pending', assignedTrainerId: null });
  });
});

describe('GET /api/enrollments/my-applications and /my-assigned-trainings', () => {
  it("answers only the caller's own applications, for trainees only", async () => {
    const a = await applicationOf('Pending');
    const b = await applicationOf('Pending');
    const mine = await request(api, 'GET', '/api/enrollments/my-applications', { token: a.trainee.token });
    expect(mine.body.map((e: { id: number }) => e.id)).toEqual([a.id]);
    expect(mine.body.map((e: { id: number }) => e.id)).not.toContain(b.id);
    expect((await request(api, 'GET', '/api/enrollments/my-applications', { token: trainer.token })).status).toBe(403);
  });

  it("answers a trainer's Approved and Completed assignments with trainee details, for trainers only", async () => {
    const mine = await account(api, 'trainer');
    const running = await applicationOf('Approved', mine);
    const done = await applicationOf('Completed', mine);
    const someoneElses = await applicationOf('Approved', trainer);
    const answer = await request(api, 'GET', '/api/enrollments/my-assigned-trainings', { token: mine.token });
    expect(answer.status).toBe(200);
    const ids = answer.body.map((e: { applicationId: number }) => e.applicationId);
    expect(ids.sort()).toEqual([running.id, done.id].sort());
    expect(ids).not.toContain(someoneElses.id);
    expect(answer.body[0]).toMatchObject({ trainerEmail: mine.email, traineeEmail: expect.any(String) });
    expect((await request(api, 'GET', '/api/enrollments/my-assigned-trainings', { token: admin.token })).status).toBe(
      403,
    );
  });

  it('lists the running trainings before the completed ones, even when a completed one is newer', async () => {
    const mine = await account(api, 'trainer');
    const running = await applicationOf('Approved', mine);
    const newerButDone = await applicationOf('Completed', mine);
    const answer = await request(api, 'GET', '/api/enrollments/my-assigned-trainings', { token: mine.token });
    expect(answer.body.map((e: { applicationId: number }) => e.applicationId)).toEqual([running.id, newerButDone.id]);
  });
});

describe('GET /api/enrollments/:id', () => {
  it('shows an enrollment to an admin, its trainee and its assigned trainer; 404 to anyone else', async () => {
    const app = await applicationOf('Approved', trainer);
    expect((await request(api, 'GET', `/api/enrollments/${app.id}`, { token: admin.token })).status).toBe(200);
    expect((await request(api, 'GET', `/api/enrollments/${app.id}`, { token: app.trainee.token })).body.id).toBe(
      app.id,
    );
    expect((await request(api, 'GET', `/api/enrollments/${app.id}`, { token: trainer.token })).status).toBe(200);
    const stranger = await account(api, 'trainee');
    const otherTrainer = await account(api, 'trainer');
    expect((await request(api, 'GET', `/api/enrollments/${app.id}`, { token: stranger.token })).status).toBe(404);
    expect(await request(api, 'GET', `/api/enrollments/${app.id}`, { token: otherTrainer.token })).toMatchObject({
      status: 404,
      body: { message: 'Enrollment not found or not assigned to you.' },
    });
    const employer = await account(api, 'employer');
    expect((await request(api, 'GET', `/api/enrollments/${app.id}`, { token: employer.token })).status).toBe(404);
  });
});

describe('PUT /api/enrollments/:id/status by an admin', () => {
  it('moves between Pending, Approved, Rejected and Waitlisted, with notes', async () => {
    const { id, trainee } = await applicationOf('Pending');
    for (const status of ['Approved', 'Waitlisted', 'Rejected', 'Pending']) {
      const answer = await setStatus(admin.token, id, { status, adminNotes: `now ${status}` });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const [row] = await api.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(row).toMatchObject({ status: 'Pending', adminNotes: 'now Pending' });
    const seen = await request(api, 'GET', '/api/enrollments/my-applications', { token: trainee.token });
    expect(seen.body[0].adminNotes).toBe('now Pending');
  });

  it('edits notes by re-sending the same status', async () => {
    const { id } = await applicationOf('Approved');
    expect((await setStatus(admin.token, id, { status: 'Approved', adminNotes: 'Bring an apron' })).status).toBe(200);
    const [row] = await api.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(row).toMatchObject({ status: 'Approved', adminNotes: 'Bring an apron' });
  });

  it('keeps a Completed enrollment Completed (notes only)', async () => {
    const { id } = await applicationOf('Completed', trainer);
    for (const status of ['Pending', 'Approved', 'Rejected', 'Waitlisted']) {
      expect((await setStatus(admin.token, id, { status })).status).toBe(409);
    }
    expect((await setStatus(admin.token, id, { status: 'Completed', adminNotes: 'Great work' })).status).toBe(200);
    const [row] = await api.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(row).toMatchObject({ status: 'Completed', adminNotes: 'Great work' });
  });

  it('does not let an admin mark a training Completed, and refuses unknown statuses', async () => {
    const { id } = await applicationOf('Approved', trainer);
    expect((await setStatus(admin.token, id, { status: 'Completed' })).status).toBe(403);
    expect((await setStatus(admin.token, id, { status: 'Done' })).status).toBe(400);
    expect((await setStatus(admin.token, 999999, { status: 'Approved' })).status).toBe(404);
  });

  it('refuses trainees and employers', async () => {
    const { id, trainee } = await applicationOf('Pending');
    expect((await setStatus(trainee.token, id, { status: 'Approved' })).status).toBe(403);
    const employer = await account(api, 'employer');
    expect((await setStatus(employer.token, id, { status: 'Approved' })).status).toBe(403);
  });
});

describe('PUT /api/enrollments/:id/status by a trainer', () => {
  it('lets the assigned trainer move their Approved enrollment to Completed, sending only the status', async () => {
    const { id } = await applicationOf('Approved', trainer);
    const answer = await setStatus(trainer.token, id, { status: 'Completed' });
    expect(answer.status).toBe(200);
    const [row] = await api.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(row!.status).toBe('Completed');
  });

  it('refuses another trainer (404), other target statuses (403) and non-Approved enrollments (409)', async () => {
    const { id } = await applicationOf('Approved', trainer);
    const other = await account(api, 'trainer');
    expect((await setStatus(other.token, id, { status: 'Completed' })).status).toBe(404);
    expect((await setStatus(trainer.token, id, { status: 'Rejected' })).status).toBe(403);
    const waiting = await applicationOf('Waitlisted', trainer);
    expect((await setStatus(trainer.token, waiting.id, { status: 'Completed' })).status).toBe(409);
    const [row] = await api.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(row!.status).toBe('Approved');
  });

  it('ignores admin notes sent by a trainer', async () => {
    const { id } = await applicationOf('Approved', trainer);
    await setStatus(trainer.token, id, { status: 'Completed', adminNotes: 'I approve myself' });
    const [row] = await api.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(row!.adminNotes).toBeNull();
  });
});

describe('PUT /api/enrollments/:applicationId/assign-trainer', () => {
  const assign = (token: string, id: number, json: unknown) =>
    request(api, 'PUT', `/api/enrollments/${id}/assign-trainer`, { token, json });

  it('assigns a trainer to an Approved application; the trainee then sees the trainer', async () => {
    const { id, trainee } = await applicationOf('Approved');
    const answer = await assign(admin.token, id, { trainerId: trainer.id });
    expect(answer.status).toBe(200);
    const mine = await request(api, 'GET', '/api/enrollments/my-applications', { token: trainee.token });
    expect(mine.body[0]).toMatchObject({
      assignedTrainerId: trainer.id,
      trainerFirstName: trainer.firstName,
      trainerLastName: trainer.lastName,
      trainerEmail: trainer.email,
    });
  });

  it("requires a trainer ('Please select a trainer.'), only Approved applications, and only users whose role is trainer", async () => {
    const { id } = await applicationOf('Approved');
    expect(await assign(admin.token, id, {})).toMatchObject({
      status: 400,
      body: { message: 'Please select a trainer.' },
    });
    const notTrainer = await account(api, 'trainee');
    expect((await assign(admin.token, id, { trainerId: notTrainer.id })).status).toBe(409);
    expect((await assign(admin.token, id, { trainerId: 999999 })).status).toBe(404);
    const pending = await applicationOf('Pending');
    expect((await assign(admin.token, pending.id, { trainerId: trainer.id })).status).toBe(409);
    // An enrollment's own words (it said a job application was not found).
    expect(await assign(admin.token, 999999, { trainerId: trainer.id })).toMatchObject({
      status: 404,
      body: { message: 'Enrollment application not found.', code: 'enrollment.applicationNotFound' },
    });
  });

  it('is admin-only', async () => {
    const { id } = await applicationOf('Approved');
    expect((await assign(trainer.token, id, { trainerId: trainer.id })).status).toBe(403);
  });
});
