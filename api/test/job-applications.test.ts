/**
 * Job applications. Every rule, named in its words: who may apply and for which jobs,
 * one application per trainee and job (also under a race), who reads what, the pipeline, withdrawing, the CV,
 * a deleted job's history, the notifications, paging.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, enrollments, jobs, outbox } from '../src/db/schema';
import { account, createCourse, dayOffset, multipart, request, startApi, type Account, type TestApi } from './helpers';

let api: TestApi;
let admin: Account;
let employer: Account;
let otherEmployer: Account;
let trainer: Account;
let course: { id: number; title: string };

beforeAll(async () => {
  api = await startApi({ limits: { jobPostsPerHour: 10_000 } });
  admin = await account(api, 'admin');
  employer = await account(api, 'employer');
  otherEmployer = await account(api, 'employer');
  trainer = await account(api, 'trainer');
  course = await createCourse(api, admin.token, { title: 'Espresso Mastery' });
});
afterAll(() => api.close());

const jobFields = {
  title: 'Head Barista',
  companyName: 'Kigali Beans Ltd',
  description: 'Run the bar.',
  location: 'Kigali',
  jobType: 'Full-time',
};

async function postJob(fields: Record<string, unknown> = {}, owner = employer): Promise<number> {
  const answer = await request(api, 'POST', '/api/jobs', { token: owner.token, json: { ...jobFields, ...fields } });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.job.id;
}

/** A trainee, with a certificate for the course when `certified`. */
async function trainee(certified = false, fields: Record<string, unknown> = {}): Promise<Account & { code?: string }> {
  const who = await account(api, 'trainee', fields);
  if (!certified) return who;
  const [enrollment] = await api.db
    .insert(enrollments)
    .values({ courseId: course.id, traineeId: who.id, status: 'Completed' })
    .returning();
  const code = `BTLS-TEST-${who.id}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  await api.db.insert(certificates).values({
    certificateCode: code,
    enrollmentId: enrollment!.id,
    userId: who.id,
    courseId: course.id,
    traineeFirstName: who.firstName,
    traineeLastName: who.lastName,
    courseTitle: course.title,
    issuedByAdminId: admin.id,
    issuedByAdminFirstName: 'Ada',
    issuedByAdminLastName: 'Admin',
  });
  return { ...who, code };
}

const apply = (job: number, who: { token: string }, json: unknown = {}) =>
  request(api, 'POST', `/api/jobs/${job}/applications`, { token: who.token, json });
const applicants = (job: number, who: { token: string }, query = '') =>
  request(api, 'GET', `/api/jobs/${job}/applications${query}`, { token: who.token });
const move = (id: number, who: { token: string }, json: unknown) =>
  request(api, 'PATCH', `/api/job-applications/${id}`, { token: who.token, json });

/** A file of `size` bytes starting with `head` (bytes written as a latin-1 string), with `inside` after 100 bytes. */
function withHead(head: string, size: number, inside = ''): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(Uint8Array.from(head, (c) => c.charCodeAt(0)));
  bytes.set(new TextEncoder().encode(inside), 100);
  return bytes;
}
/** A ZIP whose first entry is `name` (its local header: the signature, 22 bytes of sizes and dates, the name's length). */
function zipOf(name: string, size = 3000): Uint8Array<ArrayBuffer> {
  const bytes = withHead('PK\x03\x04', size);
  new DataView(bytes.buffer).setUint16(26, name.length, true);
  bytes.set(new TextEncoder().encode(name), 30);
  return bytes;
}
/**
 * An OLE compound file whose directory names a stream `name`: the entry at a directory sector's start (its name in
 * UTF-16, the name's length with its terminator at 64, the entry's type, 2 for a stream, at 66).
 */
function oleOf(name: string, size = 3000): Uint8Array<ArrayBuffer> {
  const bytes = withHead('\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', size);
  bytes.set(new Uint8Array(Buffer.from(name, 'utf16le')), 1536);
  new DataView(bytes.buffer).setUint16(1536 + 64, (name.length + 1) * 2, true);
  bytes[1536 + 66] = 2;
  return bytes;
}
/** The kinds of CV taken besides a PDF, each as its first bytes and what proves its kind. */
const cvFiles = {
  docx: () => zipOf('word/document.xml'),
  doc: () => oleOf('WordDocument'),
  jpg: () => withHead('\xff\xd8\xff\xe0\x00\x10JFIF', 4000),
  png: () => withHead('\x89PNG\r\n\x1a\n', 4000),
};

const pdf = (size = 1000) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return new Blob([bytes], { type: 'application/pdf' });
};

describe('applying (trainees only)', () => {
  it('a trainee applies with a phone and a cover note: 201 {id, jobId, status New, appliedAt}', async () => {
    const job = await postJob();
    const me = await trainee(true);
    const answer = await apply(job, me, { phone: '078 123 4567', coverNote: '  Five years on a La Marzocco.  ' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      id: expect.any(Number),
      jobId: job,
      status: 'New',
      jobTitle: 'Head Barista',
      companyName: 'Kigali Beans Ltd',
    });
    expect(Date.parse(answer.body.appliedAt)).not.toBeNaN();
    const [seen] = (await applicants(job, employer)).body;
    expect(seen).toMatchObject({ phone: '+250 781 234 567', coverNote: 'Five years on a La Marzocco.', hasCv: false });
  });

  it('accepts any valid number with its country code and Rwandan ones written locally, kept in E.164; refuses others beside the field', async () => {
    const job = await postJob();
    for (const [phone, kept] of [
      ['0781234567', '+250 781 234 567'],
      ['078 123 4567', '+250 781 234 567'],
      ['+250 78 123 4567', '+250 781 234 567'],
      ['250-722-123-456', '+250 722 123 456'],
      ['079 123 4567', '+250 791 234 567'],
      // The neighbours: Uganda, the DR Congo, Burundi; and further away.
      ['+256 772 123 456', '+256 772 123456'],
      ['+243 81 234 5678', '+243 812 345 678'],
      ['+257 79 12 34 56', '+257 79 12 34 56'],
      ['00254 712 345 678', '+254 712 345678'],
    ]) {
      const me = await trainee();
      const answer = await apply(job, me, { phone });
      expect(answer.status, phone).toBe(201);
      const [seen] = (await applicants(job, employer, `?q=${encodeURIComponent(me.lastName)}`)).body;
      expect(seen.phone, phone).toBe(kept);
    }
    const stored = await api.db.query.jobApplications.findMany({ columns: { phone: true } });
    expect(stored.map((row) => row.phone).filter(Boolean)).toContain('+256772123456');
    for (const phone of ['12345', '+256 12', '+1 000 000 0000', '0881234567', 'call me', '+25078123456789']) {
      const answer = await apply(await postJob(), await trainee(), { phone });
      expect(answer, phone).toMatchObject({
        status: 400,
        body: {
          message:
            'Please enter a phone number with its country code, e.g. +256 772 123 456, or a Rwandan number such as 078 123 4567.',
          code: 'jobApplication.invalidPhone',
          params: { field: 'phone' },
        },
      });
    }
  });

  it('sent twice with one Idempotency-Key (a phone sending what it kept offline, its answer lost), it is stored once', async () => {
    const job = await postJob();
    const me = await trainee();
    const key = 'a7c1d0e2-5b0f-4c3e-9d8a-000000000001';
    const form = await multipart({
      phone: '+256 772 123 456',
      coverNote: 'Sent from the bus.',
      cv: new Blob([cvFiles.jpg()]),
    });
    const send = () =>
      request(api, 'POST', `/api/jobs/${job}/applications`, {
        token: me.token,
        payload: form.payload,
        headers: { ...form.headers, 'idempotency-key': key },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again).toMatchObject({ status: 201, body: { id: first.body.id } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Without the key, a second try is the usual refusal: one application per trainee and job.
    expect(await apply(job, me, { coverNote: 'Again' })).toMatchObject({
      status: 409,
      body: { code: 'jobApplication.alreadyApplied' },
    });
    expect((await applicants(job, employer)).body).toHaveLength(1);
  });

  it('refuses one Idempotency-Key for another form (its fields and CV are what the key was for)', async () => {
    const job = await postJob();
    const me = await trainee();
    const key = 'a7c1d0e2-5b0f-4c3e-9d8a-000000000002';
    const send = async (fields: Record<string, string | Blob>) => {
      const form = await multipart(fields);
      return request(api, 'POST', `/api/jobs/${job}/applications`, {
        token: me.token,
        payload: form.payload,
        headers: { ...form.headers, 'idempotency-key': key },
      });
    };
    expect((await send({ phone: '+256 772 123 456', cv: new Blob([cvFiles.jpg()]) })).status).toBe(201);
    for (const other of [
      { phone: '+250 788 999 999', cv: new Blob([cvFiles.jpg()]) },
      { phone: '+256 772 123 456', cv: new Blob([cvFiles.png()]) },
    ])
      expect(await send(other)).toMatchObject({ status: 422, body: { code: 'request.idempotencyKeyReused' } });
    // The same form again, its boundary new: still the first answer.
    const again = await send({ phone: '+256 772 123 456', cv: new Blob([cvFiles.jpg()]) });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('a cover note is at most 2,000 characters', async () => {
    const job = await postJob();
    expect(await apply(job, await trainee(), { coverNote: 'x'.repeat(2001) })).toMatchObject({
      status: 400,
      body: { message: 'The cover note must be at most 2,000 characters.' },
    });
    expect((await apply(job, await trainee(), { coverNote: 'x'.repeat(2000) })).status).toBe(201);
  });

  it('a trainee without certificates may still apply (their list of certificates is empty)', async () => {
    const job = await postJob();
    expect((await apply(job, await trainee(false))).status).toBe(201);
    const [seen] = (await applicants(job, employer)).body;
    expect(seen.certificates).toEqual([]);
  });

  it('employers, trainers and admins cannot apply (403, with the reason); a visitor is asked to sign in (401)', async () => {
    const job = await postJob();
    for (const who of [employer, trainer, admin]) {
      expect(await apply(job, who)).toMatchObject({
        status: 403,
        body: { message: 'Only trainees can apply for jobs.' },
      });
    }
    expect((await request(api, 'POST', `/api/jobs/${job}/applications`, { json: {} })).status).toBe(401);
  });

  it("closed, inactive or deleted jobs refuse applications: 404 'Job not found or no longer available.'", async () => {
    const me = await trainee();
    const closed = await postJob();
    await api.db
      .update(jobs)
      .set({ closingDate: dayOffset(-1) })
      .where(eq(jobs.id, closed));
    const inactive = await postJob({ isActive: false });
    const deleted = await postJob();
    await request(api, 'DELETE', `/api/jobs/${deleted}`, { token: employer.token });
    for (const job of [closed, inactive, deleted, 999_999]) {
      expect(await apply(job, me)).toMatchObject({
        status: 404,
        body: { message: 'Job not found or no longer available.' },
      });
    }
    // Still open on its closing day.
    expect((await apply(await postJob({ closingDate: dayOffset(0) }), me)).status).toBe(201);
  });

  it('one application per trainee and job: a second one is 409', async () => {
    const job = await postJob();
    const me = await trainee();
    expect((await apply(job, me)).status).toBe(201);
    expect(await apply(job, me)).toMatchObject({
      status: 409,
      body: { message: 'You have already applied for this job.' },
    });
  });

  it('a race of parallel applications for one job by one trainee: exactly one is taken', async () => {
    const job = await postJob();
    const me = await trainee(true);
    const answers = await Promise.all(Array.from({ length: 8 }, () => apply(job, me, { coverNote: 'Me!' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    expect((await applicants(job, employer)).body).toHaveLength(1);
  });

  it('a CV: PDF, Word or a photo (checked by its bytes), at most 5 MB; anything else is a clear 4xx and nothing is stored', async () => {
    const job = await postJob();
    const me = await trainee();
    const wrongKind = {
      message: 'The CV must be a PDF, a Word document or a photo (JPEG or PNG).',
      code: 'jobApplication.cvWrongKind',
      params: { field: 'cv' },
    };
    for (const [name, bytes] of [
      ['a PNG that stops after its first bytes', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])],
      ['a program renamed cv.pdf', withHead('MZ\x90\x00', 4000)],
      ['a ZIP without a Word document', withHead('PK\x03\x04', 2000, 'xl/workbook.xml')],
      // The Word part's name in a ZIP's bytes is not a Word part: a program zipped with it in a comment, or an
      // entry whose name only ends with it, is no Word document.
      ['a ZIP of a program naming a Word document in passing', withHead('PK\x03\x04', 2000, 'word/document.xml')],
      ['a ZIP whose entry only ends like a Word document', zipOf('notword/document.xml', 2000)],
      ['an OLE file that is no Word document', withHead('\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', 2000)],
      // Nor is an OLE file (a spreadsheet) whose contents merely hold the stream's name.
      [
        'an OLE file naming a Word stream in its contents only',
        (() => {
          const bytes = withHead('\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', 3000);
          bytes.set(new Uint8Array(Buffer.from('WordDocument', 'utf16le')), 1200);
          return bytes;
        })(),
      ],
      ['an OLE file whose stream only ends like a Word one', oleOf('NotWordDocument')],
    ] as const) {
      const form = await multipart({ phone: '0781234567', cv: new Blob([bytes], { type: 'application/pdf' }) });
      expect(
        await request(api, 'POST', `/api/jobs/${job}/applications`, { token: me.token, ...form }),
        name,
      ).toMatchObject({
        status: 400,
        body: wrongKind,
      });
    }
    const tooLarge = await multipart({ cv: pdf(5 * 1024 * 1024 + 1) });
    const tooLargeWords = { message: 'The CV is too large: at most 5 MB.', code: 'jobApplication.cvTooLarge' };
    expect(await request(api, 'POST', `/api/jobs/${job}/applications`, { token: me.token, ...tooLarge })).toMatchObject(
      { status: 413, body: tooLargeWords },
    );
    const wayTooLarge = await multipart({ cv: pdf(8 * 1024 * 1024) });
    expect(
      await request(api, 'POST', `/api/jobs/${job}/applications`, { token: me.token, ...wayTooLarge }),
    ).toMatchObject({ status: 413, body: tooLargeWords });
    expect((await applicants(job, employer)).body).toHaveLength(0);

    const good = await multipart({ phone: '0781234567', coverNote: 'See my CV.', cv: pdf(5 * 1024 * 1024) });
    const answer = await request(api, 'POST', `/api/jobs/${job}/applications`, { token: me.token, ...good });
    expect(answer.status).toBe(201);
    const [seen] = (await applicants(job, employer)).body;
    expect(seen).toMatchObject({ hasCv: true, phone: '+250 781 234 567', coverNote: 'See my CV.' });
  });
});

describe('the CV download', () => {
  it('is for the job’s employer, admins and the applicant; 404 for anyone else', async () => {
    const job = await postJob();
    const me = await trainee();
    const form = await multipart({ cv: pdf(3000) });
    const { body } = await request(api, 'POST', `/api/jobs/${job}/applications`, { token: me.token, ...form });
    for (const who of [employer, admin, me]) {
      const cv = await request(api, 'GET', `/api/job-applications/${body.id}/cv`, { token: who.token });
      expect(cv.status).toBe(200);
      expect(cv.headers['content-type']).toBe('application/pdf');
      expect(String(cv.body).startsWith('%PDF-')).toBe(true);
    }
    for (const who of [otherEmployer, await trainee(), trainer]) {
      expect((await request(api, 'GET', `/api/job-applications/${body.id}/cv`, { token: who.token })).status).toBe(404);
    }
    const noCv = await apply(job, await trainee());
    expect(
      await request(api, 'GET', `/api/job-applications/${noCv.body.id}/cv`, { token: employer.token }),
    ).toMatchObject({
      status: 404,
      body: { message: 'This application has no CV.' },
    });
    // Word documents and photos are served as what they are, under their own extension.
    for (const [extension, type] of [
      ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['doc', 'application/msword'],
      ['jpg', 'image/jpeg'],
      ['png', 'image/png'],
    ] as const) {
      const who = await trainee(false, { lastName: 'Uwase' });
      const sent = cvFiles[extension]();
      // The name and type the browser gives say nothing: a photo called cv.pdf is a photo.
      const kind = await multipart({ cv: new Blob([sent], { type: 'application/pdf' }) });
      const answer = await request(api, 'POST', `/api/jobs/${job}/applications`, { token: who.token, ...kind });
      expect(answer.status, extension).toBe(201);
      const cv = await request(api, 'GET', `/api/job-applications/${answer.body.id}/cv`, { token: employer.token });
      expect(cv.status).toBe(200);
      expect(cv.headers['content-type']).toBe(type);
      expect(cv.headers['content-disposition']).toBe(`attachment; filename="cv-Uwase-${answer.body.id}.${extension}"`);
      // The bytes sent, as they were (read here as text: their ASCII marks show).
      const marks = { docx: 'word/document.xml', doc: 'W\u0000o\u0000r\u0000d', jpg: 'JFIF', png: 'PNG' };
      expect(String(cv.body)).toContain(marks[extension]);
      expect(String(cv.body).length).toBeGreaterThan(2000);
    }
    // Not an id: a job application's own words (it spoke of an enrollment's application ID).
    expect(await request(api, 'GET', '/api/job-applications/abc/cv', { token: employer.token })).toMatchObject({
      status: 400,
      body: { message: 'Invalid job application ID.', code: 'jobApplication.invalidId' },
    });
  });
});

describe("reading a job's applications", () => {
  it('the employer sees name, e-mail, phone, note, CV flag, each certificate (verifiable by its code) and the history', async () => {
    const job = await postJob();
    const me = await trainee(true);
    await apply(job, me, { phone: '0781234567', coverNote: 'Hello' });
    const answer = await applicants(job, employer);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-total-count']).toBe('1');
    const [seen] = answer.body;
    expect(seen).toMatchObject({
      status: 'New',
      trainee: { id: me.id, firstName: me.firstName, lastName: me.lastName, email: me.email },
      phone: '+250 781 234 567',
      coverNote: 'Hello',
      hasCv: false,
      certificates: [{ code: me.code, courseTitle: 'Espresso Mastery', issuedAt: expect.any(String) }],
      history: [
        { from: null, to: 'New', note: null, at: expect.any(String), byName: `${me.firstName} ${me.lastName}` },
      ],
    });
    // The certificate it lists is the one the public verification page checks.
    const verified = await request(api, 'GET', `/api/certificates/verify/${me.code}`);
    expect(verified.body).toMatchObject({ valid: true, courseTitle: 'Espresso Mastery' });
  });

  it('only the job’s employer and admins read them: 404 for another employer, 403 for trainees and trainers', async () => {
    const job = await postJob();
    await apply(job, await trainee());
    expect((await applicants(job, admin)).body).toHaveLength(1);
    expect(await applicants(job, otherEmployer)).toMatchObject({ status: 404 });
    expect((await applicants(job, await trainee())).status).toBe(403);
    expect((await applicants(job, trainer)).status).toBe(403);
    expect((await request(api, 'GET', `/api/jobs/${job}/applications`)).status).toBe(401);
  });

  it('filters by status, searches by name or course, pages with X-Total-Count and Link', async () => {
    const job = await postJob();
    const amina = await trainee(true, { firstName: 'Amina', lastName: 'Uwase' });
    const jean = await trainee(false, { firstName: 'Jean', lastName: 'Habimana' });
    const third = await trainee(false, { firstName: 'Claude', lastName: 'Mugisha' });
    const a = (await apply(job, amina)).body.id;
    await apply(job, jean);
    await apply(job, third);
    await move(a, employer, { status: 'Shortlisted' });
    expect((await applicants(job, employer, '?status=Shortlisted')).body.map((r: any) => r.id)).toEqual([a]);
    expect((await applicants(job, employer, '?q=habim')).body.map((r: any) => r.trainee.firstName)).toEqual(['Jean']);
    expect((await applicants(job, employer, '?q=Amina%20Uwase')).body).toHaveLength(1);
    expect((await applicants(job, employer, '?q=espresso')).body.map((r: any) => r.trainee.firstName)).toEqual([
      'Amina',
    ]);
    const page = await applicants(job, employer, '?limit=2');
    expect(page.body).toHaveLength(2);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.headers.link).toBe(`</api/jobs/${job}/applications?limit=2&offset=2>; rel="next"`);
    expect((await applicants(job, employer, '?status=Hiring')).status).toBe(400);
  });

  it('exports the list as CSV (formulas defused)', async () => {
    const job = await postJob();
    await apply(job, await trainee(true, { firstName: '=cmd', lastName: 'Kalisa' }), { coverNote: 'Line "one"' });
    const csv = await request(api, 'GET', `/api/jobs/${job}/applications.csv`, { token: employer.token });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Name","Email","Phone","Status","Applied","Certificates","Cover note","Has CV"');
    expect(lines[1]).toContain(`"'=cmd Kalisa"`);
    expect(lines[1]).toContain('"Line ""one"""');
    expect(
      (await request(api, 'GET', `/api/jobs/${job}/applications.csv`, { token: otherEmployer.token })).status,
    ).toBe(404);
  });

  it("the trainee's phone, note and CV are seen by nobody else: not in the trainee lists, the public job or another employer's view", async () => {
    const job = await postJob();
    const me = await trainee();
    await apply(job, me, { phone: '0781234567', coverNote: 'secret note' });
    const other = await trainee();
    const views = [
      await request(api, 'GET', `/api/jobs/${job}`),
      await request(api, 'GET', `/api/jobs/${job}`, { token: other.token }),
      await request(api, 'GET', '/api/job-applications/mine', { token: other.token }),
      await request(api, 'GET', '/api/jobs/my-postings', { token: otherEmployer.token }),
      await request(api, 'GET', '/api/users/certified-trainees', { token: otherEmployer.token }),
    ];
    for (const view of views) {
      expect(JSON.stringify(view.body)).not.toContain('secret note');
      expect(JSON.stringify(view.body)).not.toContain('781234567');
    }
  });
});

describe('the pipeline', () => {
  it('New → Shortlisted → Interview → Offered → Hired, each move recorded (who, when, from, to, note)', async () => {
    const job = await postJob();
    const me = await trainee();
    const { id } = (await apply(job, me)).body;
    for (const status of ['Shortlisted', 'Interview', 'Offered', 'Hired']) {
      const answer = await move(id, employer, { status, note: `to ${status}` });
      expect(answer.status, status).toBe(200);
      expect(answer.body.status).toBe(status);
    }
    const [seen] = (await applicants(job, employer)).body;
    expect(seen.history.map((h: any) => [h.from, h.to, h.note])).toEqual([
      [null, 'New', null],
      ['New', 'Shortlisted', 'to Shortlisted'],
      ['Shortlisted', 'Interview', 'to Interview'],
      ['Interview', 'Offered', 'to Offered'],
      ['Offered', 'Hired', 'to Hired'],
    ]);
    expect(seen.history[1].byName).toBe(`${employer.firstName} ${employer.lastName}`);
    // Hired is final.
    expect(await move(id, employer, { status: 'Not selected' })).toMatchObject({ status: 409 });
  });

  it('Not selected from any open state; moves outside the pipeline are refused with 409', async () => {
    const job = await postJob();
    for (const path of [[], ['Shortlisted'], ['Shortlisted', 'Interview'], ['Shortlisted', 'Interview', 'Offered']]) {
      const { id } = (await apply(job, await trainee())).body;
      for (const status of path) await move(id, employer, { status });
      expect((await move(id, employer, { status: 'Not selected' })).status, path.join('→')).toBe(200);
      expect(await move(id, employer, { status: 'Shortlisted' })).toMatchObject({ status: 409 });
    }
    const { id } = (await apply(job, await trainee())).body;
    expect(await move(id, employer, { status: 'Interview' })).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('An application that is New cannot be moved to Interview.') },
    });
    expect(await move(id, employer, { status: 'Hired' })).toMatchObject({ status: 409 });
    // Withdrawn and New are not the employer's to set.
    expect((await move(id, employer, { status: 'Withdrawn' })).status).toBe(400);
    expect((await move(id, employer, { status: 'New' })).status).toBe(400);
  });

  it("only the job's employer changes a status: admins read only (403), another employer 404", async () => {
    const job = await postJob();
    const { id } = (await apply(job, await trainee())).body;
    expect(await move(id, admin, { status: 'Shortlisted' })).toMatchObject({ status: 403 });
    expect((await move(id, otherEmployer, { status: 'Shortlisted' })).status).toBe(404);
    expect((await move(id, await trainee(), { status: 'Shortlisted' })).status).toBe(403);
    expect((await move(999_999, employer, { status: 'Shortlisted' })).status).toBe(404);
  });

  it('several at once, with a note: all move or none (409 naming who cannot)', async () => {
    const job = await postJob();
    const a = (await apply(job, await trainee())).body.id;
    const b = (await apply(job, await trainee())).body.id;
    const c = (await apply(job, await trainee())).body.id;
    const bulk = (json: unknown, who = employer) =>
      request(api, 'POST', `/api/jobs/${job}/applications/status`, { token: who.token, json });
    const moved = await bulk({ ids: [a, b], status: 'Shortlisted', note: 'Strong certificates' });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('2 applications moved to Shortlisted.');
    expect(moved.body.applications.map((r: any) => r.status)).toEqual(['Shortlisted', 'Shortlisted']);
    // c is still New: it cannot go to Interview, so nobody does.
    expect(await bulk({ ids: [a, c], status: 'Interview' })).toMatchObject({ status: 409 });
    const statuses = Object.fromEntries((await applicants(job, employer)).body.map((r: any) => [r.id, r.status]));
    expect(statuses).toEqual({ [a]: 'Shortlisted', [b]: 'Shortlisted', [c]: 'New' });
    expect(await bulk({ ids: [], status: 'Interview' })).toMatchObject({
      status: 400,
      body: { message: 'Please select at least one applicant.' },
    });
    // An application of another job is not found here.
    const foreign = (await apply(await postJob(), await trainee())).body.id;
    expect((await bulk({ ids: [a, foreign], status: 'Interview' })).status).toBe(404);
    expect((await bulk({ ids: [a], status: 'Interview' }, admin)).status).toBe(403);
    expect(
      (
        await request(api, 'POST', `/api/jobs/${job}/applications/status`, {
          token: otherEmployer.token,
          json: { ids: [a], status: 'Interview' },
        })
      ).status,
    ).toBe(404);
  });
});

describe("the trainee's side", () => {
  it('GET /api/job-applications/mine lists job, company, date and status, newest first, paged', async () => {
    const me = await trainee();
    const first = await postJob({ title: 'Barista A' });
    const second = await postJob({ title: 'Barista B', companyName: 'Question Coffee' });
    await apply(first, me);
    await apply(second, me);
    const mine = await request(api, 'GET', '/api/job-applications/mine', { token: me.token });
    expect(mine.status).toBe(200);
    expect(mine.headers['x-total-count']).toBe('2');
    expect(mine.body.map((r: any) => [r.jobTitle, r.companyName, r.status])).toEqual([
      ['Barista B', 'Question Coffee', 'New'],
      ['Barista A', 'Kigali Beans Ltd', 'New'],
    ]);
    expect(Object.keys(mine.body[0]).sort()).toEqual([
      'appliedAt',
      'companyName',
      'id',
      'jobId',
      'jobTitle',
      'status',
      'updatedAt',
    ]);
    expect(
      (await request(api, 'GET', `/api/job-applications/mine?jobId=${first}`, { token: me.token })).body,
    ).toHaveLength(1);
    expect((await request(api, 'GET', '/api/job-applications/mine', { token: employer.token })).status).toBe(403);
  });

  it('withdraws while New (the status becomes Withdrawn), not after; only their own', async () => {
    const job = await postJob();
    const me = await trainee();
    const { id } = (await apply(job, me)).body;
    expect(
      (await request(api, 'DELETE', `/api/job-applications/${id}`, { token: (await trainee()).token })).status,
    ).toBe(404);
    const withdrawn = await request(api, 'DELETE', `/api/job-applications/${id}`, { token: me.token });
    expect(withdrawn).toMatchObject({ status: 200, body: { application: { status: 'Withdrawn' } } });
    expect(await move(id, employer, { status: 'Shortlisted' })).toMatchObject({ status: 409 });
    // Withdrawn still counts as the one application for the job.
    expect((await apply(job, me)).status).toBe(409);

    const later = (await apply(await postJob(), me)).body.id;
    const laterJob = (await request(api, 'GET', '/api/job-applications/mine', { token: me.token })).body[0].jobId;
    await request(api, 'POST', `/api/jobs/${laterJob}/applications/status`, {
      token: employer.token,
      json: { ids: [later], status: 'Shortlisted' },
    });
    expect(await request(api, 'DELETE', `/api/job-applications/${later}`, { token: me.token })).toMatchObject({
      status: 409,
      body: { message: 'An application can be withdrawn only while it is New.' },
    });
  });

  it('a deleted job keeps its applications’ history for the trainee ("job removed": jobId null)', async () => {
    const job = await postJob({ title: 'Soon gone' });
    const me = await trainee();
    const { id } = (await apply(job, me)).body;
    await move(id, employer, { status: 'Shortlisted' });
    expect((await request(api, 'DELETE', `/api/jobs/${job}`, { token: employer.token })).status).toBe(200);
    const [kept] = (await request(api, 'GET', '/api/job-applications/mine', { token: me.token })).body;
    expect(kept).toMatchObject({
      id,
      jobId: null,
      jobTitle: 'Soon gone',
      companyName: 'Kigali Beans Ltd',
      status: 'Shortlisted',
    });
    expect((await move(id, employer, { status: 'Interview' })).status).toBe(404);
  });
});

describe('counts and notifications', () => {
  it('the dashboard count is real (New ones counted apart) and My Job Postings has a count per job', async () => {
    const boss = await account(api, 'employer');
    const job = await postJob({}, boss);
    const other = await postJob({}, boss);
    const a = (await apply(job, await trainee())).body.id;
    await apply(job, await trainee());
    await apply(other, await trainee());
    await move(a, boss, { status: 'Shortlisted' });
    expect((await request(api, 'GET', '/api/job-applications/summary', { token: boss.token })).body).toEqual({
      total: 3,
      new: 2,
    });
    const postings = (await request(api, 'GET', '/api/jobs/my-postings', { token: boss.token })).body;
    const counts = Object.fromEntries(postings.map((p: any) => [p.id, [p.applicationCount, p.newApplicationCount]]));
    expect(counts).toEqual({ [job]: [2, 1], [other]: [1, 1] });
    const all = (await request(api, 'GET', '/api/job-applications/summary', { token: admin.token })).body;
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(
      (await request(api, 'GET', '/api/job-applications/summary', { token: (await trainee()).token })).status,
    ).toBe(403);
  });

  it('a new application → the employer; a status change → the trainee (with the note)', async () => {
    const boss = await account(api, 'employer');
    const job = await postJob({ title: 'Latte Artist' }, boss);
    const me = await trainee(true);
    const { id } = (await apply(job, me)).body;
    const toBoss = await api.db.select().from(outbox).where(eq(outbox.recipient, boss.email));
    expect(toBoss).toHaveLength(1);
    expect(toBoss[0]).toMatchObject({
      kind: 'job-application',
      subject: `New applicant for Latte Artist: ${me.firstName} ${me.lastName}`,
    });
    expect(toBoss[0]!.text).toContain(`/employer/jobs/${job}/applicants`);
    expect(toBoss[0]!.text).toContain('1 verifiable certificate');
    await move(id, boss, { status: 'Shortlisted', note: 'Come on Monday' });
    const toMe = await api.db.select().from(outbox).where(eq(outbox.recipient, me.email));
    expect(toMe).toHaveLength(1);
    expect(toMe[0]).toMatchObject({
      kind: 'job-application-status',
      subject: 'Your application for Latte Artist: Shortlisted',
    });
    expect(toMe[0]!.text).toContain('Come on Monday');
  });
});
