/**
 * The admin console, an origin of its own: the demo admin signs in there with the README's quick start, reviews an
 * enrollment, issues a certificate, makes a release token and is asked again who they are (the password, then a
 * passkey added in the Passkeys section, Chromium's virtual authenticator standing for the phone's), and rolls a
 * release out and back, at 390 and 1280 px with no serious axe violation. The site's own sign-in signs no admin in
 * and says where to go. And the attack the console exists for: a public team's release whose browser code looks
 * for a session anywhere it could be kept and makes a release token with it, opened by a signed-in admin, finds
 * nothing and makes nothing; an employer release claiming the admin's pages is refused and finds nothing either.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RELEASE_MANIFEST } from '@btls/build-config/release';
import {
  askedAgain,
  axeViolations,
  browser,
  copyOfBuild,
  DEMO,
  enrollmentOfDemoTrainer,
  mustCallApi,
  openPage,
  releasesOf,
  request,
  releaseTokenFor,
  ROOT,
  runRelease,
  site,
  takenOver,
  tokenFor,
  useSite,
} from './harness';

/** How long a proof of the admin lasts on this file's site: short, so that a journey sees the console ask again. */
const SUDO_WINDOW_MS = 20_000;

useSite({ BTLS_SUDO_WINDOW_SECONDS: String(SUDO_WINDOW_MS / 1000) });

const SHOTS = process.env.BTLS_SCREENSHOTS;

/** The README's quick start: where the demo admin signs in, and with what. */
function quickStart() {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const login = /<(http:\/\/admin\.localhost:\d+\/[^>]*)>/.exec(readme)?.[1];
  const row = /^\|\s*admin\s*\|\s*`([^`]+)`\s*\|\s*`([^`]+)`/m.exec(readme);
  if (!login || !row) throw new Error('The README no longer says where and how the demo admin signs in');
  return { path: new URL(login).pathname, email: row[1]!, password: row[2]! };
}

/** Fills a sign-in form and sends it. */
async function fillSignIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Waits until the console's session on `page` is one the server asks again for: a harmless action behind the same
 * check (the options for a new passkey, which make nothing) answers `session.sudoRequired`.
 */
async function proofOutlived(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('btlsToken'));
  const probe = async () => {
    const answer = await request(`${site.adminBase}/api/auth/passkeys/options`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    return answer.text ? (JSON.parse(answer.text) as { code?: string }).code : undefined;
  };
  await expect.poll(probe, { timeout: SUDO_WINDOW_MS + 10_000, interval: 1000 }).toBe('session.sudoRequired');
}

/** The page has no serious or critical axe violation, and fits the screen. */
async function accessible(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), what).toBe(true);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

