/**
 * Each role straight to its work: on a phone (390 and 320 px), in each language, signing in is one tap and lands
 * on the role's own panel, its heading taking the keyboard; a page the user was on the way to still wins.
 */
import { describe, expect, it } from 'vitest';
import { browser, DEMO, mustCallApi, openPage, site, useSite } from './harness';

useSite();

const WORDS = {
  en: { email: 'Email', password: 'Password', signIn: 'Sign in' },
  fr: { email: 'E-mail', password: 'Mot de passe', signIn: 'Se connecter' },
  rw: { email: 'Imeyili', password: 'Ijambobanga', signIn: 'Injira' },
} as const;
type Language = keyof typeof WORDS;

/** Each role, and where it signs in: the admin on the console, everyone else on the site. */
const PEOPLE = [
  { role: 'admin', who: DEMO.admin, panel: '/admin/dashboard', onConsole: true },
  { role: 'trainer', who: DEMO.trainer, panel: '/trainer/dashboard', onConsole: false },
  { role: 'employer', who: DEMO.employer, panel: '/employer/dashboard', onConsole: false },
  { role: 'trainee', who: DEMO.trainee, panel: '/dashboard', onConsole: false },
] as const;

/**
 * A phone in `language` (the cookie a chosen language leaves), at the sign-in form or on its way to `path`, on
 * `base` (the site's or the console's).
 */
async function phoneAt(path: string, language: Language, width: number, base = site.base) {
  const opened = await openPage(browser, width);
  await opened.context.addCookies([{ name: 'btlsLang', value: language, url: base }]);
  await opened.page.goto(`${base}${path}`);
  return opened;
}

async function signInIn(
  page: Awaited<ReturnType<typeof phoneAt>>['page'],
  language: Language,
  who: { email: string; password: string },
) {
  const words = WORDS[language];
  await page.getByLabel(words.email, { exact: true }).fill(who.email);
  await page.getByLabel(words.password, { exact: true }).fill(who.password);
  // The one tap of the task.
  await page.getByRole('button', { name: words.signIn, exact: true }).click();
}

describe('signing in on a phone', () => {
  for (const [language, width] of [
    ['en', 390],
    ['fr', 320],
    ['rw', 390],
  ] as const) {
    it(`lands each role on its own panel in one tap (${language}, ${width} px)`, async () => {
      for (const { role, who, panel, onConsole } of PEOPLE) {
        const base = onConsole ? site.adminBase : site.base;
        const { page, context, errors } = await phoneAt('/login', language, width, base);
        await signInIn(page, language, who);
        await page.waitForURL(`${base}${panel}`);
        const heading = page.getByRole('heading', { level: 1 }).first();
        await heading.waitFor();
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.tagName), { message: `${role} focus` })
          .toBe('H1');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        expect(errors).toEqual([]);
        await context.close();
      }
    });
  }

  it('goes back to the page the user was on the way to, whatever their role', async () => {
    const [job] = await mustCallApi(site, '/jobs');
    const { page, context } = await phoneAt(`/jobs/${job.id}/apply`, 'en', 390);
    await page.waitForURL(`${site.base}/login`);
    await signInIn(page, 'en', DEMO.trainee);
    await page.waitForURL(`${site.base}/jobs/${job.id}/apply`);
    await page.getByRole('heading', { level: 1, name: `Apply: ${job.title}` }).waitFor();
    await context.close();
  });
});
