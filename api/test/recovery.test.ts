/** Forgot / reset / change password, the admin's reset link, and the trainee's settings. */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as passwords from '../src/auth';
import { certificates, courses, enrollments, outbox, passwordResetTokens, users } from '../src/db/schema';
import { account, PASSWORD, request, startApi, type Account, type TestApi } from './helpers';
import { webRoot } from './release-helpers';

// Every argon2 hash the API makes is counted (and made as before): a guess must not cost one.
vi.mock('../src/auth', async (original) => {
  const real = await original<typeof import('../src/auth')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

const SITE = 'https://btls.example.rw';
const SENT = 'If an account exists for that e-mail, we have sent a link to reset the password.';
const INVALID = 'This reset link is invalid or has expired.';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ publicUrl: SITE, limits: { recoveryPerIp: 1000, recoveryPerEmail: 1000, resetPerIp: 1000 } });
});
afterAll(() => api.close());

const forgot = (email: string, target: TestApi = api) =>
  request(target, 'POST', '/api/auth/forgot-password', { json: { email } });
const reset = (token: string, password: string) =>
  request(api, 'POST', '/api/auth/reset-password', { json: { token, password } });
const login = (email: string, password: string) =>
  request(api, 'POST', '/api/auth/login', { json: { email, password } });
const check = (token: unknown, target: TestApi = api) =>
  request(target, 'POST', '/api/auth/reset-password/check', { json: { token } });
const me = (token: string) => request(api, 'GET', '/api/users/me/preferences', { token });

/** The reset link of the newest e-mail to `email`, read from the outbox like an admin would. */
async function resetLinkFor(email: string, target: TestApi = api): Promise<URL> {
  const [row] = await target.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = new RegExp(`${SITE}/reset-password\\S*`).exec(row?.text ?? '')?.[0];
  if (!link) throw new Error(`no reset link for ${email}`);
  return new URL(link);
}

/** The token of the newest reset e-mail to `email`: in its link's fragment (`#token=…`). */
async function resetTokenFor(email: string, target: TestApi = api): Promise<string> {
  const token = new URLSearchParams((await resetLinkFor(email, target)).hash.slice(1)).get('token');
  if (!token) throw new Error(`no token in the fragment of the reset link for ${email}`);
  return token;
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same whether or not the account exists, and e-mails a link only to an existing one', async () => {
    const user = await account(api, 'trainee');
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.rw');
    expect(known).toMatchObject({ status: 200, body: { message: SENT } });
    expect(unknown).toMatchObject({ status: 200, body: { message: SENT } });
    const token = await resetTokenFor(user.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(await api.db.select().from(outbox).where(eq(outbox.recipient, 'nobody-here@example.rw'))).toHaveLength(0);
  });

  it('stores only a hash of the token, valid for 60 minutes', async () => {
    const user = await account(api, 'trainee');
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    const [row] = await api.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60.1);
  });

  it('sends nothing to a deactivated account (same answer)', async () => {
    const user = await account(api, 'trainee');
    await api.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(await forgot(user.email)).toMatchObject({ status: 200, body: { message: SENT } });
    expect(await api.db.select().from(outbox).where(eq(outbox.recipient, user.email))).toHaveLength(0);
  });

  it('is rate-limited per e-mail and per address with 429', async () => {
    const limited = await startApi({ limits: { recoveryPerEmail: 2, recoveryPerIp: 4 } });
    try {
      expect((await forgot('a@example.rw', limited)).status).toBe(200);
      expect((await forgot('A@example.rw', limited)).status).toBe(200);
      const perEmail = await forgot('a@example.rw', limited);
      expect(perEmail.status).toBe(429);
      expect(perEmail.headers['retry-after']).toEqual(expect.any(String));
      expect((await forgot('b@example.rw', limited)).status).toBe(200);
      const perAddress = await forgot('c@example.rw', limited);
      expect(perAddress).toMatchObject({ status: 429, body: { message: expect.any(String) } });
    } finally {
      await limited.close();
    }
  });

  it('refuses a malformed e-mail with 400', async () => {
    expect(await forgot('not-an-email')).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid email address.' },
    });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every earlier sign-in, and the link works only once', async () => {
    const user = await account(api, 'trainee');
    expect((await me(user.token)).status).toBe(200);
    await forgot(user.email);
    const token = await resetTokenFor(user.email);

    const done = await reset(token, 'new-kawa-pass');
    expect(done).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect((await me(user.token)).status).toBe(401);
    expect((await login(user.email, PASSWORD)).status).toBe(401);
    const fresh = await login(user.email, 'new-kawa-pass');
    expect(fresh.status).toBe(200);
    expect((await me(fresh.body.token)).status).toBe(200);

    expect(await reset(token, 'another-pass')).toMatchObject({ status: 404, body: { message: INVALID } });
  });

  it('refuses an expired link, an unknown one and a missing one with the same text', async () => {
    const user = await account(api, 'trainee');
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    await api.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect(await reset(token, 'new-kawa-pass')).toMatchObject({ status: 404, body: { message: INVALID } });
    expect(await reset('x'.repeat(43), 'new-kawa-pass')).toMatchObject({ status: 404, body: { message: INVALID } });
    expect(
      await request(api, 'POST', '/api/auth/reset-password', { json: { password: 'new-kawa-pass' } }),
    ).toMatchObject({
      status: 400,
      body: { message: INVALID },
    });
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });

  it("keeps the spec's password rule, and a refused password does not spend the link", async () => {
    const user = await account(api, 'trainee');
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    expect(await reset(token, '12345')).toMatchObject({
      status: 400,
      body: { message: 'Password must be at least 6 characters long.' },
    });
    expect((await reset(token, '123456')).status).toBe(200);
  });

  it('lets one of two parallel uses of a link through', async () => {
    const user = await account(api, 'trainee');
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    const answers = await Promise.all([reset(token, 'first-pass'), reset(token, 'second-pass')]);
    // The other finds the link spent (404), or loses the race to spend it (409).
    const [first, second] = answers.map((a) => a.status).sort();
    expect(first).toBe(200);
    expect([404, 409]).toContain(second);
  });
});

