/**
 * A visitor's public page is its HTML: it loads no app until a first use, a link before that is a page load, and
 * nothing the visitor does meanwhile is lost — what was typed stays, a button pressed or a language chosen is
 * done once the page's script has taken the page over. A signed-in user's page starts its app at once.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browser, DEMO, openPage, openSiteMenu, signedInProfile, site, useSite } from './harness';

useSite();

/** The scripts the page has asked for (the loader is one). */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const isTakenOver = (page: Page) =>
  page
    .getByRole('heading', { level: 1 })
    .evaluate((heading) => Object.keys(heading).some((key) => key.startsWith('__reactFiber')));

describe('a visitor on a phone', () => {
  it('reads the home page, its menu and the next page with the loader as the one script', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    const scripts = scriptsOf(page);
    const documents: string[] = [];
    page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));
    await page.goto(`${site.base}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/after-paint-\w+\.js$/)]);
    // The menu is a popover: it opens without a script.
    await openSiteMenu(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Find Your Barista Career' }).waitFor();
    // A page load of the server's HTML, and still no app.
    expect(documents).toEqual([`${site.base}/`, `${site.base}/jobs`]);
    expect(scripts.filter((path) => !path.includes('after-paint'))).toEqual([]);
    expect(await isTakenOver(page)).toBe(false);
    // The first phrase fades in as the page shows (a CSS animation): read once it has.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what was typed before the form woke, and the form takes it over', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/login`, { waitUntil: 'networkidle' });
    expect(await isTakenOver(page)).toBe(false);
    // Typed at once, as the page's script is still on its way.
    await page.getByLabel('Email').pressSequentially(DEMO.trainee.email);
    await page.getByLabel('Password').pressSequentially(DEMO.trainee.password);
    await expect.poll(() => isTakenOver(page)).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(DEMO.trainee.email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${site.base}/dashboard`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has a button pressed before the take-over pressed again once it is taken over', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/about`, { waitUntil: 'networkidle' });
    const phrases = page.getByRole('button', { name: 'Close the rotating phrases on this device' });
    await phrases.click();
    // One press: the page wakes and the press is done then.
    await phrases.waitFor({ state: 'detached' });
    await expect.poll(() => isTakenOver(page)).toBe(true);
    expect((await context.cookies()).some((cookie) => cookie.name === 'btlsBanner')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has a language chosen before the take-over shown in that language', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/courses`, { waitUntil: 'networkidle' });
    await openSiteMenu(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('rw');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('rw');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).not.toBe('Our Barista Courses');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a signed-in user', () => {
  it("has their page's app started at once, with no use first", async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await signedInProfile(context, DEMO.trainee);
    await page.goto(`${site.base}/jobs`);
    await expect.poll(() => isTakenOver(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
