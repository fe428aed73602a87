/**
 * Every page of every role (the admin console's own pages too) on a phone and with a keyboard: every target a
 * thumb can hit (44 × 44 px at 390 px, the phone menu's opened),
 * nothing scrolls sideways at 320, 360 or 390 px (with a trainee whose e-mail address is long in the admin's and trainer's lists), no serious or critical axe-core violation at 390 and 1280 px, each page names itself in the title, and
 * the keyboard moves as users expect — skip link, focus on the new page's <h1>, the panel menu, dialogs.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  browser,
  DEMO,
  mustCallApi,
  openPage,
  openSiteMenu,
  signIn,
  signedInProfile,
  site,
  takenOver,
  tokenFor,
  useSite,
} from './harness';
import { everyPage, type Role } from './every-page';
import { menuTargets, smallTargets } from './tap-targets';

useSite();

const ACCOUNTS = {
  admin: DEMO.admin,
  trainer: { email: 'trainer@btls-demo.rw', password: 'trainer-demo-2026' },
  trainee: DEMO.trainee,
  graduate: { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026' },
  employer: DEMO.employer,
};

/** Every page of every role, with real ids from the demo data (a trainee with a long address among them). */
async function pagesToVisit(): Promise<Record<Role, string[]>> {
  const token = async (role: keyof typeof ACCOUNTS) => tokenFor(site, ACCOUNTS[role]);
  const [admin, trainer, graduate, employer] = await Promise.all([
    token('admin'),
    token('trainer'),
    token('graduate'),
    token('employer'),
  ]);
  await longAddressTrainee(admin);
  return everyPage((path, token) => mustCallApi(site, path, { token }), { admin, trainer, graduate, employer });
}

/**
 * A trainee with a long e-mail address and long notes, approved and assigned to the demo trainer in one step:
 * the row that widens a table past a phone's screen when a cell cannot break.
 */
async function longAddressTrainee(admin: string) {
  const email = `mukamana-uwimana-nshimiyimana.${Date.now()}@kigali-coffee-training-centre.example.rw`;
  const registered = await mustCallApi(site, '/auth/register', {
    method: 'POST',
    body: { firstName: 'Claudine', lastName: 'Uwimana-Nshimiyimana', email, password: 'kawa-2026' },
  });
  const [course] = await mustCallApi(site, '/courses');
  const applied = await mustCallApi(site, '/enrollments/apply', {
    method: 'POST',
    token: registered.token,
    body: {
      courseId: course.id,
      applicantNotes: 'Weekend-classes-only-please-because-of-my-café-shifts-in-Nyamirambo',
    },
  });
  const [trainer] = await mustCallApi(site, '/users/trainers', { token: admin });
  await mustCallApi(site, `/enrollments/${applied.applicationId}/status`, {
    method: 'PUT',
    token: admin,
    body: { status: 'Approved', trainerId: trainer.id },
  });
  // A second one stays Pending, in the admin's queue.
  const pending = await mustCallApi(site, '/auth/register', {
    method: 'POST',
    body: { firstName: 'Olivier', lastName: 'Habyarimana', email: `o.${email}`, password: 'kawa-2026' },
  });
  await mustCallApi(site, '/enrollments/apply', {
    method: 'POST',
    token: pending.token,
    body: { courseId: course.id },
  });
}

/** A browser profile signed in as `role` (the session as a sign-in stores it), or a visitor's. */
async function contextFor(role: Role, width: number): Promise<BrowserContext> {
  // axe-core is injected as a script: this profile alone lets it past the page's Content-Security-Policy.
  const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
  if (role !== 'visitor' && role !== 'console') await signedInProfile(context, ACCOUNTS[role]);
  return context;
}

async function seriousViolations(page: Page): Promise<string[]> {
  // The top bar's phrases fade in every 4 s: axe measuring contrast mid-fade reports the fade, not the colours
  // (it did once under load). Paused first, as a reader may, and any fade let finish.
  const pause = page.getByRole('button', { name: 'Pause the rotating phrases' });
  if (await pause.count()) await pause.click();
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  return axeViolations(page);
}

