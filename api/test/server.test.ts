/** `npm start`'s server process: starts on an empty data directory with demo data, drains on SIGTERM. */
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/seed/demo';
import { eventually } from './eventually';
import { startSmtp } from './smtp';
import { consoleFetch, startServer, useServerProcesses } from './server-process';

useServerProcesses();

function start(dataDir: string, env: Record<string, string> = {}) {
  return startServer({ BTLS_DATA_DIR: dataDir, ...env });
}

/**
 * A contact message whose body is half sent (a request in flight): `finish` sends the rest, `answer` is its status.
 */
function contactInFlight(base: string, message: string) {
  const body = JSON.stringify({ name: 'Late', email: 'late@example.rw', subject: 'Drain', message });
  let finish = () => {};
  const answer = new Promise<number>((resolve, reject) => {
    const req = http.request(
      `${base}/api/contact`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    finish = () => req.end(body.slice(10));
  });
  return { answer, finish: () => finish() };
}

/** Waits until the server has a request to `url` open: it logs each request as it comes in. */
const requestOpen = (server: { output(): string }, url: string) =>
  eventually(() =>
    expect(server.output()).toContain(`"url":"${url}","remoteAddress":"127.0.0.1"},"msg":"incoming request"`),
  );

// Each test starts real server processes: on a busy two-core machine a start alone can take tens of seconds.
describe('the server process', { timeout: 120_000 }, () => {
  it('starts on an empty data directory, migrates, seeds the demo data and serves the API', async () => {
    const server = start(join(mkdtempSync(join(tmpdir(), 'btls-srv-')), 'data'));
    await server.ready;
    expect(server.output()).toContain('demo data seeded');
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    const courses = (await (await fetch(`${server.base}/api/courses`)).json()) as unknown[];
    expect(courses.length).toBeGreaterThanOrEqual(6);
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    // The demo admin signs in on the console (admin.localhost on the server's port).
    const login = await consoleFetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(login.status).toBe(200);
  });

  it('finishes a request in flight on SIGTERM, then exits 0 and releases the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'btls-srv-'));
    const server = start(dataDir, { BTLS_ADMIN_EMAIL: 'ops@example.rw', BTLS_ADMIN_PASSWORD: 'ops-password' });
    await server.ready;

    const late = contactInFlight(server.base, 'Still delivered'); // the request is in flight...
    setTimeout(() => {
      server.child.kill('SIGTERM'); // ...when the signal arrives
      setTimeout(late.finish, 300);
    }, 300);
    expect(await late.answer).toBe(201);
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, 'btls.lock'))).toBe(false);

    // The message was stored, the directory opens again, and the demo data is not seeded twice.
    const again = start(dataDir);
    await again.ready;
    expect(again.output()).not.toContain('demo data seeded');
    const login = await consoleFetch(`${again.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.rw', password: 'ops-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const inbox = (await (
      await consoleFetch(`${again.base}/api/contact`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      subject: string;
    }[];
    expect(inbox.map((m) => m.subject)).toContain('Drain');
  });

  it('with SMTP_URL, sends the outbox from the server process (links from PUBLIC_URL), and stops cleanly on SIGTERM', async () => {
    const smtp = await startSmtp();
    try {
      const server = start(join(mkdtempSync(join(tmpdir(), 'btls-srv-')), 'data'), {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'BTLS <hello@btls.example.rw>',
        PUBLIC_URL: 'https://btls.example.rw/',
        ADMIN_URL: 'https://admin.btls.example.rw',
      });
      await server.ready;
      const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
      const sent = await fetch(`${server.base}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ange', email: 'ange@example.rw', subject: 'Hello', message: 'Hi' }),
      });
      expect(sent.status).toBe(201);
      const [mail] = await smtp.waitFor(1, 20_000);
      expect(mail!.to).toEqual([admin.email]);
      expect(mail!.header('From')).toContain('hello@btls.example.rw');
      // An admin's page: on the console.
      expect(mail!.raw).toContain('https://admin.btls.example.rw/admin/messages');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it('refuses to start on PostgreSQL without JWT_SECRET, saying why', async () => {
    const server = start(mkdtempSync(join(tmpdir(), 'btls-srv-')), {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(await server.exited).toBe(2);
    expect(server.output()).toMatch(/JWT_SECRET is required when DATABASE_URL is set/);
  });

  it('refuses a wrong value before it opens anything, naming the variable, its value and what is expected', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'btls-srv-')), 'data');
    const server = start(dataDir, { BTLS_TOKEN_LIFETIME: 'seven days', BTLS_LOGIN_LIMIT_PER_IP: 'lots' });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain('BTLS_TOKEN_LIFETIME=\\"seven days\\": expected a time span');
    expect(server.output()).toContain('BTLS_LOGIN_LIMIT_PER_IP=\\"lots\\": expected a whole number');
    expect(existsSync(dataDir)).toBe(false); // nothing was created or migrated
  });

  it('on SIGTERM turns ready to 503 at once, stays live, finishes the open request, then exits', async () => {
    const server = start(mkdtempSync(join(tmpdir(), 'btls-srv-')), { BTLS_DRAIN_DELAY_MS: '1500' });
    await server.ready;
    const status = async (path: string) => (await fetch(`${server.base}${path}`)).status;
    expect(await status('/api/health/ready')).toBe(200);
    // A request in flight (its body not all sent) when the signal arrives.
    const late = contactInFlight(server.base, 'Delivered');
    await requestOpen(server, '/api/contact');
    server.child.kill('SIGTERM');
    await eventually(async () => expect(await status('/api/health/ready')).toBe(503));
    expect(await status('/api/health/live')).toBe(200);
    late.finish();
    expect(await late.answer).toBe(201);
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"msg":"SIGTERM: finishing open requests/);
  });

  it('exits within BTLS_SHUTDOWN_TIMEOUT_MS however long an open request takes', async () => {
    const server = start(mkdtempSync(join(tmpdir(), 'btls-srv-')), { BTLS_SHUTDOWN_TIMEOUT_MS: '1000' });
    await server.ready;
    const stuck = http.request(`${server.base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '1000' },
    });
    stuck.on('error', () => {}); // cut by the exit
    stuck.write('{"name":');
    await requestOpen(server, '/api/contact');
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    // The deadline, plus the time a busy machine takes to notice it (never the 30 s request timeout).
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.output()).toMatch(/Still open after 1000 ms/);
  });
});
