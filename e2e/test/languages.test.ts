/**
 * The site in Kinyarwanda, French and English, on a phone. A visitor switches to Kinyarwanda on the
 * home page, signs in as a trainee and sees the dashboard (a date too) in Kinyarwanda, reloads (still
 * Kinyarwanda), signs out, signs in as an employer and switches to French in the panel. On every translated page
 * no English text of the catalogues is left. Server-rendered pages come in the cookie's language (else
 * Accept-Language). Screenshots at 320/390/1280 px go to $BTLS_SCREENSHOTS when it is set.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browser,
  DEMO,
  mustCallApi,
  openPage,
  openSiteMenu,
  settled,
  signIn,
  site,
  takenOver,
  tokenFor,
  useSite,
} from './harness';
import { catalogue, translator } from './catalogues';

useSite();

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = process.env.BTLS_SCREENSHOTS;

/**
 * The English texts of these areas that the page must not show in `locale`: every run of two or more words
 * between placeholders, left out where the translation keeps the same words (a name, 'Menu' in French).
 */
function englishOf(folders: string[], locale: string): string[] {
  const phrases = new Set<string>();
  for (const folder of folders) {
    const english = catalogue(folder, 'en');
    const translated = catalogue(folder, locale);
    for (const [id, text] of english) {
      for (const phrase of text
        .split(/\{\w+\}/)
        .map((part) => part.replace(/^[\s:·(),.!?"'+-]+|[\s:·(),.!?"'+-]+$/g, ''))) {
        if (phrase.split(/\s+/).length < 2 || (translated.get(id) ?? '').includes(phrase)) continue;
        phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}

async function englishLeft(page: Page, folders: string[], locale: string): Promise<string[]> {
  const text = await page.evaluate(
    () =>
      document.body.innerText +
      ' ' +
      Array.from(document.querySelectorAll('[aria-label], [alt], [placeholder]'))
        .map(
          (el) =>
            `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('alt') ?? ''} ${el.getAttribute('placeholder') ?? ''}`,
        )
        .join(' '),
  );
  return englishOf(folders, locale).filter((phrase) => text.includes(phrase));
}

/** What axe finds serious or critical in the page, or in `within` (a selector: an open menu over a dimmed page). */
async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // Blocks that fade in as they scroll into view are read once shown.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await settled(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Element | Document,
        ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const { violations } = await axe.run(selector ? (document.querySelector(selector) ?? document) : document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, within);
}

/** The page at 320, 390 and 1280 px: nothing scrolls sideways (long Kinyarwanda words), and a screenshot. */
async function atEveryWidth(page: Page, name: string) {
  const wide: string[] = [];
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await settled(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) wide.push(`${name} at ${width} px is ${scrollWidth} px wide`);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: width !== 1280 });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}-top.png`) });
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  return wide;
}

const RW_DATE = /\b\d{1,2} (Mut|Gas|Wer|Mat|Gic|Kam|Nya|Kan|Nze|Ukw|Ugu|Uku)\. \d{4}\b/;

describe('the site in three languages', () => {
  it(
    'switches to Kinyarwanda, keeps it through sign-in and a reload, and switches a panel to French',
    { timeout: 180_000 },
    async () => {
      const { page, context, errors } = await openPage(browser, 390);
      // The page's script must have taken the server's HTML over for the switcher to act.
      await page.goto(`${site.base}/`, { waitUntil: 'networkidle' });
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      // The public header's switcher, labelled, each language in its own words.
      await openSiteMenu(page);
      const switcher = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
      await switcher.selectOption('rw');
      await page.waitForSelector('html[lang="rw"]', { state: 'attached' });
      await page
        .getByRole('heading', { level: 1, name: "Amahugurwa y'aba-barista, ibyemezo n'akazi ka kawa i Kigali" })
        .waitFor();
      expect(await page.getByRole('banner').getByRole('combobox', { name: 'Ururimi' }).inputValue()).toBe('rw');
      expect(await page.evaluate(() => localStorage.getItem('btlsLang'))).toBe('rw');
      expect((await context.cookies()).find((c) => c.name === 'btlsLang')?.value).toBe('rw');
      await page.getByRole('heading', { name: 'Amasomo yatoranyijwe' }).waitFor();
      // The menu stays open in the chosen language until the reader closes it.
      await page.keyboard.press('Escape');
      expect(await englishLeft(page, ['shell', 'shared-ui', 'mfe-public'], 'rw')).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      const wide = await atEveryWidth(page, 'home-rw');

      // Sign in as the trainee, in Kinyarwanda.
      await page.getByRole('banner').getByRole('link', { name: 'Injira' }).click();
      await page.getByRole('heading', { level: 1, name: 'Injira' }).waitFor();
      expect(await englishLeft(page, ['shell', 'shared-ui', 'mfe-public'], 'rw')).toEqual([]);
      await page.getByLabel('Imeyili').fill(DEMO.trainee.email);
      await page.getByLabel('Ijambobanga').fill(DEMO.trainee.password);
      await page.getByRole('button', { name: 'Injira' }).click();
      await page.waitForURL(`${site.base}/dashboard`);
      await page.getByRole('heading', { level: 1, name: `Murakaza neza, ${DEMO.trainee.firstName}!` }).waitFor();
      await page.getByRole('heading', { name: "Ubusabe bwanjye bw'amasomo" }).waitFor();
      // A date in Kinyarwanda (Chromium has no rw data: the names are ours), e.g. "Wasabye ku wa 3 Ugu. 2026".
      expect(await page.locator('main').innerText()).toMatch(RW_DATE);
      expect(await englishLeft(page, ['shell', 'shared-ui', 'mfe-trainee'], 'rw')).toEqual([]);

      // A reload keeps the language (the device remembers it).
      await page.reload();
      await page.getByRole('heading', { level: 1, name: `Murakaza neza, ${DEMO.trainee.firstName}!` }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('rw');

      // Sign out, sign in as the employer: still Kinyarwanda; then French from the panel.
      await openSiteMenu(page, 'Menyu');
      await page.getByRole('banner').getByRole('button', { name: 'Sohoka' }).click();
      await page.getByLabel('Imeyili').fill(DEMO.employer.email);
      await page.getByLabel('Ijambobanga').fill(DEMO.employer.password);
      await page.getByRole('button', { name: 'Injira' }).click();
      await page.waitForURL(`${site.base}/employer/dashboard`);
      await page.goto(`${site.base}/employer/dashboard`);
      await page.getByRole('heading', { level: 1, name: /^Murakaza neza, / }).waitFor();
      expect(await englishLeft(page, ['shell', 'shared-ui', 'mfe-employer'], 'rw')).toEqual([]);
      wide.push(...(await atEveryWidth(page, 'panel-rw')));
      // On a phone the panel's switcher is in its header (the menu is closed).
      await page.getByRole('banner').getByRole('combobox', { name: 'Ururimi' }).selectOption('fr');
      await page.waitForSelector('html[lang="fr"]', { state: 'attached' });
      await page.getByRole('heading', { level: 1, name: /^Bienvenue, / }).waitFor();
      await page
        .getByText('Offres d\u2019emploi actives')
        .or(page.getByText("Offres d'emploi actives"))
        .first()
        .waitFor();
      expect(await englishLeft(page, ['shell', 'shared-ui', 'mfe-employer'], 'fr')).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      wide.push(...(await atEveryWidth(page, 'panel-fr')));
      expect(await page.evaluate(() => localStorage.getItem('btlsLang'))).toBe('fr');

      // The home page in French, server-rendered from the cookie.
      await page.goto(`${site.base}/`);
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
      await page
        .getByRole('heading', { level: 1, name: 'Formation de barista, certificats et emplois dans le café à Kigali' })
        .waitFor();
      expect(await englishLeft(page, ['shell', 'shared-ui', 'mfe-public'], 'fr')).toEqual([]);
      wide.push(...(await atEveryWidth(page, 'home-fr')));
      expect(wide).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('leaves the first screen of a phone to the page: a one-line header, its links in the Menu', async () => {
    const problems: string[] = [];
    for (const language of ['en', 'fr', 'rw'] as const) {
      const t = translator(['shell'], language);
      for (const width of [390, 320]) {
        const { page, context } = await openPage(browser, width);
        await context.addCookies([{ name: 'btlsLang', value: language, url: site.base }]);
        await page.goto(`${site.base}/jobs`, { waitUntil: 'networkidle' });
        // (The Menu opens once the page is the browser's: a tap before that is the server's plain button.)
        await takenOver(page);
        const where = `${language} at ${width} px`;
        const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
        if (!heading || heading.y > 200) problems.push(`${where}: the heading of /jobs starts at ${heading?.y} px`);
        const menuButton = page.getByRole('banner').getByRole('button', { name: t('shell.menu'), exact: true });
        await menuButton.click();
        // The keyboard user is in the menu, on its first link; the page's main links are all there.
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t('shell.nav.courses'));
        const links = page.getByRole('navigation', { name: t('shell.nav.main') }).getByRole('link');
        expect(await links.allTextContents(), where).toHaveLength(5);
        expect(await page.getByRole('banner').getByRole('combobox').isVisible(), where).toBe(true);
        for (const violation of await seriousViolations(page, '#site-menu'))
          problems.push(`${where}, menu open: ${violation}`);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) problems.push(`${where}: ${scrollWidth} px wide`);
        if (SHOTS) await page.screenshot({ path: join(SHOTS, `menu-${language}-${width}.png`) });
        // Esc closes it, the focus back on Menu.
        await page.keyboard.press('Escape');
        await links.first().waitFor({ state: 'hidden' });
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
          .toMatch(t('shell.menu'));
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  });

  it("says a course's duration in the reader's language: on the certificate and the course cards", async () => {
    const graduate = { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026' };
    const [certificate] = await mustCallApi(site, '/certificates/user', { token: await tokenFor(site, graduate) });
    const { page, context } = await openPage(browser, 390);
    await signIn(page, site.base, graduate);
    await page.waitForURL(`${site.base}/dashboard`);
    await page.goto(`${site.base}/certificate/${certificate.certificateCode}`);
    await page.getByText('Duration: 1 week').waitFor();
    for (const [language, duration, cards] of [
      // (French puts a no-break space before the colon.)
      ['fr', /^Durée\s:\s1 semaine$/, /\b\d+ semaines\b/],
      ['rw', /\bicyumweru 1$/, /\bibyumweru \d+\b/],
    ] as const) {
      await page.goto(`${site.base}/certificate/${certificate.certificateCode}`, { waitUntil: 'networkidle' });
      // The page must be the browser's (its switcher live) before the reader switches.
      await page.getByRole('article', { name: /./ }).first().waitFor();
      await openSiteMenu(page);
      await page.getByRole('banner').getByRole('combobox').first().selectOption(language);
      await page.waitForSelector(`html[lang="${language}"]`, { state: 'attached' });
      await page.getByText(duration).waitFor();
      await page.goto(`${site.base}/courses`);
      await page.locator('main article').first().waitFor();
      expect(await page.locator('main').innerText()).toMatch(cards);
      expect(await page.locator('main').innerText()).not.toMatch(/\b\d+ weeks?\b/);
    }
    await context.close();
  });

  it("shows the server's notices in the user's language, with the status they name", async () => {
    const lastName = `Uwera${Date.now()}`;
    const registered = await mustCallApi(site, '/auth/register', {
      method: 'POST',
      body: { firstName: 'Clarisse', lastName, email: `${lastName}@example.rw`, password: 'kawa-2026' },
    });
    const [course] = await mustCallApi(site, '/courses');
    await mustCallApi(site, '/enrollments/apply', {
      method: 'POST',
      token: registered.token,
      body: { courseId: course.id },
    });
    const { page, context, errors } = await openPage(browser, 390);
    await signIn(page, site.adminBase, DEMO.admin);
    await page.waitForURL(`${site.adminBase}/admin/dashboard`);
    await page.goto(`${site.adminBase}/admin/enrollments?q=${lastName}`);
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await page.waitForSelector('html[lang="fr"]', { state: 'attached' });
    const fr = translator(['shell', 'shared-ui', 'mfe-admin'], 'fr');
    await page
      .getByRole('button', {
        name: fr('admin.enrollments.actionOf', {
          action: fr('admin.enrollments.action.approve'),
          name: `Clarisse ${lastName}`,
          course: course.title,
        }),
      })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: fr('common.ok') })
      .click();
    const notice = fr('notice.applicationStatusUpdated', { status: fr('status.approved') });
    expect(notice).not.toContain('Approved');
    await page.getByRole('status').filter({ hasText: notice }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it(
    'leaves no English on the translated public pages, in Kinyarwanda and in French',
    { timeout: 120_000 },
    async () => {
      const [course] = (await (await fetch(`${site.base}/api/courses`)).json()) as { id: number }[];
      const [job] = (await (await fetch(`${site.base}/api/jobs`)).json()) as { id: number }[];
      const paths = [
        '/',
        '/courses',
        `/courses/${course!.id}`,
        '/jobs',
        `/jobs/${job!.id}`,
        '/contact',
        '/login',
        '/register',
        '/forgot-password',
        '/employer/register',
        '/no-such-page',
      ];
      const left: string[] = [];
      for (const locale of ['rw', 'fr']) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        await context.addCookies([{ name: 'btlsLang', value: locale, url: site.base }]);
        const page = await context.newPage();
        for (const path of paths) {
          await page.goto(`${site.base}${path}`, { waitUntil: 'networkidle' });
          expect(await page.getAttribute('html', 'lang'), path).toBe(locale);
          for (const phrase of await englishLeft(page, ['shell', 'shared-ui', 'mfe-public'], locale))
            left.push(`${locale} ${path}: ${phrase}`);
        }
        await context.close();
      }
      expect(left).toEqual([]);
    },
  );

  it("renders public pages on the server in the cookie's language, else the browser's, and says so to caches", async () => {
    const get = (headers: Record<string, string>) => fetch(`${site.base}/login`, { headers });
    const french = await get({ cookie: 'btlsLang=fr' });
    const html = await french.text();
    expect(html).toMatch(/<html lang="fr"/);
    expect(html).toContain('Mot de passe oublié\u00a0?');
    expect(french.headers.get('content-language')).toBe('fr');
    expect(french.headers.get('vary')).toMatch(/Cookie/);
    expect(french.headers.get('vary')).toMatch(/Accept-Language/);
    // A first visit follows Accept-Language; the cookie wins over it.
    expect(await (await get({ 'accept-language': 'rw-RW,rw;q=0.9,en;q=0.8' })).text()).toMatch(
      /<html lang="rw"[\s\S]*Wibagiwe ijambobanga\?/,
    );
    expect(await (await get({ 'accept-language': 'fr-FR,fr;q=0.9' })).text()).toMatch(/<html lang="fr"/);
    expect(await (await get({ 'accept-language': 'de-DE', cookie: 'btlsLang=rw' })).text()).toMatch(/<html lang="rw"/);
    expect(await (await get({ 'accept-language': 'sw-KE,de;q=0.8' })).text()).toMatch(
      /<html lang="en"[\s\S]*Forgot password\?/,
    );
  });

  it("follows a first visitor's browser languages, and hydrates a server-rendered page without a mismatch", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/Hydration|Uncompiled message|hydrat/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto(`${site.base}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page.getByRole('link', { name: 'Voir toutes les formations' }).waitFor();
    // The client-rendered signed-in area follows the same choice.
    await page.goto(`${site.base}/dashboard`);
    await page.waitForURL(/\/login/);
    await page.getByRole('heading', { level: 1, name: 'Se connecter' }).waitFor();
    expect(warnings).toEqual([]);
    await context.close();
  });
});