describe('every page of every role', () => {
  it(
    'fits a 320, 360 and 390 px screen with targets a thumb can hit, has no serious or critical axe violation at 390 and 1280 px, and names itself',
    { timeout: 600_000 },
    async () => {
      const pages = await pagesToVisit();
      const problems: string[] = [];
      const titles = new Map<string, string>();
      /** One role's pages at one width, in one browser profile, one after another. */
      const visit = async (role: Role, paths: string[], width: number) => {
        const context = await contextFor(role, width);
        const page = await context.newPage();
        try {
          for (const path of paths) {
            // An admin's pages are the console's, on its own origin.
            const base = role === 'admin' || role === 'console' ? site.adminBase : site.base;
            await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
            await page.locator('h1').first().waitFor();
            const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
            if (scrollWidth > width) problems.push(`${role} ${path} at ${width} px is ${scrollWidth} px wide`);
            if (width === 320 || width === 360) continue;
            for (const violation of await seriousViolations(page))
              problems.push(`${role} ${path} at ${width} px: ${violation}`);
            if (width === 390) {
              for (const small of await smallTargets(page))
                problems.push(`${role} ${path}: a target under 44 px, ${small}`);
              // The phone menu's links are targets too: opened once per role (it is the same on each page).
              if (path === paths[0])
                for (const small of await menuTargets(page))
                  problems.push(`${role} menu: a target under 44 px, ${small}`);
            }
            if (width === 1280) {
              expect(await page.locator('h1').count(), `${role} ${path}`).toBe(1);
              const title = await page.title();
              // The console's own pages (its sign-in, before any panel) are named by the console, as its app is.
              expect(title, `${role} ${path}`).toMatch(role === 'console' ? /^.+ · BTLS Admin$/ : /^.+ · BTLS Coffee$/);
              if (!/^(Welcome|Page not found)/.test(title)) titles.set(`${role} ${path}`, title);
            }
          }
        } finally {
          await context.close();
        }
      };
      // The four widths of a role side by side (a page waits on the network far more than it computes: this
      // is 200 page loads), the roles one after another.
      for (const [role, paths] of Object.entries(pages) as [Role, string[]][])
        await Promise.all([320, 360, 390, 1280].map((width) => visit(role, paths, width)));
      expect(problems).toEqual([]);
      // Every page has its own title (a role's own pages; the same page for two roles may share one).
      const byRole = new Map<string, Set<string>>();
      for (const [key, title] of titles) {
        const role = key.split(' ')[0]!;
        const seen = byRole.get(role) ?? new Set();
        expect(seen.has(title), `${key}: ${title}`).toBe(false);
        seen.add(title);
        byRole.set(role, seen);
      }
    },
  );
});

const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      tag: active?.tagName.toLowerCase(),
      text: active?.textContent?.trim(),
      id: active?.id,
      inMenu: !!active?.closest('#panel-menu'),
      inDialog: !!active?.closest('dialog'),
    };
  });

describe('with a keyboard', () => {
  it("skips to the content first, and lands on the new page's heading after each route change", async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/`, { waitUntil: 'networkidle' });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to content' });
    expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ id: 'content' });
    // Once the page's script has taken the page over (before, a link is a page load, read from its top), a route
    // change lands on the new page's heading.
    await takenOver(page);
    await openSiteMenu(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
    await page.waitForURL(`${site.base}/jobs`);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Find Your Barista Career' });
    expect(await page.title()).toBe('Barista jobs in Rwanda · BTLS Coffee');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the closed phone menu out of reach, the open one holding the focus, and Esc closing it', async () => {
    const { page, context } = await openPage(browser, 390);
    await signIn(page, site.adminBase, DEMO.admin);
    await page.waitForURL(`${site.adminBase}/admin/dashboard`);
    await page.goto(`${site.adminBase}/admin/dashboard`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    // Closed: Tab goes from the menu button into the page, never into the menu.
    await page.getByRole('button', { name: 'Menu' }).focus();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inMenu).toBe(false);
    }
    // Open: the focus moves in and stays in.
    await page.getByRole('button', { name: 'Menu' }).click();
    expect((await focused(page)).inMenu).toBe(true);
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inMenu).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Menu' });
    // A link chosen in the menu lands on the new page's heading, titled after it.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('complementary').getByRole('link', { name: 'Messages', exact: true }).click();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Contact Messages' });
    expect(await page.title()).toBe('Contact Messages · BTLS Coffee');
    await context.close();
  });

  it('opens dialogs as modal: the focus moves in and stays, Esc closes, the focus returns to the button', async () => {
    const { page, context } = await openPage(browser, 1280);
    await signIn(page, site.adminBase, DEMO.admin);
    await page.waitForURL(`${site.adminBase}/admin/dashboard`);
    await page.goto(`${site.adminBase}/admin/users`, { waitUntil: 'networkidle' });
    const remove = page.getByRole('button', { name: /^Delete / }).first();
    await remove.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await remove.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });
});
