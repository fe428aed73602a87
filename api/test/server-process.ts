/** The API's server process as `npm start` runs it (dist/server.js), for the tests of the process itself. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { afterEach, beforeAll } from 'vitest';

export const DIST = new URL('../dist/', import.meta.url).pathname;
const running: ChildProcess[] = [];

/** Builds dist/ when missing (a direct `vitest run`; `npm test` builds first), and kills what a test left running. */
export function useServerProcesses(): void {
  beforeAll(() => {
    if (!existsSync(`${DIST}server.js`) || !existsSync(`${DIST}backup.js`))
      spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  });
  afterEach(() => {
    for (const child of running.splice(0)) child.kill('SIGKILL');
  });
}

export type ServerProcess = ReturnType<typeof startServer>;

/**
 * A server process on a random port of 127.0.0.1 (or `env.PORT`), embedded unless `env` says otherwise.
 * `ready` settles when it prints its address; `exited` with its exit code.
 */
export function startServer(env: Record<string, string> = {}) {
  const port = Number(env.PORT) || 20_000 + Math.floor(Math.random() * 20_000);
  const serverEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  };
  const child = spawn(process.execPath, [`${DIST}server.js`], { env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready: http://localhost:')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  ready.catch(() => {}); // awaited by the tests that expect a start; others watch `exited`
  /** SIGTERM, and its exit code. */
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { child, port, env: serverEnv, ready, exited, stop, output: () => output, base: `http://127.0.0.1:${port}` };
}

/**
 * A request to a server process as the admin console's page sends it: at the process's address, naming the
 * console's host (`host`, admin.localhost by default, as ADMIN_URL's is on a developer's machine). Node's fetch
 * always names its URL's host, and a *.localhost name does not resolve on every machine.
 */
export function consoleFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  host = 'admin.localhost',
): Promise<Response> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers: { ...init.headers, host: `${host}:${target.port}` },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers = Object.entries(answer.headers).map(([name, value]): [string, string] => [
            name,
            [value ?? ''].flat().join(', '),
          ]);
          resolve(new Response(body.length ? body : null, { status: answer.statusCode, headers }));
        });
      },
    );
    sent.on('error', reject);
    sent.end(init.body);
  });
}
