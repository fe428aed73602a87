/** Visitor journeys through the public area, in a real browser against the production build. */
import { describe, expect, it } from 'vitest';
import { browser, callApi, DEMO, openPage, settled, site, takenOver, tokenFor, useSite } from './harness';

useSite();

const api = (path: string, init: Parameters<typeof callApi>[2] = {}) => callApi(site, path, init);
const tokenOf = (who: { email: string; password: string }) => tokenFor(site, who);

describe('a visitor', () => {
  it('finds a course by search and filter, and opens it', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/`);
    await page.getByRole('link', { name: 'Find Training' }).click();
    await page.waitForURL(`${site.base}/courses`);
    await page.getByLabel('Search courses').fill('latte');
    // On a phone the filters are behind "Filter", the results first.
    await page.locator('summary', { hasText: /^Filter/ }).click();
    await page.getByLabel('Category').selectOption('Latte Art');
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByRole('link', { name: 'Latte Art Masterclass' }).click();
    await page.getByRole('heading', { level: 1, name: 'Latte Art Masterclass' }).waitFor();
    await page.getByText('Provided upon completion').waitFor();
    expect(await page.getByRole('link', { name: 'Enroll Now' }).getAttribute('href')).toMatch(
      /^\/apply-for-course\?courseId=\d+$/,
    );
    await page.getByText('You will sign in or register first.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pages the catalogue with links that work without JavaScript, and in place with it', async () => {
    const admin = await tokenOf(DEMO.admin);
    for (let i = 1; i <= 8; i++) {
      const created = await api('/courses', {
        method: 'POST',
        token: admin,
        body: {
          title: `Cold Brew Workshop ${i}`,
          description: 'Slow coffee.',
          category: 'Brewing Techniques',
          level: 'Beginner',
        },
      });
      expect(created.status).toBe(201);
    }
    const total = Number((await fetch(`${site.base}/api/courses?limit=1`)).headers.get('x-total-count'));
    expect(total).toBeGreaterThan(12);

    // Without JavaScript: the server renders page 2 from the link.
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 700 } });
    const noJs = await plain.newPage();
    await noJs.goto(`${site.base}/courses`);
    expect(await noJs.getByRole('status').textContent()).toBe(`Showing 1–12 of ${total} courses`);
    await noJs.getByRole('navigation', { name: 'Pages of courses' }).getByRole('link', { name: 'Next page' }).click();
    await noJs.waitForURL(`${site.base}/courses?page=2`);
    expect(await noJs.getByRole('status').textContent()).toBe(`Showing 13–${total} of ${total} courses`);
    expect(await noJs.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${site.base}/courses?page=2`);
    // The filter form sends its choices and starts again at page 1 (its "Filter" opens without a script).
    await noJs.locator('summary', { hasText: /^Filter/ }).click();
    await noJs.getByLabel('Category').selectOption('Brewing Techniques');
    await noJs.getByLabel('Search courses').press('Enter');
    await noJs.waitForURL(/category=Brewing/);
    expect(await noJs.getByRole('article').count()).toBeGreaterThanOrEqual(8);
    await plain.close();

    // With JavaScript: the page changes without a new document, and the focus goes to the new count.
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/courses`, { waitUntil: 'networkidle' });
    // Once the page's script has taken it over (until a first use, a link is a page load, as without it).
    await takenOver(page);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(`${site.base}/courses?page=2`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(`Showing 13–${total} of ${total} courses`);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await page.goBack();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(`Showing 1–12 of ${total} courses`);
    // No page is wider than a phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a job and opens it', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${site.base}/jobs`);
    await page.getByRole('heading', { level: 1, name: 'Find Your Barista Career' }).waitFor();
    await page.getByLabel('Job type').selectOption('Internship');
    await page.getByRole('link', { name: 'Coffee Quality Intern' }).click();
    await page.getByRole('heading', { level: 1, name: 'Coffee Quality Intern' }).waitFor();
    await page.getByText('Huye').first().waitFor();
    // Apply Now leads to the application form (a visitor signs in or registers on the way).
    expect(await page.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toMatch(/^\/jobs\/\d+\/apply$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reads the top bar's four phrases as they turn, the page below not moving, and can stop them", async () => {
    for (const language of ['en', 'fr', 'rw']) {
      const { page, context } = await openPage(browser, 320);
      await context.addCookies([{ name: 'btlsLang', value: language, url: site.base }]);
      await page.clock.install();
      await page.goto(`${site.base}/`, { waitUntil: 'networkidle' });
      // They turn once the page's script is there (until then the first stands still).
      await takenOver(page);
      const heading = page.getByRole('heading', { level: 1 });
      const shown = new Set<string>();
      const tops = new Set<number>();
      const phrase = () => page.getByRole('banner').locator('p:visible').first().innerText();
      for (let turn = 0; turn < 4; turn++) {
        const now = await phrase();
        shown.add(now);
        tops.add(Math.round((await heading.boundingBox())!.y));
        await page.clock.runFor(4000);
        // The next phrase shows once the page has drawn it (after the timer, in a task of its own).
        if (turn < 3) await expect.poll(phrase).not.toBe(now);
      }
      expect(shown.size, language).toBe(4);
      expect([...tops], language).toHaveLength(1);
      await context.close();
    }

    // They can be stopped (WCAG 2.2.2), from the keyboard too: the next stop after the skip link.
    const { page, context } = await openPage(browser, 390);
    await page.clock.install();
    await page.goto(`${site.base}/`, { waitUntil: 'networkidle' });
    const phrase = () => page.getByRole('banner').locator('p:visible').first().innerText();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const stopped = await phrase();
    await page.clock.runFor(12_000);
    expect(await phrase()).toBe(stopped);
    await page.getByRole('button', { name: 'Play the rotating phrases' }).click();
    await page.clock.runFor(4000);
    expect(await phrase()).not.toBe(stopped);
    expect(await page.getByRole('button', { name: 'Pause the rotating phrases' }).count()).toBe(1);
    await context.close();
  });

  it('closes the rotating phrases for good on this device: the server leaves them out of the next pages', async () => {
    const { page, context } = await openPage(browser, 390);
    await page.goto(`${site.base}/`);
    // The button is the page's once its script has taken the server's page over.
    await takenOver(page);
    const close = page.getByRole('button', { name: 'Close the rotating phrases on this device' });
    await close.click();
    expect(await page.getByRole('button', { name: 'Pause the rotating phrases' }).count()).toBe(0);
    // The keyboard goes on to the bar, not back to the top of the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('BTLS Coffee');
    // The next page as the server sends it, before any script: without them, so nothing moves the page down.
    const html = await (await page.request.get(`${site.base}/courses`)).text();
    expect(html).not.toContain('Expert Barista Training');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await close.count()).toBe(0);
    const fresh = await (await fetch(`${site.base}/courses`)).text();
    expect(fresh, 'another device still sees them').toContain('Expert Barista Training');
    await context.close();
  });

  it('keeps the featured courses still for a phone that asks for less data (Save-Data: on alone)', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'Save-Data': 'on' },
    });
    // The page's clock, to move it past the slides' turn instead of waiting for it.
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(`${site.base}/`);
    // Even once the page's script has taken the carousel over (until then nothing turns it).
    await takenOver(page);
    await page.getByRole('heading', { name: 'Featured Training Programs' }).scrollIntoViewIfNeeded();
    const carousel = page.locator('.swiper');
    await carousel.locator('.swiper-slide-active').waitFor();
    const shown = () => carousel.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index');
    const first = await shown();
    // Longer than the slides take to turn by themselves.
    await page.clock.runFor(5000);
    expect(await shown()).toBe(first);
    await context.close();
  });

  it('sends a contact message that an admin can then read', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${site.base}/contact`);
    const subject = `Group booking ${Date.now()}`;
    await page.getByLabel('Name').fill('Olivier Habimana');
    await page.getByLabel('Email').fill('olivier@example.rw');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message', { exact: true }).fill('Can you train ten of our staff in March?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you for your message! We will get back to you shortly.').waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe('');
    const inbox = await api('/contact', { token: await tokenOf(DEMO.admin) });
    expect(inbox.body.map((m: { subject: string }) => m.subject)).toContain(subject);
    await context.close();
  });
});

describe('employer HTML on the public job page', () => {
  it('runs no script from a description holding <img onerror> or <script>', async () => {
    const token = await tokenOf(DEMO.employer);
    const posted = await api('/jobs', {
      method: 'POST',
      token,
      body: {
        title: 'Roastery Assistant',
        companyName: 'Kigali Heights Coffee Co.',
        description:
          '<p>Join us<img src="x" onerror="window.__xss = 1"></p><script>window.__xss = 2</script>' +
          '<a href="javascript:window.__xss=3">click</a><svg onload="window.__xss=4"></svg>',
        requirements: 'Careful hands\n<img src=x onerror="window.__xss=5">',
        location: 'Kigali',
        jobType: 'Contract',
      },
    });
    expect(posted.status).toBe(201);
    const { page, context, errors } = await openPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${site.base}/jobs/${posted.body.job.id}`);
    await page.getByRole('heading', { level: 1, name: 'Roastery Assistant' }).waitFor();
    await page.getByText('Join us').waitFor();
    await page.getByText('Careful hands').waitFor();
    const link = page.getByRole('link', { name: 'click' });
    if (await link.count()) await link.click();
    await page.waitForLoadState('load');
    await settled(page);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('main img, main script:not([type="application/ld+json"]), main svg').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
