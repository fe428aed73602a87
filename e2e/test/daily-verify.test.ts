/**
 * Someone holding a printed certificate (or a photo of one) checks it at the address it names, `/verify`, on a
 * 390 px phone: the code typed as they read it, the QR's address pasted, a mistake told beside the field, and the
 * same without JavaScript (the form is a plain GET the server answers).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, mustCallApi, openPage, site, takenOver, tokenFor, useSite } from './harness';

useSite();

const GRADUATE = { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026' };
const LABEL = 'Certificate code or QR code address';
const GENUINE = 'This is a genuine certificate issued by BTLS Coffee Training Centre.';
const NOT_A_CODE =
  'This is not a certificate code. A code is BTLS and 16 letters and digits, for example BTLS-7K3M-Q9XZ-4TPA-R2VD.';

async function graduatesCode(): Promise<string> {
  const [certificate] = await mustCallApi(site, '/certificates/user', { token: await tokenFor(site, GRADUATE) });
  return certificate.certificateCode;
}

/** The message shown beside the field, which describes it. */
const besideTheField = (page: Page) =>
  page.getByLabel(LABEL).evaluate((field) => {
    const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });

describe('checking a certificate by its code', () => {
  it('checks a code typed as it is read, a pasted QR address, and says beside the field what is not a code', async () => {
    const code = await graduatesCode();
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/verify`);
    await takenOver(page);
    await page.getByRole('heading', { level: 1, name: 'Certificate verification' }).waitFor();
    await page.getByText(/The code is printed at the foot of the certificate/).waitFor();

    // Nothing typed, then something that cannot be a code: told beside the field, nothing asked of the server.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/certificates/verify/')) asked.push(request.url());
    });
    await page.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => besideTheField(page)).toMatch(/^Enter the code printed on the certificate/);
    await page.getByLabel(LABEL).fill('BTLS-12');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => besideTheField(page)).toBe(NOT_A_CODE);
    expect(await page.getByLabel(LABEL).getAttribute('aria-invalid')).toBe('true');
    expect(asked).toEqual([]);

    // The code as someone copies it from paper: lower case, spaces for dashes. Checked without a reload.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByLabel(LABEL).fill(code.toLowerCase().replace(/-/g, ' '));
    await page.getByRole('button', { name: 'Check' }).click();
    await page.waitForURL(`${site.base}/verify/${code}`);
    await page.getByText(GENUINE).waitFor();
    await page.getByText('Eric Mugisha').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Below the answer, the box for another: the QR's address pasted into it.
    const another = page.getByRole('form', { name: 'Check another certificate' });
    await another.getByLabel(LABEL).fill(`${site.base}/verify/${code}`);
    await another.getByRole('button', { name: 'Check' }).click();
    await page.getByText(GENUINE).waitFor();

    // A code of the right shape that no certificate has.
    const unknown = 'BTLS-0000-0000-0000-0000';
    await page.getByRole('form', { name: 'Check another certificate' }).getByLabel(LABEL).fill(unknown);
    await page.getByRole('form', { name: 'Check another certificate' }).getByRole('button', { name: 'Check' }).click();
    await page.waitForURL(`${site.base}/verify/${unknown}`);
    await page.getByText(/This is not a valid certificate/).waitFor();
    await page.getByRole('form', { name: 'Check another certificate' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the form is sent as /verify?code=… and the server answers in place', async () => {
    const code = await graduatesCode();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.base}/verify`);
    await page.getByLabel(LABEL).fill(`${site.base}/verify/${code}`);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.waitForURL(/\/verify\?code=/);
    await page.getByText(GENUINE).waitFor();
    await page.getByText('Eric Mugisha').first().waitFor();
    // Its canonical address is the code's own.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/verify/${code}$`));

    // Something that is not a code: the page again, with what was typed and why, beside the field.
    await page.getByRole('form', { name: 'Check another certificate' }).getByLabel(LABEL).fill('hello');
    await page.getByRole('form', { name: 'Check another certificate' }).getByRole('button', { name: 'Check' }).click();
    await page.waitForURL(/\/verify\?code=hello$/);
    expect(await page.getByLabel(LABEL).inputValue()).toBe('hello');
    expect(await besideTheField(page)).toBe(NOT_A_CODE);
    await context.close();
  });
});
