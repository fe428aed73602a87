// The API's production build started for a benchmark: on `port`, with `env` on top of this process's, ready once
// it says so at GET /api/health/ready (whatever its log level lets it print). Its output goes to `onOutput`.
import { spawn } from 'node:child_process';

export const serverJs = process.env.BENCH_SERVER ?? new URL('../dist/server.js', import.meta.url).pathname;

/**
 * @param {number} port
 * @param {Record<string, string>} env
 * @param {(chunk: string) => void} [onOutput]
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
export async function startServer(port, env, onOutput = () => undefined) {
  const child = spawn(process.execPath, [serverJs], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk).slice(-4000);
    onOutput(String(chunk));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((_, fail) =>
    child.once('exit', (code) => fail(new Error(`server exited with ${code}: ${output}`))),
  );
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok) return child;
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, 200));
    }
  })();
  return Promise.race([ready, exited]);
}
