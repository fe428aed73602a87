import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, courses, enrollments, users } from '../src/db/schema';
import { account, createCourse, request, startApi, type Account, type TestApi } from './helpers';

let api: TestApi;
let admin: Account;
let trainer: Account;
let course: { id: number; title: string };
beforeAll(async () => {
  api = await startApi();
  admin = await account(api, 'admin');
  trainer = await account(api, 'trainer');
  course = await createCourse(api, admin.token, { title: 'Latte Art Masterclass', duration: '1 week' });
});
afterAll(() => api.close());

async function enrollment(status: string) {
  const trainee = await account(api, 'trainee');
  const [row] = await api.db
    .insert(enrollments)
    .values({ courseId: course.id, traineeId: trainee.id, status, assignedTrainerId: trainer.id })
    .returning();
  return { id: row!.id, trainee };
}

const issue = (token: string, json: unknown) => request(api, 'POST', '/api/certificates/issue', { token, json });
const payloadFor = (e: { id: number; trainee: Account }) => ({
  enrollmentApplicationId: e.id,
  userId: e.trainee.id,
  courseId: course.id,
});

describe('POST /api/certificates/issue', () => {
  it('issues a certificate for a Completed enrollment with an unguessable code and a snapshot of names', async () => {
    const done = await enrollment('Completed');
    const answer = await issue(admin.token, payloadFor(done));
    expect(answer.status).toBe(201);
    const certificate = answer.body.certificate;
    expect(certificate).toMatchObject({
      traineeFirstName: done.trainee.firstName,
      traineeLastName: done.trainee.lastName,
      courseTitle: 'Latte Art Masterclass',
      courseDuration: '1 week',
      courseTrainingCenter: 'BTLS Coffee Training Centre, Kigali',
      issuedByAdminFirstName: admin.firstName,
      issuedByAdminLastName: admin.lastName,
      enrollmentApplicationId: done.id,
    });
    expect(certificate.certificateCode).toMatch(/^BTLS-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // Names change later; the certificate keeps what was true when it was issued.
    await api.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, done.trainee.id));
    await api.db.update(courses).set({ title: 'Renamed course' }).where(eq(courses.id, course.id));
    const later = await request(api, 'GET', `/api/certificates/code/${certificate.certificateCode}`, {
      token: done.trainee.token,
    });
    expect(later.body).toMatchObject({
      traineeFirstName: done.trainee.firstName,
      courseTitle: 'Latte Art Masterclass',
    });
    await api.db.update(courses).set({ title: 'Latte Art Masterclass' }).where(eq(courses.id, course.id));
  });

  it('gives different codes every time', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const done = await enrollment('Completed');
      codes.add((await issue(admin.token, payloadFor(done))).body.certificate.certificateCode);
    }
    expect(codes.size).toBe(5);
  });

  it("refuses enrollments that are not Completed with the spec's words", async () => {
    for (const status of ['Pending', 'Approved', 'Rejected', 'Waitlisted']) {
      const e = await enrollment(status);
      expect(await issue(admin.token, payloadFor(e))).toMatchObject({
        status: 409,
        body: { message: "Certificate can only be issued for 'Completed' enrollments" },
      });
    }
  });

  it('refuses a trainee or course that does not match the enrollment', async () => {
    const done = await enrollment('Completed');
    const other = await account(api, 'trainee');
    expect((await issue(admin.token, { ...payloadFor(done), userId: other.id })).status).toBe(409);
    const otherCourse = await createCourse(api, admin.token);
    expect((await issue(admin.token, { ...payloadFor(done), courseId: otherCourse.id })).status).toBe(409);
    expect((await issue(admin.token, { ...payloadFor(done), enrollmentApplicationId: 999999 })).status).toBe(404);
    expect((await issue(admin.token, { ...payloadFor(done), enrollmentApplicationId: 'x' })).status).toBe(400);
  });

  it('issues at most one per enrollment, also under concurrent requests (409 for the others)', async () => {
    const done = await enrollment('Completed');
    const answers = await Promise.all(Array.from({ length: 5 }, () => issue(admin.token, payloadFor(done))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 201)) {
      expect(a).toMatchObject({
        status: 409,
        body: { message: 'A certificate has already been issued for this enrollment.' },
      });
    }
    const rows = await api.db.select().from(certificates).where(eq(certificates.enrollmentId, done.id));
    expect(rows).toHaveLength(1);
  });

  it('is admin-only', async () => {
    const done = await enrollment('Completed');
    expect((await issue(trainer.token, payloadFor(done))).status).toBe(403);
    expect((await issue(done.trainee.token, payloadFor(done))).status).toBe(403);
  });
});

