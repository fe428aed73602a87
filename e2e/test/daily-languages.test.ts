/**
 * What the business writes, in the reader's language (docs/product.md §3, content languages), on a 390 px phone: a
 * course written in English and Kinyarwanda shows its Kinyarwanda to a Kinyarwanda reader and its English, marked
 * and noted "Written in English", to a French one, the server's page and the browser's alike; the admin writes a
 * course's Kinyarwanda title on the console and it shows on /courses in Kinyarwanda; a search of the job board in
 * Kinyarwanda words finds the job written in English with a Kinyarwanda translation.
 */
import { describe, expect, it } from 'vitest';
import { translator } from './catalogues';
import { browser, DEMO, mustCallApi, openPage, signIn, site, takenOver, useSite } from './harness';

useSite();

const texts = (locale: string) => translator(['mfe-public', 'shared-ui'], locale);

/** A demo course's id, by its English title (the API answers in English without a reader's language). */
async function courseId(title: string): Promise<number> {
  const courses: { id: number; title: string }[] = await mustCallApi(site, '/courses?lang=en');
  const course = courses.find((c) => c.title === title);
  if (!course) throw new Error(`No demo course "${title}"`);
  return course.id;
}

describe('what the business writes, in the reader’s language, on a phone', () => {
  it(
    'a course in English and Kinyarwanda: Kinyarwanda to a Kinyarwanda reader, English with its note to a French one',
    {
      timeout: 120_000,
    },
    async () => {
      const id = await courseId('Latte Art Masterclass');
      const rwTitle = 'Gushushanya ku ikawa (latte art)';

      // The server's page, before any script: each reader's version, the French one marked and noted.
      const html = (language: string) =>
        fetch(`${site.base}/courses/${id}`, { headers: { Cookie: `btlsLang=${language}` } }).then((r) => r.text());
      expect(await html('rw')).toContain(`<h1>${rwTitle}</h1>`);
      const french = await html('fr');
      expect(french).toContain('<h1 lang="en">Latte Art Masterclass</h1>');
      expect(french).toContain(texts('fr')('writtenIn.en'));
      // The share preview is the page's version.
      expect(await html('rw')).toContain(`<meta property="og:title" content="${rwTitle}`);

      for (const language of ['rw', 'fr'] as const) {
        const t = texts(language);
        const { page, context, errors } = await openPage(browser, 390);
        await context.addCookies([{ name: 'btlsLang', value: language, url: site.base }]);
        await page.goto(`${site.base}/courses`);
        await takenOver(page);
        const card = page.locator('main article', { has: page.locator(`a[href="/courses/${id}"]`) });
        if (language === 'rw') {
          await card.getByRole('heading', { name: rwTitle }).waitFor();
          expect(await card.getByRole('heading', { name: rwTitle }).getAttribute('lang')).toBeNull();
          expect(await card.getByText(t('writtenIn.en')).count()).toBe(0);
        } else {
          const heading = card.getByRole('heading', { name: 'Latte Art Masterclass' });
          await heading.waitFor();
          expect(await heading.getAttribute('lang')).toBe('en');
          expect(await card.getByText(t('writtenIn.en')).isVisible()).toBe(true);
        }
        // The course's own page, taken over by the browser with the same texts (no hydration error).
        await card.getByRole('link').first().click();
        await page.waitForURL(new RegExp(`/courses/${id}$`));
        await page
          .getByRole('heading', { level: 1, name: language === 'rw' ? rwTitle : 'Latte Art Masterclass' })
          .waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(errors).toEqual([]);
        await context.close();
      }
    },
  );

  it(
    'the admin writes a course’s Kinyarwanda title on the console, and /courses shows it in Kinyarwanda',
    {
      timeout: 120_000,
    },
    async () => {
      const id = await courseId('Cupping and Sensory Skills');
      const title = `Gusogongera ikawa ${Date.now()}`;
      const { page, context, errors } = await openPage(browser, 390);
      await signIn(page, site.adminBase, DEMO.admin);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${site.adminBase}/admin/courses/edit/${id}`);
      await page.locator('summary', { hasText: 'Also in Kinyarwanda (optional)' }).click();
      await page.getByLabel('Title (Ikinyarwanda)').fill(title);
      await page.getByRole('button', { name: 'Update Course' }).click();
      // Half a translation: the blank description is named beside its field, and nothing is saved.
      const description = page.getByLabel('Description (Ikinyarwanda)');
      await expect.poll(() => description.getAttribute('aria-invalid')).toBe('true');
      await description.fill('Wige gusogongera ikawa nk’umuhanga.');
      await page.getByRole('button', { name: 'Update Course' }).click();
      await page.waitForURL(/\/admin\/courses(\?|$)/);
      expect(errors).toEqual([]);
      await context.close();

      const visitor = await openPage(browser, 390);
      await visitor.context.addCookies([{ name: 'btlsLang', value: 'rw', url: site.base }]);
      await visitor.page.goto(`${site.base}/courses`);
      await visitor.page.locator('main article').getByRole('heading', { name: title }).waitFor();
      await visitor.context.close();
    },
  );

  it(
    'a search of the job board in Kinyarwanda words finds the job written in English',
    { timeout: 60_000 },
    async () => {
      const { page, context, errors } = await openPage(browser, 390);
      await context.addCookies([{ name: 'btlsLang', value: 'en', url: site.base }]);
      await page.goto(`${site.base}/jobs?q=${encodeURIComponent('umutegura kawa')}`);
      await takenOver(page);
      const found = page.locator('main article');
      await found.first().getByRole('heading', { name: 'Barista', exact: true }).waitFor();
      expect(await found.count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
