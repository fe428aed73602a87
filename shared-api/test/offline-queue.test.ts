/**
 * The writes a phone keeps while offline. Sent oldest first with their own Idempotency-Key; kept
 * while there is no network, no session or a busy server; a refusal kept with the server's answer.
 */
import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  changeQueuedWrite,
  forgetQueueTokens,
  newWriteKey,
  queuedWrites,
  queueWrite,
  removeQueuedWrite,
  sendQueuedWrites,
} from '../src/offline-queue';

const API = 'http://btls.test/api/';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  for (const userId of [1, 2]) for (const write of await queuedWrites(userId)) await removeQueuedWrite(write.key);
});
afterAll(() => server.close());

interface Sent {
  path: string;
  method: string;
  key: string | null;
  token: string | null;
  body: unknown;
}

function recordRequests(answer: (sent: Sent) => Response = () => HttpResponse.json({}, { status: 201 })) {
  const sent: Sent[] = [];
  server.use(
    http.all(`${API}*`, async ({ request }) => {
      const entry = {
        path: new URL(request.url).pathname,
        method: request.method,
        key: request.headers.get('Idempotency-Key'),
        token: request.headers.get('Authorization'),
        body: await request.json(),
      };
      sent.push(entry);
      return answer(entry);
    }),
  );
  return sent;
}

const write = (userId: number, name: string, extra: Partial<Parameters<typeof queueWrite>[0]> = {}) =>
  queueWrite({
    key: newWriteKey(),
    userId,
    token: `token-${userId}`,
    method: 'POST',
    path: 'progress/enrollment/7',
    body: { assessmentName: name },
    about: { enrollmentId: 7, recordId: null },
    ...extra,
  });

describe('writes kept on the phone', () => {
  it("sends one account's writes oldest first, each with its own key and the current token, then forgets them", async () => {
    await write(1, 'first');
    await write(2, 'someone else');
    await write(1, 'second');
    const keys = (await queuedWrites(1)).map((w) => w.key);
    const sent = recordRequests();
    const outcome = await sendQueuedWrites(API, { userId: 1, token: 'fresh' });
    expect(outcome).toEqual({ sent: 2, refused: 0, waiting: 0 });
    expect(sent.map((s) => [s.body, s.key, s.token])).toEqual([
      [{ assessmentName: 'first' }, keys[0], 'Bearer fresh'],
      [{ assessmentName: 'second' }, keys[1], 'Bearer fresh'],
    ]);
    expect(await queuedWrites(1)).toEqual([]);
    expect((await queuedWrites(2)).map((w) => w.body)).toEqual([{ assessmentName: 'someone else' }]);
  });

  it('keeps everything while there is no network; an edit follows its first version as an update of what it made', async () => {
    await write(1, 'typed', { updatePath: 'progress/{id}', answerId: ['record', 'id'] });
    server.use(http.all(`${API}*`, () => HttpResponse.error()));
    expect(await sendQueuedWrites(API, { userId: 1, token: 't' })).toEqual({ sent: 0, refused: 0, waiting: 1 });
    const [kept] = await queuedWrites(1);
    expect(await changeQueuedWrite(kept!.key, { assessmentName: 'typed again' })).toBe(true);
    // The first try may have reached the server (its answer lost): the same key and body get its answer back,
    // then the edit goes as an update of that record, under a key of its own.
    const sent = recordRequests((request) =>
      request.method === 'POST'
        ? HttpResponse.json({ record: { id: 41 } }, { status: 201 })
        : HttpResponse.json({ record: { id: 41 } }),
    );
    expect(await sendQueuedWrites(API, { userId: 1, token: 't' })).toEqual({ sent: 1, refused: 0, waiting: 0 });
    expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/api/progress/enrollment/7', { assessmentName: 'typed' }],
      ['PUT', '/api/progress/41', { assessmentName: 'typed again' }],
    ]);
    expect(sent[0]!.key).toBe(kept!.key);
    expect(sent[1]!.key).not.toBe(kept!.key);
    expect(await queuedWrites(1)).toEqual([]);
  });

  it('says so when a write was sent before it could be changed or removed, and stores nothing for it', async () => {
    await write(1, 'gone');
    const [kept] = await queuedWrites(1);
    recordRequests();
    await sendQueuedWrites(API, { userId: 1, token: 't' });
    expect(await changeQueuedWrite(kept!.key, { assessmentName: 'too late' })).toBe(false);
    expect(await removeQueuedWrite(kept!.key)).toBe(false);
    expect(await queuedWrites(1)).toEqual([]);
    // The queue still reads and sends (a change of a write already gone writes nothing in its place).
    await write(1, 'next');
    expect(await sendQueuedWrites(API, { userId: 1, token: 't' })).toEqual({ sent: 1, refused: 0, waiting: 0 });
  });

  it('an edit made while its first version is on its way is sent after it, not lost', async () => {
    await write(1, 'first', { updatePath: 'progress/{id}', answerId: ['record', 'id'] });
    const [kept] = await queuedWrites(1);
    const sent = recordRequests((request) => {
      // The trainer saves an edit while the first version is being answered.
      if (request.method === 'POST') void changeQueuedWrite(kept!.key, { assessmentName: 'edited meanwhile' });
      return HttpResponse.json({ record: { id: 9 } }, { status: request.method === 'POST' ? 201 : 200 });
    });
    await sendQueuedWrites(API, { userId: 1, token: 't' });
    expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/api/progress/enrollment/7', { assessmentName: 'first' }],
      ['PUT', '/api/progress/9', { assessmentName: 'edited meanwhile' }],
    ]);
    expect(await queuedWrites(1)).toEqual([]);
  });

  it('keeps a write the server refuses, with its answer; waits on 401, 429, 5xx and a repeat still in progress', async () => {
    await write(1, 'closed');
    recordRequests(() =>
      HttpResponse.json(
        {
          message: 'Progress can only be recorded while the training is Approved.',
          code: 'enrollment.progressOnlyApproved',
        },
        { status: 400 },
      ),
    );
    expect(await sendQueuedWrites(API, { userId: 1, token: 't' })).toEqual({ sent: 0, refused: 1, waiting: 0 });
    const [refused] = await queuedWrites(1);
    expect(refused).toMatchObject({
      state: 'refused',
      refusal: {
        status: 400,
        message: 'Progress can only be recorded while the training is Approved.',
        code: 'enrollment.progressOnlyApproved',
      },
    });
    await removeQueuedWrite(refused!.key);

    await write(1, 'later');
    for (const [status, body] of [
      [401, { message: 'Session expired' }],
      [429, { message: 'Too many requests' }],
      [503, { message: 'Busy' }],
      [409, { message: 'In progress', code: 'request.idempotencyInProgress' }],
    ] as const) {
      server.resetHandlers();
      recordRequests(() => HttpResponse.json(body, { status }));
      expect(await sendQueuedWrites(API, { userId: 1, token: 't' }), String(status)).toEqual({
        sent: 0,
        refused: 0,
        waiting: 1,
      });
    }
    expect((await queuedWrites(1)).map((w) => w.state)).toEqual(['waiting']);
  });

  it('without a token (signed out), the worker sends nothing; the account sends them again once signed in', async () => {
    await write(1, 'before sign-out');
    await forgetQueueTokens();
    const sent = recordRequests();
    expect(await sendQueuedWrites(API)).toEqual({ sent: 0, refused: 0, waiting: 1 });
    expect(sent).toEqual([]);
    expect(await sendQueuedWrites(API, { userId: 1, token: 'again' })).toEqual({ sent: 1, refused: 0, waiting: 0 });
    expect(sent.map((s) => s.token)).toEqual(['Bearer again']);
  });
});