describe('reset links and the work a stranger can cause', () => {
  it('looks a link up before hashing: a wrong, used or expired link costs no argon2 hash', async () => {
    const user = await account(api, 'trainee');
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    const hashes = vi.mocked(passwords.hashPassword);
    hashes.mockClear();
    for (let i = 0; i < 5; i++)
      expect(await reset(`${'x'.repeat(42)}${i}`, 'new-kawa-pass')).toMatchObject({
        status: 404,
        body: { message: INVALID },
      });
    expect(hashes).not.toHaveBeenCalled();
    expect((await reset(token, 'new-kawa-pass')).status).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
    expect((await reset(token, 'again-kawa-pass')).status).toBe(404);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it('limits the links tried per address with 429', async () => {
    const limited = await startApi({ limits: { resetPerIp: 3 } });
    try {
      const tryLink = () =>
        request(limited, 'POST', '/api/auth/reset-password', { json: { token: 'x'.repeat(43), password: 'kawa-123' } });
      for (let i = 0; i < 3; i++) expect((await tryLink()).status).toBe(404);
      const refused = await tryLink();
      expect(refused).toMatchObject({ status: 429, body: { message: expect.any(String) } });
      expect(refused.headers['retry-after']).toEqual(expect.any(String));
    } finally {
      await limited.close();
    }
  });

  it('spends every older link when one is used', async () => {
    const user = await account(api, 'trainee');
    await forgot(user.email);
    const older = await resetTokenFor(user.email);
    await forgot(user.email);
    const newer = await resetTokenFor(user.email);
    expect(newer).not.toBe(older);
    expect((await reset(newer, 'newer-kawa-pass')).status).toBe(200);
    expect(await reset(older, 'older-kawa-pass')).toMatchObject({ status: 404, body: { message: INVALID } });
    expect((await login(user.email, 'newer-kawa-pass')).status).toBe(200);
  });

  it('spends the open links when the password is changed', async () => {
    const user = await account(api, 'employer');
    await forgot(user.email);
    const link = await resetTokenFor(user.email);
    const changed = await request(api, 'PUT', '/api/auth/password', {
      token: user.token,
      json: { currentPassword: PASSWORD, newPassword: 'changed-kawa-pass' },
    });
    expect(changed.status).toBe(200);
    expect(await reset(link, 'attacker-pass')).toMatchObject({ status: 404, body: { message: INVALID } });
    expect((await login(user.email, 'changed-kawa-pass')).status).toBe(200);
  });

  it('spends the open links when the account is deactivated, also once it is active again', async () => {
    const admin = await account(api, 'admin');
    const user = await account(api, 'trainee');
    await forgot(user.email);
    const link = await resetTokenFor(user.email);
    const status = (isActive: boolean) =>
      request(api, 'PUT', `/api/users/${user.id}/status`, { token: admin.token, json: { isActive } });
    expect((await status(false)).status).toBe(200);
    expect(await reset(link, 'while-off-pass')).toMatchObject({ status: 404, body: { message: INVALID } });
    expect((await status(true)).status).toBe(200);
    expect(await reset(link, 'after-on-pass')).toMatchObject({ status: 404, body: { message: INVALID } });
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });

  it('answers forgot-password before it looks the e-mail up, for an account and for nobody alike', async () => {
    const watched = await startApi({ publicUrl: SITE });
    try {
      // What exists at the moment the answer leaves: no link may have been made yet, for anyone.
      const atAnswer: number[] = [];
      watched.app.addHook('onSend', async (request, _reply, payload) => {
        if (request.url === '/api/auth/forgot-password')
          atAnswer.push((await watched.db.select().from(passwordResetTokens)).length);
        return payload;
      });
      const user = await account(watched, 'trainee');
      expect((await forgot('nobody-at-all@example.rw', watched)).status).toBe(200);
      expect((await forgot(user.email, watched)).status).toBe(200);
      expect(atAnswer).toEqual([0, 0]);
      // And after it, the link and its e-mail are there.
      expect(
        await watched.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
      ).toHaveLength(1);
      expect(await watched.db.select().from(outbox).where(eq(outbox.recipient, user.email))).toHaveLength(1);
    } finally {
      await watched.close();
    }
  });
});

describe('the e-mailed link: its token where no server, log or page render sees it', () => {
  it('carries the token in its fragment only, never in its path or query (text and HTML alike)', async () => {
    const user = await account(api, 'trainee');
    await forgot(user.email);
    const link = await resetLinkFor(user.email);
    expect(link.origin).toBe(SITE);
    expect(link.pathname).toBe('/reset-password');
    expect(link.search).toBe('');
    expect(link.hash).toMatch(/^#token=[A-Za-z0-9_-]{43}$/);
    const token = await resetTokenFor(user.email);
    // What a browser sends when the link is opened: the address without its fragment.
    expect(link.href.split('#')[0]).not.toContain(token);
    const [mail] = await api.db.select().from(outbox).where(eq(outbox.recipient, user.email));
    expect(mail!.html).toContain(`href="${SITE}/reset-password#token=${token}"`);
    expect((await reset(token, 'fragment-kawa-pass')).status).toBe(200);
  });

  /** A link as mailed before: the same token in the path (`/reset-password/<token>`). */
  const oldFormOf = (token: string) => `/reset-password/${token}`;

  it('sends a link of the old form (token in the path) on to the fragment form, kept by nobody; it works once', async () => {
    const user = await account(api, 'trainee');
    await forgot(user.email);
    const link = await resetLinkFor(user.email);
    // The token, whichever form this API mails (so this test says what the old form does, not where it failed).
    const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? link.pathname.split('/').pop()!;
    // Opened twice (a reload, a mail scanner): a redirect each time, nothing spent.
    for (let i = 0; i < 2; i++) {
      const opened = await request(api, 'GET', oldFormOf(token));
      expect(opened.status).toBe(303);
      expect(opened.headers.location).toBe(`/reset-password#token=${token}`);
      expect(opened.headers['cache-control']).toBe('no-store');
      expect(opened.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: true } });
    expect((await reset(token, 'old-link-pass')).status).toBe(200);
    expect(await reset(token, 'again-kawa-pass')).toMatchObject({ status: 404, body: { message: INVALID } });
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: false } });
    expect((await login(user.email, 'old-link-pass')).status).toBe(200);
  });

  it('repeats nothing but a token of the links it sends into the redirect', async () => {
    for (const path of ['/reset-password/%3Cb%3Ex', '/reset-password/a.b', `/reset-password/${'x'.repeat(44)}`]) {
      const opened = await request(api, 'GET', path);
      expect(opened.status).toBe(303);
      expect(opened.headers.location).toBe('/reset-password');
    }
  });

  it('answers the old form before the pages do when the front end is served too', async () => {
    const web = await startApi({ publicUrl: SITE, web: { root: webRoot(), publicUrl: SITE } });
    try {
      const opened = await request(web, 'GET', oldFormOf('y'.repeat(43)));
      expect(opened).toMatchObject({ status: 303, headers: { location: `/reset-password#token=${'y'.repeat(43)}` } });
    } finally {
      await web.close();
    }
  });

  it('writes no token into the request log, nor the signature of a trial link', async () => {
    const lines: string[] = [];
    const logged = await startApi({
      publicUrl: SITE,
      limits: { recoveryPerIp: 1000, recoveryPerEmail: 1000, resetPerIp: 1000 },
      logger: { level: 'trace', stream: { write: (line) => lines.push(line) } },
    });
    try {
      const user = await account(logged, 'trainee');
      await forgot(user.email, logged);
      const token = await resetTokenFor(user.email, logged);
      await request(logged, 'GET', oldFormOf(token));
      expect((await check(token, logged)).status).toBe(200);
      const done = await request(logged, 'POST', '/api/auth/reset-password', {
        json: { token, password: 'logged-kawa-pass' },
      });
      expect(done.status).toBe(200);
      // A trial link as an admin or a team shares it: its signature opens the candidate for two hours.
      const signature = 'S'.repeat(43);
      const ticket = `trainer@1.0.0+3f2a9c1d0b~${Math.floor(Date.now() / 1000) + 3600}~abcdefghijkl~${signature}`;
      await request(logged, 'GET', `/courses?release=${encodeURIComponent(ticket)}`);
      const text = lines.join('');
      // The requests were logged (so the test is not passing on an empty log)…
      expect(text).toContain('/reset-password/(hidden)');
      expect(text).toContain('/api/auth/reset-password/check');
      expect(text).toContain('/courses?release=(hidden)');
      // …without what they carried.
      expect(text).not.toContain(token);
      expect(text).not.toContain(signature);
    } finally {
      await logged.close();
    }
  });
});

