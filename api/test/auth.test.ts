import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { account, JWT_SECRET, PASSWORD, request, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ limits: { loginPerIp: 1000, loginFailuresPerEmail: 3 } });
});
afterAll(() => api.close());

const trainee = { firstName: 'Aline', lastName: 'Uwase', email: 'Aline.Uwase@Example.rw', password: 'kawa-123' };

describe('POST /api/auth/register', () => {
  it('creates a trainee and signs them in with a token and the user, never the password hash', async () => {
    const answer = await request(api, 'POST', '/api/auth/register', { json: trainee });
    expect(answer.status).toBe(201);
    expect(answer.body.token).toEqual(expect.any(String));
    expect(answer.body.user).toMatchObject({
      firstName: 'Aline',
      email: 'aline.uwase@example.rw',
      role: 'trainee',
      isActive: true,
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/password|argon2/i);
  });

  it('stores an argon2id hash, not the password', async () => {
    const [row] = await api.db.select().from(users).where(eq(users.email, 'aline.uwase@example.rw'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(trainee.password);
  });

  it('refuses an e-mail that exists in any letter case with 409', async () => {
    const answer = await request(api, 'POST', '/api/auth/register', {
      json: { ...trainee, email: 'ALINE.UWASE@EXAMPLE.RW' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('An account with this email already exists.');
  });

  it('refuses a password under 6 characters with the spec message', async () => {
    const answer = await request(api, 'POST', '/api/auth/register', {
      json: { ...trainee, email: 'short@example.rw', password: '12345' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Password must be at least 6 characters long.');
  });

  it("answers every field's problem at once: a blank name, a malformed e-mail and a short password", async () => {
    const answer = await request(api, 'POST', '/api/auth/register', {
      json: { ...trainee, firstName: '', email: 'not-an-email', password: '123' },
    });
    expect(answer.status).toBe(400);
    // The first problem is the answer itself, as a client that reads one problem expects.
    expect(answer.body).toMatchObject({ code: 'validation.requiredFields', params: { field: 'firstName' } });
    expect(answer.body.problems).toEqual([
      {
        field: 'firstName',
        message: 'Please fill in all required fields.',
        code: 'validation.requiredFields',
        params: { field: 'firstName' },
      },
      {
        field: 'email',
        message: 'Please enter a valid email address.',
        code: 'validation.invalidEmail',
        params: { field: 'email' },
      },
      {
        field: 'password',
        message: 'Password must be at least 6 characters long.',
        code: 'validation.passwordTooShort',
        params: { field: 'password' },
      },
    ]);
  });

  it('answers one problem as before, without a list', async () => {
    const answer = await request(api, 'POST', '/api/auth/register', {
      json: { ...trainee, email: 'one@example.rw', password: '123' },
    });
    expect(answer.body).toEqual({
      message: 'Password must be at least 6 characters long.',
      code: 'validation.passwordTooShort',
      params: { field: 'password' },
    });
  });

  it('refuses missing fields, a malformed e-mail and names made only of digits', async () => {
    const missing = await request(api, 'POST', '/api/auth/register', { json: { email: 'x@example.rw' } });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Please fill in all required fields.' } });
    const badEmail = await request(api, 'POST', '/api/auth/register', { json: { ...trainee, email: 'not-an-email' } });
    expect(badEmail).toMatchObject({ status: 400, body: { message: 'Please enter a valid email address.' } });
    const digits = await request(api, 'POST', '/api/auth/register', {
      json: { ...trainee, email: 'digits@example.rw', firstName: '12345' },
    });
    expect(digits).toMatchObject({ status: 400, body: { message: 'Field cannot contain only numbers.' } });
  });

  it('creates an employer with a company name when role is employer, and requires the company name', async () => {
    const ok = await request(api, 'POST', '/api/auth/register', {
      json: { ...trainee, email: 'boss@cafe.rw', role: 'employer', companyName: 'Café Neo' },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.user).toMatchObject({ role: 'employer', companyName: 'Café Neo' });
    const missing = await request(api, 'POST', '/api/auth/register', {
      json: { ...trainee, email: 'boss2@cafe.rw', role: 'employer' },
    });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Company name is required.' } });
  });

  it('refuses anonymous sign-up as trainer or admin with 403', async () => {
    for (const role of ['trainer', 'admin']) {
      const answer = await request(api, 'POST', '/api/auth/register', {
        json: { ...trainee, email: `${role}-self@example.rw`, role },
      });
      expect(answer.status).toBe(403);
    }
    const nonAdmin = await account(api, 'trainee');
    const byTrainee = await request(api, 'POST', '/api/auth/register', {
      token: nonAdmin.token,
      json: { ...trainee, email: 'promoted@example.rw', role: 'admin' },
    });
    expect(byTrainee.status).toBe(403);
  });

  it('lets an admin create a user of any role, and the answer carries no token (the admin stays themself)', async () => {
    const admin = await account(api, 'admin');
    const answer = await request(api, 'POST', '/api/auth/register', {
      token: admin.token,
      json: { ...trainee, email: 'new.trainer@example.rw', role: 'trainer' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.token).toBeUndefined();
    expect(answer.body.user).toMatchObject({ role: 'trainer', email: 'new.trainer@example.rw' });
  });

  it('refuses an unknown role with the spec message', async () => {
    const admin = await account(api, 'admin');
    const answer = await request(api, 'POST', '/api/auth/register', {
      token: admin.token,
      json: { ...trainee, email: 'x1@example.rw', role: 'superuser' },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Invalid role selected.' } });
  });
});

describe('POST /api/auth/login', () => {
  it('answers a token and the user for the right password, whatever the e-mail case', async () => {
    const user = await account(api, 'trainee');
    const answer = await request(api, 'POST', '/api/auth/login', {
      json: { email: user.email.toUpperCase(), password: PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token: expect.any(String), user: { id: user.id } });
    expect(JSON.stringify(answer.body)).not.toMatch(/passwordHash|argon2/);
  });

  it('answers 401 for a wrong password or an unknown e-mail, with the same message', async () => {
    const user = await account(api, 'trainee');
    const wrong = await request(api, 'POST', '/api/auth/login', { json: { email: user.email, password: 'nope-nope' } });
    const unknown = await request(api, 'POST', '/api/auth/login', {
      json: { email: 'ghost@example.rw', password: 'x' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid email or password.' } });
    expect(unknown).toMatchObject({ status: 401, body: { message: 'Invalid email or password.' } });
  });

  it('requires e-mail and password', async () => {
    const answer = await request(api, 'POST', '/api/auth/login', { json: { email: '' } });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Email and password are required.' } });
  });

  it('refuses a deactivated user', async () => {
    const user = await account(api, 'trainee');
    await api.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const answer = await request(api, 'POST', '/api/auth/login', { json: { email: user.email, password: PASSWORD } });
    expect(answer.status).toBe(401);
  });

  it('limits failed attempts per e-mail with 429 and a Retry-After, even for the right password', async () => {
    const user = await account(api, 'trainee');
    for (let i = 0; i < 3; i++) {
      expect(
        (await request(api, 'POST', '/api/auth/login', { json: { email: user.email, password: 'bad' } })).status,
      ).toBe(401);
    }
    const blocked = await request(api, 'POST', '/api/auth/login', { json: { email: user.email, password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.body.message).toMatch(/Too many login attempts/);
  });
});

describe('login attempts per client address', () => {
  it('answers 429 once one address has used up its attempts', async () => {
    const limited = await startApi({ limits: { loginPerIp: 2 } });
    try {
      const attempt = () =>
        request(limited, 'POST', '/api/auth/login', { json: { email: 'someone@example.rw', password: 'x' } });
      expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('bearer tokens', () => {
  it('401 without a token, with a malformed or forged token, and with an expired one', async () => {
    const noToken = await request(api, 'GET', '/api/enrollments/my-applications');
    expect(noToken.status).toBe(401);
    expect(noToken.body.message).toEqual(expect.any(String));
    const forged = await request(api, 'GET', '/api/enrollments/my-applications', { token: 'abc.def.ghi' });
    expect(forged.status).toBe(401);

    // An expired token: the same claims as the user's own, signed with the same secret, its time over. (Made, not
    // waited for: a one-second token could expire before its first use on a loaded machine.)
    const user = await account(api, 'trainee');
    const mine = await request(api, 'GET', '/api/enrollments/my-applications', { token: user.token });
    expect(mine.status).toBe(200);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: row!.role, sv: row!.sessionVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(row!.id))
      .setIssuedAt(now - 120)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect((await request(api, 'GET', '/api/enrollments/my-applications', { token: expired })).status).toBe(401);

    // tokenLifetime sets how long a sign-in holds.
    const shortLived = await startApi({ tokenLifetime: '90s' });
    try {
      const { token } = await account(shortLived, 'trainee');
      const { iat, exp } = decodeJwt(token);
      expect(exp! - iat!).toBe(90);
    } finally {
      await shortLived.close();
    }
  });

  it('stops working at once when the user is deactivated or deleted', async () => {
    const user = await account(api, 'trainee');
    expect((await request(api, 'GET', '/api/certificates/user', { token: user.token })).status).toBe(200);
    await api.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await request(api, 'GET', '/api/certificates/user', { token: user.token })).status).toBe(401);

    const other = await account(api, 'trainee');
    await api.db.delete(users).where(eq(users.id, other.id));
    expect((await request(api, 'GET', '/api/certificates/user', { token: other.token })).status).toBe(401);
  });

  it('403 for a signed-in user of the wrong role', async () => {
    const employer = await account(api, 'employer');
    expect((await request(api, 'GET', '/api/users', { token: employer.token })).status).toBe(403);
  });
});