describe('a form kept with its file (a job application and its CV)', () => {
  it('is sent as a multipart form with the file under its name, with its key, once; a refusal is kept with the words', async () => {
    const received: { key: string | null; type: string | null; phone: unknown; cv: string; name: string }[] = [];
    let refuse = false;
    server.use(
      http.post(`${API}jobs/:id/applications`, async ({ request }) => {
        const form = await request.formData();
        const cv = form.get('cv') as File;
        received.push({
          key: request.headers.get('Idempotency-Key'),
          type: request.headers.get('Content-Type'),
          phone: form.get('phone'),
          cv: await cv.text(),
          name: cv.name,
        });
        return refuse
          ? HttpResponse.json(
              { message: 'You have already applied for this job.', code: 'jobApplication.alreadyApplied' },
              { status: 409 },
            )
          : HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const key = newWriteKey();
    const fields = { phone: '+256 772 123 456', coverNote: 'Hello' };
    await queueWrite({
      key,
      userId: 1,
      token: 'token-1',
      method: 'POST',
      path: 'jobs/7/applications',
      body: fields,
      form: { ...fields, cv: new Blob(['%PDF-1.7 my cv'], { type: 'application/pdf' }) },
      fileNames: { cv: 'my-cv.pdf' },
      about: { jobId: 7 },
    });
    expect(await sendQueuedWrites(API)).toEqual({ sent: 1, refused: 0, waiting: 0 });
    expect(received).toEqual([
      {
        key,
        type: expect.stringMatching(/^multipart\/form-data; boundary=/),
        phone: '+256 772 123 456',
        cv: '%PDF-1.7 my cv',
        name: 'my-cv.pdf',
      },
    ]);
    expect(await queuedWrites(1)).toEqual([]);
    expect(await sendQueuedWrites(API)).toEqual({ sent: 0, refused: 0, waiting: 0 });
    expect(received).toHaveLength(1);

    refuse = true;
    await queueWrite({
      key: newWriteKey(),
      userId: 1,
      token: 'token-1',
      method: 'POST',
      path: 'jobs/7/applications',
      body: fields,
      form: { ...fields, cv: new Blob(['%PDF-1.7 again']) },
      fileNames: { cv: 'again.pdf' },
      about: { jobId: 7 },
    });
    expect(await sendQueuedWrites(API)).toEqual({ sent: 0, refused: 1, waiting: 0 });
    const [kept] = await queuedWrites(1);
    expect(kept).toMatchObject({
      state: 'refused',
      refusal: {
        status: 409,
        message: 'You have already applied for this job.',
        code: 'jobApplication.alreadyApplied',
      },
      body: fields,
    });
  });
});
