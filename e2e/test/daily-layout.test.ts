/**
 * Daily use on a small phone, the layout: a staff list's first row is on the first screen at 320 × 568 (its
 * filters behind "Filter (n)", its actions on several behind "Select"); a panel's header is one row at 390 px in
 * every language; the site's link to the panel keeps to one line at 320 px in French and Kinyarwanda; the contact
 * page's numbers are `tel:` links a thumb can hit; a shortlist says so where the tap was; a certificate is issued
 * from the top of its page, after a confirm naming the trainee and the course, and its credential offered at once;
 * a graduate's dashboard leads to the job board and the certificate.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, callApi, DEMO, mustCallApi, signedInProfile, site, tokenFor, useSite } from './harness';

useSite();

const GRADUATE = { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026', name: 'Eric Mugisha' };
type Language = 'en' | 'fr' | 'rw';

/** A phone of `width` × `height`, signed in as `who` (a visitor without), reading `language`. */
async function phone(
  width: number,
  height: number,
  who?: { email: string; password: string },
  language: Language = 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addCookies([site.base, site.adminBase].map((url) => ({ name: 'btlsLang', value: language, url })));
  await context.addInitScript((language) => localStorage.setItem('btlsLang', language), language);
  if (who) await signedInProfile(context, who);
  return { context, page: await context.newPage() };
}

/** Whether the element is wholly on the first screen, the page not scrolled. */
const onFirstScreen = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return window.scrollY === 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });

/** The employer's first posting, with the demo graduate's application in it (made here if not yet). */
async function postingWithAnApplicant(): Promise<number> {
  const employer = await tokenFor(site, DEMO.employer);
  const [posting] = await mustCallApi(site, '/jobs/my-postings', { token: employer });
  const graduate = await tokenFor(site, GRADUATE);
  // Already applied (another test of this file) is fine: the applicant is there either way.
  const applied = await callApi(site, `/jobs/${posting.id}/applications`, {
    method: 'POST',
    token: graduate,
    body: { phone: '0781234567', coverNote: 'Latte art is my thing.' },
  });
  expect([201, 409]).toContain(applied.status);
  return posting.id;
}

