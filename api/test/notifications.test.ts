/**
 * Every event writes its e-mail to the outbox in the transaction of the change, and the worker
 * delivers it to a real SMTP server (started here). Retries, failure, the admin page and the preferences.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enrollments, outbox, users } from '../src/db/schema';
import { startOutboxWorker, type OutboxWorker } from '../src/mail/outbox';
import { account, createCourse, onPostgres, request, startApi, type Account, type TestApi } from './helpers';
import { eventually } from './eventually';
import { startSmtp, type ReceivedMail, type TestSmtp } from './smtp';

const SITE = 'https://btls.example.rw';
/** The admin console: what e-mails to admins link to. */
const CONSOLE = 'https://admin.btls.example.rw';
let api: TestApi;
let smtp: TestSmtp;
let worker: OutboxWorker;
let admin: Account;
let trainer: Account;
let course: { id: number; title: string };

beforeAll(async () => {
  api = await startApi({ publicUrl: SITE, adminUrl: CONSOLE });
  smtp = await startSmtp();
  worker = startOutboxWorker({ db: api.db, smtpUrl: smtp.url, from: 'BTLS <no-reply@btls.rw>', pollMs: 20 });
  admin = await account(api, 'admin');
  trainer = await account(api, 'trainer');
  course = await createCourse(api, admin.token, { title: 'Latte Art Masterclass' });
});
afterAll(async () => {
  await worker.stop();
  await smtp.close();
  await api.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** Waits until `count` e-mails have reached `recipient`. */
const mailsTo = (recipient: string, count = 1): Promise<ReceivedMail[]> =>
  eventually(() => {
    const mails = smtp.received.filter((m) => m.to.includes(recipient));
    if (mails.length < count) throw new Error(`expected ${count} e-mail(s) to ${recipient}, got ${mails.length}`);
    return mails;
  });

const waitForSent = (recipient: string) =>
  eventually(async () => {
    const rows = await api.db.select().from(outbox).where(eq(outbox.recipient, recipient));
    if (!rows.every((r) => r.status === 'sent')) throw new Error(`e-mails to ${recipient} were not all sent`);
    return rows;
  });

async function apply(trainee: Account) {
  const answer = await request(api, 'POST', '/api/enrollments/apply', {
    token: trainee.token,
    json: { courseId: course.id },
  });
  expect(answer.status).toBe(201);
  return answer.body.applicationId as number;
}

describe('what is sent, to whom', () => {
  it('application received → the trainee: course, application id, what happens next, plain text and HTML', async () => {
    const trainee = await account(api, 'trainee');
    const id = await apply(trainee);
    const [mail] = await mailsTo(trainee.email);
    expect(mail!.header('Subject')).toBe('Application received: Latte Art Masterclass');
    expect(mail!.header('From')).toContain('no-reply@btls.rw');
    expect(mail!.raw).toContain(`"Latte Art Masterclass" (application ID ${id})`);
    expect(mail!.raw).toContain('What happens next');
    expect(mail!.raw).toContain('Content-Type: text/plain');
    expect(mail!.raw).toContain('Content-Type: text/html');
    expect(mail!.raw).toContain(`<a href="${SITE}/dashboard">`);
  });

  it('status changed → the trainee, with the admin notes; a change of the notes alone sends nothing', async () => {
    const trainee = await account(api, 'trainee');
    const id = await apply(trainee);
    await mailsTo(trainee.email);
    const change = await request(api, 'PUT', `/api/enrollments/${id}/status`, {
      token: admin.token,
      json: { status: 'Waitlisted', adminNotes: 'The March group is full; we will call you.' },
    });
    expect(change.status).toBe(200);
    const mails = await mailsTo(trainee.email, 2);
    const changed = mails.find((m) => m.header('Subject')?.includes('is now'))!;
    expect(changed.header('Subject')).toBe('Your application for Latte Art Masterclass is now Waitlisted');
    expect(changed.raw).toContain('The March group is full; we will call you.');

    await request(api, 'PUT', `/api/enrollments/${id}/status`, {
      token: admin.token,
      json: { status: 'Waitlisted', adminNotes: 'Edited notes' },
    });
    const rows = await api.db.select().from(outbox).where(eq(outbox.recipient, trainee.email));
    expect(rows).toHaveLength(2);
  });

  it('trainer assigned → the trainee (trainer name and e-mail) and the trainer (trainee, course)', async () => {
    const trainee = await account(api, 'trainee');
    const id = await apply(trainee);
    await request(api, 'PUT', `/api/enrollments/${id}/status`, { token: admin.token, json: { status: 'Approved' } });
    const assign = await request(api, 'PUT', `/api/enrollments/${id}/assign-trainer`, {
      token: admin.token,
      json: { trainerId: trainer.id },
    });
    expect(assign.status).toBe(200);
    const toTrainee = (await mailsTo(trainee.email, 3)).find((m) => m.header('Subject')?.startsWith('Your trainer'))!;
    expect(toTrainee.raw).toContain(`${trainer.firstName} ${trainer.lastName} is your trainer`);
    expect(toTrainee.raw).toContain(trainer.email);
    const [toTrainer] = await mailsTo(trainer.email);
    expect(toTrainer!.raw).toContain(`${trainee.firstName} ${trainee.lastName} (${trainee.email})`);
    expect(toTrainer!.raw).toContain('"Latte Art Masterclass"');
    expect(toTrainer!.raw).toContain(`${SITE}/trainer/student-progress/${id}`);
  });

  it('training completed → every active admin, with the link to the progress review; certificate → the trainee', async () => {
    const secondAdmin = await account(api, 'admin');
    const inactiveAdmin = await account(api, 'admin');
    await api.db.update(users).set({ isActive: false }).where(eq(users.id, inactiveAdmin.id));
    const trainee = await account(api, 'trainee');
    const [row] = await api.db
      .insert(enrollments)
      .values({ courseId: course.id, traineeId: trainee.id, status: 'Approved', assignedTrainerId: trainer.id })
      .returning();
    const done = await request(api, 'PUT', `/api/enrollments/${row!.id}/status`, {
      token: trainer.token,
      json: { status: 'Completed' },
    });
    expect(done.status).toBe(200);
    for (const to of [admin, secondAdmin]) {
      const [mail] = await mailsTo(to.email);
      expect(mail!.raw).toContain(`${CONSOLE}/admin/enrollments/${row!.id}/progress`);
      expect(mail!.header('Subject')).toContain('issue the certificate');
    }
    expect(smtp.received.some((m) => m.to.includes(inactiveAdmin.email))).toBe(false);

    const issued = await request(api, 'POST', '/api/certificates/issue', {
      token: admin.token,
      json: { enrollmentApplicationId: row!.id, userId: trainee.id, courseId: course.id },
    });
    expect(issued.status).toBe(201);
    const code = issued.body.certificate.certificateCode as string;
    const [mail] = await mailsTo(trainee.email);
    expect(mail!.raw).toContain(code);
    expect(mail!.raw).toContain(`${SITE}/certificate/${code}`);
    expect(mail!.raw).toContain(`${SITE}/verify/${code}`);
  });

  it('contact message → every active admin, with Reply-To set to the sender', async () => {
    const sent = await request(api, 'POST', '/api/contact', {
      json: { name: 'Olivier', email: 'olivier@cafe.rw', subject: 'Group training', message: 'Ten baristas?' },
    });
    expect(sent.status).toBe(201);
    const [mail] = await mailsTo(admin.email);
    expect(mail!.header('Reply-To')).toBe('olivier@cafe.rw');
    expect(mail!.header('Subject')).toBe('Contact message: Group training');
    expect(mail!.raw).toContain('Ten baristas?');
  });

  it('employer registered → a welcome to the employer', async () => {
    const registered = await request(api, 'POST', '/api/auth/register', {
      json: {
        firstName: 'Eric',
        lastName: 'Mugisha',
        email: 'eric@neo.rw',
        password: 'kawa-123',
        role: 'employer',
        companyName: 'Café Neo',
      },
    });
    expect(registered.status).toBe(201);
    const [mail] = await mailsTo('eric@neo.rw');
    expect(mail!.raw).toContain('Your employer account for Café Neo is ready');
    expect(mail!.raw).toContain(`${SITE}/employer/dashboard`);
  });

  it('a trainee who turned non-essential e-mails off gets none of them, but still gets the reset link', async () => {
    const trainee = await account(api, 'trainee');
    const off = await request(api, 'PUT', '/api/users/me/preferences', {
      token: trainee.token,
      json: { emailNotifications: false },
    });
    expect(off).toMatchObject({
      status: 200,
      body: { preferences: { emailNotifications: false, showInTalentSearch: true } },
    });
    await apply(trainee);
    await request(api, 'POST', '/api/auth/forgot-password', { json: { email: trainee.email } });
    const [mail] = await mailsTo(trainee.email);
    expect(mail!.header('Subject')).toBe('Reset your BTLS password');
    const token = /\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(mail!.raw)![1]!;
    const rows = await waitForSent(trainee.email);
    expect(rows.map((k) => k.kind)).toEqual(['password-reset']);
    // Delivered: the stored copy no longer carries the token.
    expect(rows[0]!.text).toContain(`${SITE}/reset-password#token=(sent)`);
    expect(rows[0]!.text + rows[0]!.html).not.toContain(token);
  });

  it("an admin's reset link opens the console, where alone an admin signs in", async () => {
    const admin = await account(api, 'admin');
    await request(api, 'POST', '/api/auth/forgot-password', { json: { email: admin.email } });
    const [mail] = await mailsTo(admin.email);
    expect(mail!.raw).toMatch(new RegExp(`${CONSOLE.replace(/\./g, '\\.')}/reset-password#token=[A-Za-z0-9_-]{43}`));
    expect(mail!.raw).not.toContain(`${SITE}/reset-password`);
  });
});

describe('the outbox is written in the transaction of the change', () => {
  it('no change without its notice: when the e-mail cannot be written, the application is not saved either', async () => {
    const trainee = await account(api, 'trainee');
    await api.db.execute(sql`create function refuse_outbox() returns trigger language plpgsql as $$
      begin raise exception 'outbox refused'; end $$`);
    await api.db.execute(
      sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`,
    );
    try {
      const answer = await request(api, 'POST', '/api/enrollments/apply', {
        token: trainee.token,
        json: { courseId: course.id },
      });
      expect(answer.status).toBe(500);
    } finally {
      await api.db.execute(sql`drop trigger refuse_outbox on outbox`);
      await api.db.execute(sql`drop function refuse_outbox()`);
    }
    const saved = await api.db.select().from(enrollments).where(eq(enrollments.traineeId, trainee.id));
    expect(saved).toHaveLength(0);
  });

  it('no notice for a change that is refused (a second open application for the course)', async () => {
    const trainee = await account(api, 'trainee');
    await apply(trainee);
    const again = await request(api, 'POST', '/api/enrollments/apply', {
      token: trainee.token,
      json: { courseId: course.id },
    });
    expect(again.status).toBe(409);
    const rows = await api.db.select().from(outbox).where(eq(outbox.recipient, trainee.email));
    expect(rows).toHaveLength(1);
  });
});

describe('without SMTP, and a failing SMTP server', () => {
  it('keeps messages pending for admins to read at GET /api/admin/outbox, with the text and its links', async () => {
    const quiet = await startApi({ publicUrl: SITE, adminUrl: CONSOLE });
    try {
      const quietAdmin = await account(quiet, 'admin');
      await request(quiet, 'POST', '/api/contact', {
        json: { name: 'Ange', email: 'ange@example.rw', subject: 'Hello', message: 'Hi there' },
      });
      const list = await request(quiet, 'GET', '/api/admin/outbox', { token: quietAdmin.token });
      expect(list.status).toBe(200);
      expect(list.body[0]).toMatchObject({
        recipient: quietAdmin.email,
        replyTo: 'ange@example.rw',
        subject: 'Contact message: Hello',
        status: 'pending',
        attempts: 0,
        sentAt: null,
      });
      expect(list.body[0].text).toContain(`${CONSOLE}/admin/messages`);
      const trainee = await account(quiet, 'trainee');
      expect((await request(quiet, 'GET', '/api/admin/outbox', { token: trainee.token })).status).toBe(403);
      expect((await request(quiet, 'GET', '/api/admin/outbox')).status).toBe(401);
    } finally {
      await quiet.close();
    }
  });

  it('retries with backoff a bounded number of times, records failed with the reason; an admin retries it', async () => {
    const broken = await startSmtp({ refuse: 'Mailbox unavailable' });
    const failing = await startApi({ publicUrl: SITE, adminUrl: CONSOLE });
    const failingWorker = startOutboxWorker({
      db: failing.db,
      smtpUrl: broken.url,
      from: 'no-reply@btls.rw',
      pollMs: 10,
      maxAttempts: 3,
      baseDelayMs: 30,
      log: () => {},
    });
    try {
      const failingAdmin = await account(failing, 'admin');
      await request(failing, 'POST', '/api/contact', {
        json: { name: 'Ange', email: 'ange@example.rw', subject: 'Hello', message: 'Hi there' },
      });
      const row = await eventually(async () => {
        const [failed] = await failing.db.select().from(outbox).where(eq(outbox.recipient, failingAdmin.email));
        expect(failed?.status).toBe('failed');
        return failed;
      });
      expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
      expect(row!.lastError).toContain('Mailbox unavailable');

      const listed = await request(failing, 'GET', '/api/admin/outbox?status=failed', { token: failingAdmin.token });
      expect(listed.body[0]).toMatchObject({
        id: row!.id,
        status: 'failed',
        lastError: expect.stringContaining('Mailbox unavailable'),
      });
      await failingWorker.stop();
      const retry = await request(failing, 'POST', `/api/admin/outbox/${row!.id}/retry`, { token: failingAdmin.token });
      expect(retry.status).toBe(200);
      const [again] = await failing.db.select().from(outbox).where(eq(outbox.id, row!.id));
      expect(again).toMatchObject({ status: 'pending', attempts: 0 });
      const twice = await request(failing, 'POST', `/api/admin/outbox/${row!.id}/retry`, { token: failingAdmin.token });
      expect(twice.status).toBe(409);
      expect(
        (await request(failing, 'POST', '/api/admin/outbox/999999/retry', { token: failingAdmin.token })).status,
      ).toBe(404);
    } finally {
      await failingWorker.stop();
      await broken.close();
      await failing.close();
    }
  });
});

describe('the worker', () => {
  it('never starts a send late in its lease: the rest of the batch goes back untried, and is sent once later', async () => {
    await worker.stop();
    const sink = await startSmtp();
    await api.db.insert(outbox).values(
      Array.from({ length: 4 }, (_, i) => ({
        kind: 'lease',
        recipient: `lease-${i}@example.rw`,
        subject: 'S',
        text: 't',
        html: 'h',
      })),
    );
    const hurried = startOutboxWorker({
      db: api.db,
      smtpUrl: sink.url,
      from: 'no-reply@btls.rw',
      pollMs: 5,
      leaseMs: 1,
    });
    try {
      await sink.waitFor(4);
      await hurried.stop();
      expect(sink.received).toHaveLength(4);
      const rows = await api.db.select().from(outbox).where(eq(outbox.kind, 'lease'));
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(4).fill(['sent', 1]));
    } finally {
      await hurried.stop();
      await sink.close();
      worker = startOutboxWorker({ db: api.db, smtpUrl: smtp.url, from: 'no-reply@btls.rw', pollMs: 20 });
    }
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it('send each message exactly once', async () => {
    const { openPostgres } = await import('../src/db/client');
    const second = openPostgres(api.url!);
    const sink = await startSmtp();
    await worker.stop();
    const ids = await api.db
      .insert(outbox)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          kind: 'test',
          recipient: `twice-${i}@example.rw`,
          subject: `Message ${i}`,
          text: 'text',
          html: '<p>text</p>',
        })),
      )
      .returning({ id: outbox.id });
    const options = { smtpUrl: sink.url, from: 'no-reply@btls.rw', pollMs: 5, batchSize: 3 };
    const one = startOutboxWorker({ db: api.db, ...options });
    const two = startOutboxWorker({ db: second.db, ...options });
    try {
      await sink.waitFor(40);
      // Both stopped: a send either had begun has ended, so a duplicate would be here by now.
      await Promise.all([one.stop(), two.stop()]);
      expect(sink.received).toHaveLength(40);
      expect(new Set(sink.received.map((m) => m.to[0])).size).toBe(40);
      const rows = await api.db.select().from(outbox).where(eq(outbox.kind, 'test'));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      expect(rows).toHaveLength(ids.length);
    } finally {
      await one.stop();
      await two.stop();
      await second.close();
      await sink.close();
      worker = startOutboxWorker({ db: api.db, smtpUrl: smtp.url, from: 'no-reply@btls.rw', pollMs: 20 });
    }
  });
});
