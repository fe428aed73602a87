/**
 * A visitor's everyday visit on a phone, in each language: the job board shows results first with its filters
 * behind "Filter", a job opens by a tap anywhere on its card, Apply Now stays at the bottom of the screen while
 * the job is read, and the course list says "Free" and prices in the page's language. 390 px in English, 320 px
 * in French, 390 px in Kinyarwanda.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, openPage, site, takenOver, useSite } from './harness';
import { translator } from './catalogues';

useSite();

/** The page's texts in `locale`, from the catalogues the build compiles. */
const texts = (locale: string) => translator(['mfe-public', 'shared-ui'], locale);

/** Espresso Fundamentals costs 150000 Rwf in the demo data: written the page's language's way. */
const PRICE = { en: /Rwf\s150,000/, fr: /150\s000\sRwf/, rw: /150\.000\sFrw/ };

const VISITS = [
  { locale: 'en', width: 390 },
  { locale: 'fr', width: 320 },
  { locale: 'rw', width: 390 },
] as const;

/** The box of what the locator finds, in the viewport's coordinates. */
async function boxOf(page: Page, selector: Parameters<Page['locator']>[0]) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return box;
}

describe('a visitor on a phone, every day', () => {
  it.for(VISITS)(
    'in $locale at $width px: results first, Filter, a job opened by its card, Apply Now at hand, prices',
    { timeout: 120_000 },
    async ({ locale, width }) => {
      const t = texts(locale);
      const { page, context, errors } = await openPage(browser, width);
      await context.addCookies([{ name: 'btlsLang', value: locale, url: site.base }]);
      const height = page.viewportSize()!.height;

      // The board: the first job is on the first screen, the filters closed behind "Filter".
      await page.goto(`${site.base}/jobs`);
      await page.getByRole('heading', { level: 1, name: t('public.jobs.title') }).waitFor();
      await takenOver(page);
      const firstCard = page.locator('main article').first();
      expect((await firstCard.boundingBox())!.y).toBeLessThan(height);
      expect(await page.getByLabel(t('public.jobs.type'), { exact: true }).isVisible()).toBe(false);
      await page.locator('summary', { hasText: t('public.filters.open') }).click();
      await page.getByLabel(t('public.jobs.type'), { exact: true }).selectOption('Internship');
      await page.locator('summary', { hasText: t('public.filters.openCount', { count: '1' }) }).waitFor();
      await page.waitForURL(/type=Internship/);
      const intern = page.locator('main article', { hasText: 'Coffee Quality Intern' });
      await intern.waitFor();

      // A tap on the card's text, not its title, opens the job: the whole card is the link.
      const text = intern.locator('p').last();
      await text.scrollIntoViewIfNeeded();
      const body = (await text.boundingBox())!;
      await page.mouse.click(body.x + body.width / 2, body.y + body.height / 2);
      await page.waitForURL(/\/jobs\/\d+$/);
      await page.getByRole('heading', { level: 1, name: 'Coffee Quality Intern' }).waitFor();

      // Apply Now is at the bottom of the first screen, and back under the job once it is read.
      const apply = page.getByRole('link', { name: t('public.job.apply'), exact: true });
      const atHand = (await apply.boundingBox())!;
      expect(atHand.y + atHand.height).toBeLessThanOrEqual(height);
      expect(atHand.y).toBeGreaterThan(height - 120);
      expect(atHand.width).toBeGreaterThanOrEqual(width * 0.75);
      await page.locator('#apply-how').scrollIntoViewIfNeeded();
      const placed = (await apply.boundingBox())!;
      expect(placed.y + placed.height).toBeLessThanOrEqual((await boxOf(page, '#apply-how')).y);
      expect(await apply.getAttribute('href')).toMatch(/^\/jobs\/\d+\/apply$/);

      // The courses: a course that costs nothing is Free, a price is written the language's way.
      await page.goto(`${site.base}/courses`);
      await page.getByRole('heading', { level: 1, name: t('public.courses.title') }).waitFor();
      const free = page.locator('main article', { hasText: 'From Bean to Cup' });
      expect(await free.locator('dd').allInnerTexts()).toContain(t('format.free'));
      expect(await page.locator('main article', { hasText: 'Espresso Fundamentals' }).innerText()).toMatch(
        PRICE[locale],
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