describe('a staff list on a small phone', () => {
  it("shows the admin's first application on the first screen, its filters and Select one tap away", async () => {
    for (const [width, height] of [
      [320, 568],
      [390, 844],
    ] as const) {
      const { page, context } = await phone(width, height, DEMO.admin);
      await page.goto(`${site.adminBase}/admin/enrollments`, { waitUntil: 'networkidle' });
      const firstRow = page.locator('tbody tr').first();
      await firstRow.waitFor();
      // The row's first facts (who, which course) at least: a card on a phone, each fact a line.
      expect(await onFirstScreen(firstRow.locator('td').nth(1)), `${width} px`).toBe(true);
      const status = page.getByLabel('Status', { exact: true });
      expect(await status.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await status.selectOption('All');
      await page.waitForURL(/status=All/);
      // The filter holds as before (in the address), and the button counts it, after a reload too.
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Filter (1)' }).waitFor();
      expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('All');
      // The actions on several come with Select, with the boxes to tick.
      expect(await page.getByRole('checkbox', { name: 'Select all on this page' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await page.getByRole('button', { name: 'Approve selected' }).waitFor();
      await context.close();
    }
  });

  it("shows an employer's first applicant on the first screen, and a shortlist says so under the card", async () => {
    const job = await postingWithAnApplicant();
    const { page, context } = await phone(320, 568, DEMO.employer);
    await page.goto(`${site.base}/employer/jobs/${job}/applicants`, { waitUntil: 'networkidle' });
    const card = page.getByRole('article').first();
    await card.waitFor();
    expect(await onFirstScreen(card.getByRole('heading').first())).toBe(true);
    expect(await page.getByRole('button', { name: 'Apply to selected' }).count()).toBe(0);

    // A move of one applicant: the confirmation stands under their card, on the screen, and is announced.
    const graduate = page.getByRole('article', { name: GRADUATE.name, exact: true });
    const shortlist = graduate.getByRole('button', { name: `Shortlist: ${GRADUATE.name}` });
    if (await shortlist.count()) {
      await shortlist.click();
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      const said = `${GRADUATE.name} is now Shortlisted.`;
      const note = page.locator('li', { has: graduate }).getByText(said, { exact: true });
      await note.waitFor();
      expect(
        await note.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      ).toBe(true);
      expect(await page.locator('[aria-live=polite]', { hasText: said }).count()).toBe(1);
    }
    await context.close();
  });
});

describe('the bars on a phone', () => {
  it("keeps a panel's header to one row at 390 px in English, French and Kinyarwanda", async () => {
    const panels = [
      { who: DEMO.admin, base: site.adminBase, path: '/admin/enrollments' },
      { who: DEMO.trainer, base: site.base, path: '/trainer/assigned-students' },
      { who: DEMO.employer, base: site.base, path: '/employer/my-jobs' },
    ];
    for (const language of ['en', 'fr', 'rw'] as const)
      for (const { who, base, path } of panels) {
        const { page, context } = await phone(390, 844, who, language);
        await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
        await page.locator('h1').first().waitFor();
        const header = await page.evaluate(() => {
          const header = document.querySelector('main')!.previousElementSibling!;
          const boxes = Array.from(header.children).map((child) => child.getBoundingClientRect());
          return {
            height: header.getBoundingClientRect().height,
            // One row: every part of the header beside the others, none below another.
            rows: new Set(boxes.map((box) => Math.round(box.top + box.height / 2) >> 4)).size,
            parts: boxes.length,
          };
        });
        expect(header.parts, `${language} ${path}`).toBe(3);
        expect(header.rows, `${language} ${path}`).toBe(1);
        expect(header.height, `${language} ${path}`).toBeLessThanOrEqual(64);
        await context.close();
      }
  });

  it("keeps the site's link to the panel on one line at 320 px in French and Kinyarwanda", async () => {
    for (const language of ['fr', 'rw'] as const)
      for (const who of [GRADUATE, DEMO.employer]) {
        const { page, context } = await phone(320, 568, who, language);
        await page.goto(`${site.base}/about`, { waitUntil: 'networkidle' });
        const bar = page.getByRole('banner');
        const link = bar.locator('a[href$="/dashboard"]:visible').first();
        await link.waitFor();
        const lines = await link.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
        });
        expect(lines, `${language}: ${await link.textContent()}`).toBe(1);
        const menu = (await bar.getByRole('button', { name: /Menu|Menyu/ }).boundingBox())!;
        expect(menu.x + menu.width, language).toBeLessThanOrEqual(320);
        await context.close();
      }
  });

  it("makes the contact page's numbers and address links a thumb can hit, the numbers callable", async () => {
    const { page, context } = await phone(390, 844);
    await page.goto(`${site.base}/contact`, { waitUntil: 'networkidle' });
    const reach = await page.locator('main a[href^="tel:"], main a[href^="mailto:"]').all();
    expect(reach.length).toBe(3);
    expect(await page.locator('main a[href^="tel:+250"]').count()).toBe(2);
    for (const link of reach) {
      const box = (await link.boundingBox())!;
      expect(box.height, String(await link.textContent())).toBeGreaterThanOrEqual(44);
      expect(box.width, String(await link.textContent())).toBeGreaterThanOrEqual(44);
    }
    await context.close();
  });
});

describe('after a training', () => {
  it('issues a certificate from the top of its page after a confirm naming the trainee and course, then offers its credential', async () => {
    const admin = await tokenFor(site, DEMO.admin);
    const trainer = await tokenFor(site, DEMO.trainer);
    const registered = await mustCallApi(site, '/auth/register', {
      method: 'POST',
      body: {
        firstName: 'Solange',
        lastName: 'Uwera',
        email: `solange.${Date.now()}@example.rw`,
        password: 'kawa-2026',
      },
    });
    const [course] = await mustCallApi(site, '/courses');
    const applied = await mustCallApi(site, '/enrollments/apply', {
      method: 'POST',
      token: registered.token,
      body: { courseId: course.id },
    });
    const [demoTrainer] = await mustCallApi(site, '/users/trainers', { token: admin });
    await mustCallApi(site, `/enrollments/${applied.applicationId}/status`, {
      method: 'PUT',
      token: admin,
      body: { status: 'Approved', trainerId: demoTrainer.id },
    });
    for (const assessmentName of ['Espresso', 'Milk', 'Latte art', 'Cleaning', 'Service'])
      await mustCallApi(site, `/progress/enrollment/${applied.applicationId}`, {
        method: 'POST',
        token: trainer,
        body: { assessmentName, score: 8, maxScore: 10, feedbackNotes: 'Steady hands and a clean station.' },
      });
    await mustCallApi(site, `/enrollments/${applied.applicationId}/status`, {
      method: 'PUT',
      token: trainer,
      body: { status: 'Completed' },
    });

    const { page, context } = await phone(390, 844, DEMO.admin);
    await page.goto(`${site.adminBase}/admin/enrollments/${applied.applicationId}/progress`, {
      waitUntil: 'networkidle',
    });
    const issue = page.getByRole('button', { name: 'Issue Certificate' });
    await issue.waitFor();
    expect(await onFirstScreen(issue)).toBe(true);
    await issue.click();
    const question = page.getByRole('dialog');
    expect(await question.textContent()).toContain(`Issue a certificate to Solange Uwera for ${course.title}?`);
    await question.getByRole('button', { name: 'OK' }).click();
    await page.getByText(`Certificate issued to Solange Uwera for ${course.title}.`, { exact: false }).waitFor();
    const credential = page.getByRole('link', { name: /Download the signed credential/ });
    expect(await onFirstScreen(credential)).toBe(true);
    const box = (await credential.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await context.close();
  });

  it("leads a graduate's dashboard to the job board and their certificate, not to a barista journey again", async () => {
    const { page, context } = await phone(390, 844, GRADUATE);
    await page.goto(`${site.base}/dashboard`, { waitUntil: 'networkidle' });
    const next = page.getByRole('heading', { level: 2 }).first();
    await next.waitFor();
    expect(await next.textContent()).toBe('Certified: find your barista job');
    expect(await page.getByRole('heading', { name: 'Start Your Barista Journey' }).count()).toBe(0);
    const jobs = page.getByRole('link', { name: 'Browse barista jobs' });
    expect(await onFirstScreen(jobs)).toBe(true);
    expect(await page.getByRole('link', { name: 'My certificate' }).getAttribute('href')).toMatch(/^\/certificate\//);
    await jobs.click();
    await page.waitForURL(`${site.base}/jobs`);
    await context.close();
  });
});
