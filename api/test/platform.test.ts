import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, request, startApi, type Account, type TestApi } from './helpers';

let api: TestApi;
let admin: Account;
let trainee: Account;
let trainer: Account;
let employer: Account;
beforeAll(async () => {
  api = await startApi();
  admin = await account(api, 'admin');
  trainee = await account(api, 'trainee');
  trainer = await account(api, 'trainer');
  employer = await account(api, 'employer');
});
afterAll(() => api.close());

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    expect(await request(api, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('answers 503 when it does not', async () => {
    const broken = await startApi();
    await broken.database.close();
    expect((await request(broken, 'GET', '/api/health')).status).toBe(503);
    await broken.app.close();
  });
});

describe('answers are JSON with a message', () => {
  it('unknown routes under /api answer 404 JSON', async () => {
    const answer = await request(api, 'GET', '/api/nothing/here');
    expect(answer.status).toBe(404);
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it('malformed JSON answers 400', async () => {
    const answer = await request(api, 'POST', '/api/auth/login', {
      payload: '{"email": "a@b.rw", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
  });

  it('a JSON body over 1 MB answers 413', async () => {
    const answer = await request(api, 'POST', '/api/contact', {
      json: { name: 'x', email: 'a@b.rw', subject: 's', message: 'x'.repeat(1_100_000) },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it('an unsupported content type answers 415 with a message', async () => {
    const answer = await request(api, 'POST', '/api/contact', {
      payload: 'name=x',
      headers: { 'content-type': 'text/csv' },
    });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toEqual(expect.any(String));
  });
});

describe('bad input never yields a 500', () => {
  const bodies: unknown[] = [
    null,
    [],
    'text',
    42,
    {},
    { id: 'x', courseId: [], status: {}, isActive: 'yes', trainerId: -1, score: 'NaN', email: 5, tags: { a: 1 } },
    {
      courseId: 1e20,
      enrollmentApplicationId: 1.5,
      userId: '12abc',
      preferredStartDate: '2026-02-30',
      closingDate: 'soon',
    },
    { title: 'x'.repeat(50_000), description: '\u0000', firstName: '\ud800', role: 'admin' },
  ];
  const routes: [string, string][] = [
    ['POST', '/api/auth/register'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/courses'],
    ['PUT', '/api/courses/1'],
    ['POST', '/api/contact'],
    ['PUT', '/api/users/1/status'],
    ['PUT', '/api/users/1'],
    ['PUT', '/api/users/me/profile'],
    ['POST', '/api/enrollments/apply'],
    ['PUT', '/api/enrollments/1/status'],
    ['PUT', '/api/enrollments/1/assign-trainer'],
    ['POST', '/api/progress/enrollment/1'],
    ['PUT', '/api/progress/1'],
    ['POST', '/api/certificates/issue'],
    ['POST', '/api/jobs'],
    ['PUT', '/api/jobs/1'],
    ['POST', '/api/auth/forgot-password'],
    ['POST', '/api/auth/reset-password'],
    ['POST', '/api/auth/reset-password/check'],
    ['PUT', '/api/auth/password'],
    ['PUT', '/api/users/me/preferences'],
    ['POST', '/api/users/1/reset-link'],
    ['POST', '/api/admin/outbox/1/retry'],
  ];

  it('for any role, on every write endpoint', async () => {
    for (const [method, url] of routes) {
      for (const who of [undefined, admin, trainee, trainer, employer]) {
        for (const body of bodies) {
          const answer = await request(api, method as 'POST', url, {
            token: who?.token,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          if (answer.status >= 500)
            throw new Error(
              `${method} ${url} as ${who?.role ?? 'visitor'} with ${JSON.stringify(body).slice(0, 80)} → ${answer.status} ${JSON.stringify(answer.body)}`,
            );
          expect(answer.body.message ?? answer.body).toBeTruthy();
        }
      }
    }
  });

  it('stores text with NUL characters or broken surrogates cleanly instead of failing', async () => {
    const answer = await request(api, 'POST', '/api/contact', {
      json: { name: 'Nu\u0000ll', email: 'a@b.rw', subject: 'Bad \ud800 char', message: 'm' },
    });
    expect(answer.status).toBe(201);
    const inbox = await request(api, 'GET', '/api/contact', { token: admin.token });
    expect(inbox.body[0]).toMatchObject({ name: 'Null', subject: 'Bad \ufffd char' });
  });

  it('answers 400, not 500, when the database refuses a value as invalid data', async () => {
    const guarded = await startApi();
    guarded.app.get('/api/test-data-exception', async () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    });
    const answer = await request(guarded, 'GET', '/api/test-data-exception');
    expect(answer).toMatchObject({ status: 400, body: { message: 'Some of the data sent is not valid.' } });
    await guarded.close();
  });

  it('for odd path parameters', async () => {
    for (const url of [
      '/api/courses/-1',
      '/api/courses/1.5',
      '/api/courses/99999999999',
      '/api/jobs/%00',
      '/api/enrollments/0',
      '/api/certificates/code/%25',
      '/api/progress/enrollment/x',
    ]) {
      const answer = await request(api, 'GET', url, { token: admin.token });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
  });
});