describe('POST /api/auth/reset-password/check', () => {
  it('says whether a link still works, spending nothing and hashing nothing', async () => {
    const user = await account(api, 'trainee');
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    const hashes = vi.mocked(passwords.hashPassword);
    hashes.mockClear();
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: true } });
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: true } });
    expect(await check('x'.repeat(43))).toMatchObject({ status: 200, body: { valid: false } });
    expect(hashes).not.toHaveBeenCalled();
    await api.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: false } });
  });

  it("says a deactivated account's link does not work", async () => {
    const user = await account(api, 'trainee');
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    await api.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: false } });
  });

  it("refuses a missing, empty or oversized token with 400 and the link's words", async () => {
    for (const token of [undefined, '', 'x'.repeat(201), 42])
      expect(await check(token)).toMatchObject({ status: 400, body: { message: INVALID } });
  });

  it('counts against the links tried per address, with spending them', async () => {
    const limited = await startApi({ limits: { resetPerIp: 3 } });
    try {
      expect((await check('x'.repeat(43), limited)).status).toBe(200);
      expect((await check('y'.repeat(43), limited)).status).toBe(200);
      const spend = await request(limited, 'POST', '/api/auth/reset-password', {
        json: { token: 'z'.repeat(43), password: 'kawa-123' },
      });
      expect(spend.status).toBe(404);
      const refused = await check('w'.repeat(43), limited);
      expect(refused).toMatchObject({ status: 429, body: { message: expect.any(String) } });
      expect(refused.headers['retry-after']).toEqual(expect.any(String));
    } finally {
      await limited.close();
    }
  });
});