describe("the admin's console", () => {
  for (const width of [390, 1280]) {
    it(
      `at ${width} px: signs in from the quick start, reviews, certifies, is asked again for a token (password, then passkey), rolls a release out and back`,
      { timeout: 300_000 },
      async () => {
        const { page, context, errors } = await openPage(browser, width);
        context.setDefaultTimeout(30_000);
        try {
          // A trainee applied; another's training is with the demo trainer.
          const lastName = `Uwase${width}`;
          const registered = await mustCallApi(site, '/auth/register', {
            method: 'POST',
            body: {
              firstName: 'Clarisse',
              lastName,
              email: `clarisse.${width}.${Date.now()}@example.rw`,
              password: 'kawa-2026',
            },
          });
          const [course] = await mustCallApi(site, '/courses');
          await mustCallApi(site, '/enrollments/apply', {
            method: 'POST',
            token: registered.token,
            body: { courseId: course.id },
          });
          const { enrollmentId, trainer } = await enrollmentOfDemoTrainer(`Mugisha${width}`);
          await mustCallApi(site, `/progress/enrollment/${enrollmentId}`, {
            method: 'POST',
            token: trainer,
            body: { assessmentName: 'Latte art', score: 9, maxScore: 10, feedbackNotes: 'Steady pour' },
          });
          await mustCallApi(site, `/enrollments/${enrollmentId}/status`, {
            method: 'PUT',
            token: trainer,
            body: { status: 'Completed' },
          });

          // The quick start: the console's sign-in page, the demo admin's e-mail and password.
          const start = quickStart();
          expect(start.email).toBe(DEMO.admin.email);
          await page.goto(`${site.adminBase}${start.path}`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await accessible(page, 'the console sign-in');
          await shot(page, `console-sign-in-${width}`);
          await fillSignIn(page, start);
          await page.waitForURL(`${site.adminBase}/admin/dashboard`);
          await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
          await accessible(page, 'the dashboard');

          // An enrollment reviewed: approved from its row.
          await page.goto(`${site.adminBase}/admin/enrollments?q=${lastName}`);
          await page.getByRole('button', { name: `Approve: Clarisse ${lastName}, ${course.title}` }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
          await page.getByText('Application status updated to Approved.').waitFor();

          // A certificate issued for the training the trainer completed.
          await page.goto(`${site.adminBase}/admin/enrollments/${enrollmentId}/progress`);
          await page.getByRole('cell', { name: '9 / 10' }).waitFor();
          await page.getByRole('button', { name: 'Issue Certificate' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
          await page.getByText(/^Certificate issued to /).waitFor();

          // A release token for the trainer team, the sign-in older than the window now: asked again first.
          await proofOutlived(page);
          await page.goto(`${site.adminBase}/admin/releases`);
          await page.getByLabel('Area it releases').selectOption({ label: 'Trainer area' });
          await page.getByLabel('Label (who uses it)').fill(`trainer-ci-${width}`);
          await page.getByRole('button', { name: 'Make a token' }).click();
          const asked = askedAgain(page);
          await asked.waitFor();
          await accessible(page, 'asked again');
          await shot(page, `console-asked-again-${width}`);
          // A wrong password is said so, and nothing is made.
          await asked.getByLabel('Password').fill('not-the-password');
          await asked.getByRole('button', { name: 'Confirm' }).click();
          await asked.getByText('That password is not right. Try again.').first().waitFor();
          await asked.getByLabel('Password').fill(start.password);
          await asked.getByRole('button', { name: 'Confirm' }).click();
          await asked.waitFor({ state: 'hidden' });
          const made = page.getByLabel('The new token of the Trainer area: copy it now, it is not shown again');
          const releaseToken = await made.inputValue();
          expect(releaseToken).toMatch(/^btlsr_trainer_/);

          // A passkey added in the Passkeys section (Chromium's virtual authenticator: the phone's own, unlocked).
          const cdp = await context.newCDPSession(page);
          await cdp.send('WebAuthn.enable', { enableUI: false });
          await cdp.send('WebAuthn.addVirtualAuthenticator', {
            options: {
              protocol: 'ctap2',
              transport: 'internal',
              hasResidentKey: true,
              hasUserVerification: true,
              isUserVerified: true,
              automaticPresenceSimulation: true,
            },
          });
          await page.goto(`${site.adminBase}/admin/settings`);
          const passkeys = page.getByRole('region', { name: 'Passkeys' });
          await passkeys.getByLabel('Name of the new passkey').fill(`Phone ${width}`);
          await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
          await passkeys.getByText(`Phone ${width}`, { exact: true }).waitFor();
          await accessible(page, 'the passkeys');
          await shot(page, `console-passkeys-${width}`);

          // The trainer team rolls its release out to a share of browsers with the token.
          const release = copyOfBuild('trainer', (dist) =>
            writeFileSync(
              join(dist, 'remoteEntry.js'),
              `${readFileSync(join(dist, 'remoteEntry.js'), 'utf8')}\n// rolled out at ${width} px\n`,
            ),
          );
          const before = (await releasesOf(site, 'trainer')).active;
          const rolled = await runRelease(
            site,
            release.folder,
            ['release', '--no-build', '--percent', '30'],
            releaseToken,
          );
          expect(rolled.code, rolled.output).toBe(0);

          // Promoted from the console, the password's proof old by now: the passkey answers.
          await proofOutlived(page);
          await page.goto(`${site.adminBase}/admin/releases`);
          const trainerArea = page.getByRole('article', { name: 'Trainer area' });
          await trainerArea
            .getByRole('heading', { name: `Rollout of ${release.version} to 30% of browsers` })
            .waitFor();
          await trainerArea.getByRole('button', { name: 'Promote to everyone' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
          await asked.waitFor();
          await asked.getByRole('button', { name: 'Use a passkey' }).click();
          await asked.waitFor({ state: 'hidden' });
          await page.getByText(`Release trainer@${release.version} is active.`).waitFor();
          expect((await releasesOf(site, 'trainer')).active).toBe(release.version);

          // And back, within the passkey's window: not asked again.
          await trainerArea.getByRole('button', { name: 'Roll back' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
          await expect.poll(async () => (await releasesOf(site, 'trainer')).active).toBe(before);
          await trainerArea.getByText(before!, { exact: true }).waitFor();
          expect(await asked.count()).toBe(0);
          await accessible(page, 'the releases');
          await shot(page, `console-releases-${width}`);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      },
    );
  }

  it("is where the site sends an admin: the site's sign-in signs no admin in and links to the console, and /admin/* goes there", async () => {
    const { page, context, errors } = await openPage(browser, 390);
    try {
      await page.goto(`${site.base}/login`);
      await fillSignIn(page, DEMO.admin);
      await page.getByText(/^Admin accounts sign in on the admin console, not here\./).waitFor();
      expect(page.url()).toBe(`${site.base}/login`);
      expect(await page.evaluate(() => localStorage.getItem('btlsToken'))).toBeNull();
      const link = page.getByRole('link', { name: 'Sign in on the admin console' });
      expect(await link.getAttribute('href')).toBe(`${site.adminBase}/login`);
      await link.click();
      await page.waitForURL(`${site.adminBase}/login`);

      await page.goto(`${site.base}/admin/users`);
      await page.waitForURL((url) => url.origin === site.adminBase);
      await fillSignIn(page, DEMO.admin);
      await page.waitForURL(`${site.adminBase}/admin/users`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(errors.filter((error) => !/403/.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/**
 * A team's browser code that looks for a session wherever a page could keep one (storage of both kinds, cookies),
 * makes a trainer release token with each JWT it finds, and writes what it did into the page.
 */
const LOOKS_FOR_SESSIONS = `
;(async () => {
  if (document.documentElement.hasAttribute('data-found')) return;
  const kept = [document.cookie];
  for (const store of [localStorage, sessionStorage])
    for (let i = 0; i < store.length; i++) kept.push(store.getItem(store.key(i)) || '');
  const jwts = [...new Set(kept.join('\\n').match(/eyJ[\\w-]+\\.[\\w-]+\\.[\\w-]+/g) || [])];
  const made = [];
  for (const jwt of jwts) {
    const answer = await fetch('/api/release-tokens', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + jwt, 'content-type': 'application/json' },
      body: JSON.stringify({ area: 'trainer', label: 'taken by a team' }),
    });
    made.push(answer.status);
  }
  document.documentElement.setAttribute('data-found', JSON.stringify({ jwts: jwts.length, made }));
})();
`;

/** What the team's code found and did in the page. */
async function foundBy(page: Page): Promise<{ jwts: number; made: number[] }> {
  const handle = await page.waitForFunction(() => document.documentElement.getAttribute('data-found'));
  return JSON.parse(String(await handle.jsonValue()));
}

/**
 * The admin signs in where the site sends them: its sign-in page, then the console's when it says so (the link of
 * its message). Answers the origin the admin works on.
 */
async function adminSignsIn(page: Page): Promise<string> {
  await page.goto(`${site.base}/login`);
  await fillSignIn(page, DEMO.admin);
  const toConsole = page.getByRole('link', { name: 'Sign in on the admin console' });
  await expect
    .poll(async () => (await toConsole.count()) > 0 || new URL(page.url()).pathname === '/admin/dashboard')
    .toBe(true);
  if (!(await toConsole.count())) return site.base;
  await toConsole.click();
  await page.waitForURL(`${site.adminBase}/login`);
  await fillSignIn(page, DEMO.admin);
  await page.waitForURL(`${site.adminBase}/admin/dashboard`);
  return site.adminBase;
}

/** Every release token's label, as the console's Releases page lists them. */
async function tokenLabelsOnTheConsole(page: Page): Promise<string[]> {
  await page.goto(`${site.adminBase}/admin/releases`);
  const table = page.getByRole('table', { name: 'Release tokens' });
  await table.waitFor();
  return table.locator('tbody tr td:first-child').allTextContents();
}

describe('a team whose release token leaked', () => {
  it("ships browser code that looks for a session on every public page: a signed-in admin opens the site's / and it finds nothing, makes nothing", async () => {
    const token = await releaseTokenFor(site, 'public');
    const before = (await releasesOf(site, 'public')).active;
    const release = copyOfBuild('public', (dist) =>
      writeFileSync(
        join(dist, 'remoteEntry.js'),
        `${readFileSync(join(dist, 'remoteEntry.js'), 'utf8')}\n${LOOKS_FOR_SESSIONS}`,
      ),
    );
    // Uploaded and made active by the public team alone, as its token allows.
    const released = await runRelease(site, release.folder, ['release', '--no-build'], token);
    expect(released.code, released.output).toBe(0);
    const { page, context } = await openPage(browser, 1280);
    try {
      await adminSignsIn(page);
      // The admin opens the public site (the logo's link), in the same browser.
      await page.goto(`${site.base}/`);
      // Its code runs once the visitor uses the page (the admin is a visitor there).
      await takenOver(page);
      expect(await foundBy(page)).toEqual({ jwts: 0, made: [] });
      // Nothing was made: the console's own list says so.
      expect(await tokenLabelsOnTheConsole(page)).not.toContain('taken by a team');
      const admin = await tokenFor(site, DEMO.admin);
      const tokens = (await mustCallApi(site, '/release-tokens', { token: admin })) as { label: string | null }[];
      expect(tokens.map((item) => item.label)).not.toContain('taken by a team');
    } finally {
      await context.close();
      const back = await runRelease(site, release.folder, ['rollback'], token);
      expect(back.code, back.output).toBe(0);
      expect((await releasesOf(site, 'public')).active).toBe(before);
    }
  });

  it("claims the admin's pages with an employer release: refused, and the admin's pages on the site run none of its code", async () => {
    const token = await releaseTokenFor(site, 'employer');
    const active = (await releasesOf(site, 'employer')).active;
    const claim = copyOfBuild('employer', (dist) => {
      const manifest = JSON.parse(readFileSync(join(dist, RELEASE_MANIFEST), 'utf8'));
      manifest.pages.patterns.push('/admin/users');
      writeFileSync(join(dist, RELEASE_MANIFEST), JSON.stringify(manifest));
      writeFileSync(
        join(dist, 'remoteEntry.js'),
        `${readFileSync(join(dist, 'remoteEntry.js'), 'utf8')}\n${LOOKS_FOR_SESSIONS}`,
      );
    });
    const refused = await runRelease(site, claim.folder, ['release', '--no-build'], token);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain('/admin/users of employer');
    expect((await releasesOf(site, 'employer')).active).toBe(active);

    // Served anyway (the employer's active release is what the site has): the admin opens the site's
    // /admin/users, and lands on the console, where no code of the employer's is ever loaded.
    const { page, context } = await openPage(browser, 390);
    const employerCode: string[] = [];
    context.on('request', (asked) => {
      if (asked.url().includes('/remotes/employer/')) employerCode.push(asked.url());
    });
    try {
      await adminSignsIn(page);
      await page.goto(`${site.base}/admin/users`);
      await page.waitForURL(`${site.adminBase}/admin/users`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-found'))).toBeNull();
      expect(employerCode).toEqual([]);
      expect(await tokenLabelsOnTheConsole(page)).not.toContain('taken by a team');
    } finally {
      await context.close();
    }
  });
});
