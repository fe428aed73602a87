/**
 * Deploy/nginx-btls.conf in front of two instances on one PostgreSQL and one Redis, under 30 s
 * of reads and writes while one instance is stopped (SIGTERM) and restarted and the other killed (-9) and
 * restarted: no read fails, every acknowledged write is there afterwards, and ready/live say what they should.
 * Runs in the PostgreSQL pass of the suite; skipped, saying why, where nginx or Redis is missing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, onPostgres } from './helpers';
import { startServer, useServerProcesses, type ServerProcess } from './server-process';
import { eventually } from './eventually';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => spawnSync(path, ['-v']).status === 0);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = net.connect(Number(port) || 6379, hostname, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
});
const missing = !NGINX ? 'nginx is not installed (apt-get install nginx)' : !redisUp ? `no Redis at ${REDIS_URL}` : '';
if (onPostgres && missing) process.stderr.write(`cluster.test.ts skipped: ${missing}\n`);

const ROOT = new URL('../../', import.meta.url).pathname;
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

useServerProcesses();
let nginx: ChildProcess | undefined;
afterAll(() => nginx?.kill('SIGKILL'));

describe.skipIf(!onPostgres || !!missing)('two instances behind nginx', { timeout: 240_000 }, () => {
  it('serves every read and keeps every acknowledged write while one instance restarts and the other is killed', async () => {
    const database = await createPostgresDatabase();
    try {
      const [portA, portB, front] = await Promise.all([freePort(), freePort(), freePort()]);
      const shared = {
        DATABASE_URL: database.url,
        REDIS_URL,
        JWT_SECRET: 'cluster-sign-in-secret-that-is-long-enough',
        BTLS_ISSUER_KEY: Buffer.alloc(32, 3).toString('base64'),
        PUBLIC_URL: `http://127.0.0.1:${front}`,
        ADMIN_URL: `http://admin.localhost:${front}`,
        TRUST_PROXY: '1',
        BTLS_DEMO: '1',
        BTLS_JOB_POST_LIMIT_PER_HOUR: '100000',
        BTLS_SHUTDOWN_TIMEOUT_MS: '10000',
        // A second of readiness at 503 before the port closes, as for a balancer that polls it.
        BTLS_DRAIN_DELAY_MS: '1000',
      };
      const instance = (port: number) => startServer({ ...shared, PORT: String(port) });
      const instances: Record<'a' | 'b', ServerProcess> = { a: instance(portA), b: instance(portB) };
      await Promise.all([instances.a.ready, instances.b.ready]);

      // deploy/nginx-btls.conf as shipped, its three CHANGE lines pointed at this test's ports and build.
      const work = mkdtempSync(join(tmpdir(), 'btls-nginx-'));
      mkdirSync(join(work, 'logs'));
      const site = readFileSync(join(ROOT, 'deploy', 'nginx-btls.conf'), 'utf8')
        .replace('server 127.0.0.1:8081', `server 127.0.0.1:${portA}`)
        .replace('server 127.0.0.1:8082', `server 127.0.0.1:${portB}`)
        .replace('listen 80;', `listen 127.0.0.1:${front};`)
        .replace('listen [::]:80;', '')
        .replace('root /srv/btls/shell/dist;', `root ${join(ROOT, 'shell', 'dist')};`);
      expect(site).toContain(`127.0.0.1:${portB}`);
      writeFileSync(join(work, 'site.conf'), site);
      writeFileSync(
        join(work, 'nginx.conf'),
        `daemon off;\nworker_processes 1;\npid ${work}/nginx.pid;\nerror_log ${work}/logs/error.log warn;\n` +
          'events { worker_connections 256; }\n' +
          `http {\n  access_log ${work}/logs/access.log;\n  include /etc/nginx/mime.types;\n` +
          `  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fastcgi;\n` +
          `  uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;\n  include ${work}/site.conf;\n}\n`,
      );
      nginx = spawn(NGINX!, ['-p', work, '-c', join(work, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
      let nginxSaid = '';
      nginx.stderr!.on('data', (chunk) => (nginxSaid += chunk));
      const base = `http://127.0.0.1:${front}`;
      await eventually(async () => expect((await fetch(`${base}/api/health/live`)).ok).toBe(true), {
        within: 5_000,
      }).catch(() => {});
      expect((await fetch(`${base}/api/health/ready`)).status, nginxSaid).toBe(200);

      // What the proxy adds: the static files from disk, compressed, and the client's address to the API.
      const shell = readFileSync(join(ROOT, 'shell', 'dist', 'index.html'), 'utf8');
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(shell)![1]!;
      const file = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-encoding')).toBe('gzip');
      expect(file.headers.get('cache-control')).toContain('immutable');
      expect((await fetch(`${base}/metrics`)).status).toBe(404);

      const employer = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'employer@btls-demo.rw', password: 'employer-demo-2026' }),
      }).then((r) => r.json() as Promise<{ token: string }>);
      const auth = { authorization: `Bearer ${employer.token}` };

      const failedReads: string[] = [];
      const acknowledged: number[] = [];
      let reads = 0;
      let writes = 0;
      let running = true;
      const reader = async () => {
        const paths = ['/api/courses', '/api/jobs?limit=5', '/courses', '/api/health/live'];
        for (let i = 0; running; i++) {
          const path = paths[i % paths.length]!;
          try {
            const answer = await fetch(`${base}${path}`);
            await answer.arrayBuffer();
            if (answer.status !== 200) failedReads.push(`${path} → ${answer.status}`);
          } catch (error) {
            failedReads.push(`${path} → ${(error as Error).message}`);
          }
          reads++;
        }
      };
      const writer = async () => {
        for (let i = 0; running; i++) {
          try {
            const answer = await fetch(`${base}/api/jobs`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...auth },
              body: JSON.stringify({
                title: `Cluster barista ${Date.now()}-${i}`,
                companyName: 'Cluster Café',
                description: '<p>Pull shots during a restart.</p>',
                location: 'Kigali',
                jobType: 'Full-time',
              }),
            });
            const body = (await answer.json()) as { id?: number; job?: { id: number } };
            // A write counts as done only when the API said so; a refused or cut one may or may not be there.
            if (answer.status === 201) acknowledged.push(body.job?.id ?? body.id!);
          } catch {
            /* not acknowledged */
          }
          writes++;
        }
      };
      const load = Promise.all([reader(), reader(), reader(), writer()]);
      /** Until the load has gone further: `more` reads and `acknowledgedMore` writes past where it is now. */
      const progressed = (more: number, acknowledgedMore: number) => {
        const [readsNow, writesNow] = [reads, acknowledged.length];
        return eventually(
          () => {
            expect(reads).toBeGreaterThanOrEqual(readsNow + more);
            expect(acknowledged.length).toBeGreaterThanOrEqual(writesNow + acknowledgedMore);
          },
          { within: 60_000, every: 50 },
        );
      };

      // Once the load flows through both: instance a is asked to stop; ready turns 503 at once while live
      // still answers.
      await progressed(100, 3);
      const stoppingA = instances.a.stop();
      const [readyDuringDrain, liveDuringDrain] = await eventually(async () => {
        const both = await Promise.all(
          ['ready', 'live'].map((check) =>
            fetch(`http://127.0.0.1:${portA}/api/health/${check}`).then((r) => r.status),
          ),
        );
        expect(both[0]).toBe(503);
        return both;
      });
      const stoppedA = instances.a;
      expect(await stoppingA, stoppedA.output().slice(-2500)).toBe(0);
      instances.a = instance(portA);
      await instances.a.ready;
      expect((await fetch(`http://127.0.0.1:${portA}/api/health/ready`)).status).toBe(200);

      // Then, once the proxy sends the load to a again (it set a aside for a moment when a stopped), instance b is
      // killed outright: the load goes on without it, and it is started again.
      const servedBy = (server: ServerProcess) => server.output().split('"msg":"incoming request"').length - 1;
      await eventually(() => expect(servedBy(instances.a)).toBeGreaterThan(50), { within: 60_000, every: 50 });
      await progressed(100, 3);
      instances.b.child.kill('SIGKILL');
      await instances.b.exited;
      await progressed(50, 2);
      instances.b = instance(portB);
      await instances.b.ready;
      expect((await fetch(`http://127.0.0.1:${portB}/api/health/live`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${portB}/api/health/ready`)).status).toBe(200);

      await progressed(100, 3);
      running = false;
      await load;

      expect(failedReads).toEqual([]);
      expect(reads).toBeGreaterThan(100);
      expect(acknowledged.length).toBeGreaterThan(10);
      // Every acknowledged write is there, read back through the proxy.
      const missingWrites: number[] = [];
      for (const id of acknowledged) {
        if ((await fetch(`${base}/api/jobs/${id}`)).status !== 200) missingWrites.push(id);
      }
      expect(missingWrites).toEqual([]);
      // While a drained, it said so to whoever asks (a balancer polling readiness), and was still alive.
      expect(readyDuringDrain).toBe(503);
      expect(liveDuringDrain).toBe(200);
      process.stdout.write(`cluster: ${reads} reads, ${writes} writes (${acknowledged.length} acknowledged)\n`);
      await Promise.all([instances.a.stop(), instances.b.stop()]);
    } finally {
      nginx?.kill('SIGTERM');
      await database.drop();
    }
  });
});