describe('PUT /api/auth/password', () => {
  it('needs the current password; ends the other sessions and carries a new token for this one', async () => {
    const user = await account(api, 'employer');
    const other = (await login(user.email, PASSWORD)).body.token as string;
    const wrong = await request(api, 'PUT', '/api/auth/password', {
      token: user.token,
      json: { currentPassword: 'not-it', newPassword: 'changed-pass' },
    });
    expect(wrong).toMatchObject({ status: 403, body: { message: 'Your current password is incorrect.' } });

    const changed = await request(api, 'PUT', '/api/auth/password', {
      token: user.token,
      json: { currentPassword: PASSWORD, newPassword: 'changed-pass' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      message: expect.any(String),
      token: expect.any(String),
      user: { id: user.id },
    });
    expect((await me(other)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(changed.body.token)).status).toBe(200);
    expect((await login(user.email, 'changed-pass')).status).toBe(200);
  });

  it('requires a sign-in and a valid new password', async () => {
    expect(
      (await request(api, 'PUT', '/api/auth/password', { json: { currentPassword: 'a', newPassword: 'bbbbbb' } }))
        .status,
    ).toBe(401);
    const user = await account(api, 'trainer');
    expect(
      await request(api, 'PUT', '/api/auth/password', {
        token: user.token,
        json: { currentPassword: PASSWORD, newPassword: '123' },
      }),
    ).toMatchObject({ status: 400, body: { message: 'Password must be at least 6 characters long.' } });
  });
});

describe('POST /api/users/{id}/reset-link', () => {
  it('lets an admin e-mail a user a reset link; nobody else', async () => {
    const admin = await account(api, 'admin');
    const user = await account(api, 'trainer');
    const sent = await request(api, 'POST', `/api/users/${user.id}/reset-link`, { token: admin.token });
    expect(sent).toMatchObject({
      status: 200,
      body: { message: `A password reset link has been sent to ${user.email}.` },
    });
    const token = await resetTokenFor(user.email);
    expect((await reset(token, 'from-admin-link')).status).toBe(200);
    expect((await request(api, 'POST', `/api/users/${admin.id}/reset-link`, { token: user.token })).status).toBe(401);
    const trainee = await account(api, 'trainee');
    expect((await request(api, 'POST', `/api/users/${admin.id}/reset-link`, { token: trainee.token })).status).toBe(
      403,
    );
    expect((await request(api, 'POST', '/api/users/999999/reset-link', { token: admin.token })).status).toBe(404);
  });
});

describe("a trainee's settings", () => {
  async function certifiedTrainee(): Promise<Account> {
    const trainee = await account(api, 'trainee');
    const admin = await account(api, 'admin');
    const [course] = await api.db
      .insert(courses)
      .values({ title: 'Cupping', description: 'Taste.', category: 'Coffee Knowledge', level: 'Beginner' })
      .returning();
    const [enrollment] = await api.db
      .insert(enrollments)
      .values({ courseId: course!.id, traineeId: trainee.id, status: 'Completed' })
      .returning();
    await api.db.insert(certificates).values({
      certificateCode: `BTLS-TEST-${trainee.id}`,
      enrollmentId: enrollment!.id,
      userId: trainee.id,
      courseId: course!.id,
      traineeFirstName: trainee.firstName,
      traineeLastName: trainee.lastName,
      courseTitle: 'Cupping',
      issuedByAdminId: admin.id,
      issuedByAdminFirstName: 'A',
      issuedByAdminLastName: 'B',
    });
    return trainee;
  }

  it('shows a trainee to employers by default; hidden trainees leave GET /api/users/certified-trainees', async () => {
    const trainee = await certifiedTrainee();
    const employer = await account(api, 'employer');
    const listed = async () =>
      (
        (await request(api, 'GET', '/api/users/certified-trainees', { token: employer.token })).body as {
          userId: number;
        }[]
      ).some((t) => t.userId === trainee.id);
    expect(await me(trainee.token)).toMatchObject({
      status: 200,
      body: { emailNotifications: true, showInTalentSearch: true },
    });
    expect(await listed()).toBe(true);

    const hide = await request(api, 'PUT', '/api/users/me/preferences', {
      token: trainee.token,
      json: { showInTalentSearch: false },
    });
    expect(hide).toMatchObject({
      status: 200,
      body: { preferences: { showInTalentSearch: false, emailNotifications: true } },
    });
    expect(await listed()).toBe(false);
  });

  it('refuses settings that are not true or false', async () => {
    const trainee = await account(api, 'trainee');
    const answer = await request(api, 'PUT', '/api/users/me/preferences', {
      token: trainee.token,
      json: { showInTalentSearch: 'maybe' },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Must be true or false.' } });
  });
});
