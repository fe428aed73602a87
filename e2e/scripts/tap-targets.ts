/**
 * The tap-target check of the journeys, against a site that is already running, for a look while working:
 * `npx tsx e2e/scripts/tap-targets.ts http://localhost:8090 [role …]` lists each page's controls smaller than
 * 44 × 44 px at 390 px, signed in with the demo accounts; the admin's pages on the console (ADMIN_URL, or
 * admin.localhost on the site's port as on a developer's machine).
 */
import { chromium } from 'playwright-core';
import { everyPage } from '../test/every-page';
import { menuTargets, smallTargets } from '../test/tap-targets';
import { request } from './site.mjs';

const base = process.argv[2] ?? 'http://localhost:8080';
const adminBase = process.env.ADMIN_URL ?? `http://admin.localhost:${new URL(base).port || 80}`;
const only = process.argv.slice(3);
const ACCOUNTS: Record<string, { email: string; password: string } | null> = {
  visitor: null,
  console: null,
  trainee: { email: 'trainee@btls-demo.rw', password: 'trainee-demo-2026' },
  graduate: { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026' },
  admin: { email: 'admin@btls-demo.rw', password: 'admin-demo-2026' },
  trainer: { email: 'trainer@btls-demo.rw', password: 'trainer-demo-2026' },
  employer: { email: 'employer@btls-demo.rw', password: 'employer-demo-2026' },
};

/** A call of the API on `on` (the console's for an admin's session). */
async function api(path: string, token?: string, body?: unknown, on = base) {
  const response = await request(`${on}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return JSON.parse(response.text);
}

const baseOf = (role: string) => (role === 'admin' || role === 'console' ? adminBase : base);
const login = async (role: string) => api('/auth/login', undefined, ACCOUNTS[role], baseOf(role));
const [admin, trainer, graduate, employer] = await Promise.all(['admin', 'trainer', 'graduate', 'employer'].map(login));
const PAGES = await everyPage((path, token) => api(path, token, undefined, token === admin.token ? adminBase : base), {
  admin: admin.token,
  trainer: trainer.token,
  graduate: graduate.token,
  employer: employer.token,
});
const sessions: Record<string, { token: string; user: unknown } | undefined> = { admin, trainer, graduate, employer };

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
let count = 0;
for (const [role, paths] of Object.entries(PAGES)) {
  if (only.length && !only.includes(role)) continue;
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  // tsx keeps functions' names with a helper the page does not have.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f' });
  const session = sessions[role] ?? (role === 'trainee' ? await login('trainee') : undefined);
  if (session)
    await context.addInitScript(
      ([token, who]) => {
        localStorage.setItem('btlsToken', token);
        localStorage.setItem('btlsUser', who);
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(`${baseOf(role)}${path}`, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    const small = await smallTargets(page);
    if (path === paths[0]) small.push(...(await menuTargets(page)).map((target) => `(menu) ${target}`));
    count += small.length;
    if (small.length) console.log(`${role} ${path}\n  ${small.join('\n  ')}`);
  }
  await context.close();
}
await browser.close();
console.log(`${count} targets under 44 px`);