describe('reading certificates', () => {
  it("GET /certificates/user answers the trainee's own certificates only, for trainees", async () => {
    const mine = await enrollment('Completed');
    const theirs = await enrollment('Completed');
    await issue(admin.token, payloadFor(mine));
    await issue(admin.token, payloadFor(theirs));
    const answer = await request(api, 'GET', '/api/certificates/user', { token: mine.trainee.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0].userId).toBe(mine.trainee.id);
    expect((await request(api, 'GET', '/api/certificates/user', { token: admin.token })).status).toBe(403);
  });

  it('GET /certificates/enrollment/:id answers 404 until issued, then the certificate; hidden from strangers', async () => {
    const done = await enrollment('Completed');
    const url = `/api/certificates/enrollment/${done.id}`;
    expect((await request(api, 'GET', url, { token: admin.token })).status).toBe(404);
    await issue(admin.token, payloadFor(done));
    expect((await request(api, 'GET', url, { token: admin.token })).body.enrollmentApplicationId).toBe(done.id);
    expect((await request(api, 'GET', url, { token: done.trainee.token })).status).toBe(200);
    const stranger = await account(api, 'trainee');
    expect((await request(api, 'GET', url, { token: stranger.token })).status).toBe(404);
  });

  it('GET /certificates/code/:code answers any signed-in user with the code; 404 for an unknown code; 401 anonymous', async () => {
    const done = await enrollment('Completed');
    const code = (await issue(admin.token, payloadFor(done))).body.certificate.certificateCode;
    const employer = await account(api, 'employer');
    const answer = await request(api, 'GET', `/api/certificates/code/${code}`, { token: employer.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ certificateCode: code, courseTitle: 'Latte Art Masterclass' });
    expect(
      (await request(api, 'GET', '/api/certificates/code/BTLS-NOPE-NOPE-NOPE-NOPE', { token: employer.token })).status,
    ).toBe(404);
    expect((await request(api, 'GET', `/api/certificates/code/${code}`)).status).toBe(401);
  });
});

describe('GET /api/certificates/verify/:code (public)', () => {
  it('answers a genuine code with the name, course, issue date and issuer only, without a login', async () => {
    const done = await enrollment('Completed');
    const code = (await issue(admin.token, payloadFor(done))).body.certificate.certificateCode as string;
    const answer = await request(api, 'GET', `/api/certificates/verify/${code.toLowerCase()}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      valid: true,
      certificateCode: code,
      traineeName: `${done.trainee.firstName} ${done.trainee.lastName}`,
      courseTitle: 'Latte Art Masterclass',
      issueDate: expect.any(String),
      issuedBy: `${admin.firstName} ${admin.lastName}`,
      revoked: false,
      errors: [],
    });
  });

  it("answers an unknown code with 404 'This is not a valid certificate code.'", async () => {
    expect(await request(api, 'GET', '/api/certificates/verify/BTLS-FAKE-FAKE-FAKE-FAKE')).toMatchObject({
      status: 404,
      body: { message: 'This is not a valid certificate code.' },
    });
  });

  it('is rate-limited per client address so codes cannot be enumerated', async () => {
    const limited = await startApi({ limits: { verifyPerIp: 3 } });
    try {
      for (let i = 0; i < 3; i++)
        expect((await request(limited, 'GET', `/api/certificates/verify/BTLS-${i}`)).status).toBe(404);
      const blocked = await request(limited, 'GET', '/api/certificates/verify/BTLS-4');
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
