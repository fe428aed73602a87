/**
 * A job application on a 390 px phone whose network comes and goes: what is typed stays while the trainee looks
 * elsewhere; sent without network it says plainly it was not sent yet and waits on the phone, through a reload;
 * when the network returns it arrives once, with its +256 number and the photo of the CV, as the employer sees.
 * Screenshots of the form and the waiting card at 320, 390 and 1280 px in English and Kinyarwanda.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, DEMO, mustCallApi, openPage, signIn, site, tokenFor, useSite } from './harness';

useSite();

const api = (path: string, init: Parameters<typeof mustCallApi>[2] = {}) => mustCallApi(site, path, init);
const SHOTS = process.env.BTLS_SHOTS;

/** A small JPEG as a phone's camera starts one (its signature, then bytes): the photo of a paper CV. */
const photo = {
  name: 'cv-photo.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.alloc(40_000, 7),
  ]),
};

async function postJob(title: string): Promise<number> {
  const employer = await tokenFor(site, DEMO.employer);
  const { job } = await api('/jobs', {
    method: 'POST',
    token: employer,
    body: {
      title,
      companyName: 'Nyamirambo Roasters',
      description: 'Pull shots.',
      location: 'Kigali',
      jobType: 'Full-time',
    },
  });
  return job.id;
}

async function newTrainee(firstName: string) {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.rw`;
  await api('/auth/register', {
    method: 'POST',
    body: { firstName, lastName: 'Nsengiyumva', email, password: 'kawa-2026' },
  });
  return { email, password: 'kawa-2026' };
}

/** Until the service worker controls the page (it then serves the app's files with no network). */
const workerReady = (page: Page) =>
  expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);

describe('a job application on a phone whose network comes and goes', () => {
  it('keeps the draft, says "not sent yet — waiting to send" offline, survives a reload, and arrives once with a +256 number and a photo CV', async () => {
    const jobId = await postJob('Morning Barista');
    const who = await newTrainee('Esperance');
    const { page, context, errors } = await openPage(browser, 390);
    await signIn(page, site.base, who);
    await page.waitForURL(`${site.base}/dashboard`);
    await page.goto(`${site.base}/jobs/${jobId}/apply`);
    await page.getByRole('heading', { level: 1, name: 'Apply: Morning Barista' }).waitFor();
    await workerReady(page);
    // Read once more through the worker, for the reload offline.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Apply: Morning Barista' }).waitFor();

    // The kinds and the limit are said before choosing; the chooser is a large target.
    await page.getByText('PDF, Word or a photo of your CV, up to 5 MB.').waitFor();
    const chooser = page.locator('label', { hasText: 'Choose your CV' });
    const box = (await chooser.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);

    // A draft: typed, then a look at the job, then back: still there.
    await page.getByLabel('Phone number (optional)').fill('+256 772 123 456');
    await page.getByLabel('Cover note (optional)').fill('I open the café at six every day.');
    await page.getByLabel('Choose your CV').setInputFiles(photo);
    await page.getByText(/^Chosen: cv-photo\.jpg \(39 KB\)/).waitFor();
    await page.getByRole('link', { name: 'Back to the job' }).first().click();
    await page.waitForURL(`${site.base}/jobs/${jobId}`);
    await page.goto(`${site.base}/jobs/${jobId}/apply`);
    await page.getByText('Your application as you left it: it has not been sent yet.').waitFor();
    expect(await page.getByLabel('Cover note (optional)').inputValue()).toBe('I open the café at six every day.');
    expect(await page.getByLabel('Phone number (optional)').inputValue()).toBe('+256 772 123 456');
    await page.getByText(/^Chosen: cv-photo\.jpg \(39 KB\)/).waitFor();
    if (SHOTS) await shoot(page, 'form');

    // No network: not sent, and it says so; kept on the phone with the CV.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByRole('heading', { name: 'Not sent yet — waiting to send' }).waitFor();
    await page.getByText(/has not reached the employer\. It is kept on this phone, with your CV/).waitFor();
    await page.getByText('cv-photo.jpg').waitFor();
    if (SHOTS) await shoot(page, 'waiting');

    // Leaving the page (a reload without network) keeps it.
    await page.reload();
    await page.getByRole('heading', { name: 'Not sent yet — waiting to send' }).waitFor();
    const employer = await tokenFor(site, DEMO.employer);
    expect(await api(`/jobs/${jobId}/applications`, { token: employer })).toEqual([]);

    // The network returns: it arrives, once.
    await context.setOffline(false);
    await page.getByRole('heading', { name: /^Applied on .* — New$/ }).waitFor({ timeout: 30_000 });
    const applicants = await api(`/jobs/${jobId}/applications`, { token: employer });
    expect(applicants).toHaveLength(1);
    expect(applicants[0]).toMatchObject({
      phone: '+256 772 123456',
      coverNote: 'I open the café at six every day.',
      hasCv: true,
    });
    const cv = await fetch(`${site.base}/api/job-applications/${applicants[0].id}/cv`, {
      headers: { authorization: `Bearer ${employer}` },
    });
    expect(cv.headers.get('content-type')).toBe('image/jpeg');
    expect(cv.headers.get('content-disposition')).toMatch(/filename="cv-Nsengiyumva-\d+\.jpg"/);
    expect(Buffer.from(await cv.arrayBuffer()).equals(photo.buffer)).toBe(true);
    // Another open of the app sends nothing more: still one.
    await page.goto(`${site.base}/dashboard`);
    await page.getByRole('heading', { name: 'My Job Applications' }).waitFor();
    await page.getByRole('heading', { name: 'Morning Barista' }).waitFor();
    expect(await page.getByText('Not sent yet — waiting to send').count()).toBe(0);
    expect(await api(`/jobs/${jobId}/applications`, { token: employer })).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The page at 320, 390 and 1280 px in English and Kinyarwanda (the same state, another window each). */
async function shoot(page: Page, name: string) {
  const folder = SHOTS!;
  mkdirSync(folder, { recursive: true });
  for (const locale of ['en', 'rw']) {
    await page.context().addCookies([{ name: 'btlsLang', value: locale, url: site.base }]);
    if (locale !== 'en') {
      await page.reload();
      await page.locator('html[lang="rw"]').waitFor();
      await page.locator('#cv, #kept-title').first().waitFor({ state: 'attached' });
    }
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${folder}/${name}-${locale}-${width}.png`, fullPage: true });
    }
  }
  await page.context().addCookies([{ name: 'btlsLang', value: 'en', url: site.base }]);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.reload();
  await page.locator('html[lang="en"]').waitFor();
  await page.locator('#cv, #kept-title').first().waitFor({ state: 'attached' });
}
