import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, request, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const message = {
  name: 'Olivier',
  email: 'olivier@example.rw',
  subject: 'Group training',
  message: 'Do you train teams of 10?',
};

describe('POST /api/contact', () => {
  it('takes a message from anyone, and the admin inbox shows it with created_at, newest first', async () => {
    expect((await request(api, 'POST', '/api/contact', { json: message })).status).toBe(201);
    expect((await request(api, 'POST', '/api/contact', { json: { ...message, subject: 'Second' } })).status).toBe(201);
    const admin = await account(api, 'admin');
    const inbox = await request(api, 'GET', '/api/contact', { token: admin.token });
    expect(inbox.status).toBe(200);
    expect(inbox.body[0]).toMatchObject({
      ...message,
      subject: 'Second',
      id: expect.any(Number),
      created_at: expect.any(String),
    });
    expect(inbox.body[1].subject).toBe('Group training');
  });

  it('requires every field and a valid e-mail', async () => {
    for (const missing of ['name', 'email', 'subject', 'message']) {
      const answer = await request(api, 'POST', '/api/contact', { json: { ...message, [missing]: '' } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect(await request(api, 'POST', '/api/contact', { json: { ...message, email: 'nope' } })).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid email address.' },
    });
  });

  it('limits messages per client address with 429', async () => {
    const limited = await startApi({ limits: { contactPerIp: 2 } });
    try {
      expect((await request(limited, 'POST', '/api/contact', { json: message })).status).toBe(201);
      expect((await request(limited, 'POST', '/api/contact', { json: message })).status).toBe(201);
      const answer = await request(limited, 'POST', '/api/contact', { json: message });
      expect(answer.status).toBe(429);
      expect(answer.body.message).toEqual(expect.any(String));
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/contact', () => {
  it('is admin-only', async () => {
    const trainee = await account(api, 'trainee');
    expect((await request(api, 'GET', '/api/contact', { token: trainee.token })).status).toBe(403);
    expect((await request(api, 'GET', '/api/contact')).status).toBe(401);
  });
});
