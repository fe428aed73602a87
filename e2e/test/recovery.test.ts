/**
 * Account recovery on a fresh site without SMTP: "Forgot password?" → the e-mail's link, read by an
 * admin at /admin/outbox → a new password → sign in; the session that was open before is gone. The link's
 * token is in its fragment: no address the browser asks for, and no line of the server's log, carries it.
 */
import { describe, expect, it } from 'vitest';
import { browser, DEMO, openPage, signIn, site, useSite } from './harness';

useSite();

describe('a trainee who forgot the password', () => {
  // Three browser sessions one after another: generous on a busy machine.
  it(
    'asks for a link, sets a new password from the e-mail, signs in, and the old session is gone',
    { timeout: 240_000 },
    async () => {
      // A session opened earlier (another phone, say).
      const old = await openPage(browser, 390);
      old.context.setDefaultTimeout(60_000);
      await signIn(old.page, site.base, DEMO.trainee);
      await old.page.getByRole('heading', { name: `Welcome, ${DEMO.trainee.firstName}!` }).waitFor();

      const { page, context, errors } = await openPage(browser, 390);
      context.setDefaultTimeout(60_000);
      await page.goto(`${site.base}/login`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(`${site.base}/forgot-password`);
      await page.getByLabel('Email').fill(DEMO.trainee.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page
        .getByText('If an account exists for that e-mail, we have sent a link to reset the password.')
        .waitFor();

      // Without SMTP the e-mail waits in the outbox, where an admin reads it, links and all.
      const admin = await openPage(browser);
      admin.context.setDefaultTimeout(60_000);
      await signIn(admin.page, site.adminBase, DEMO.admin);
      await admin.page.waitForURL(`${site.adminBase}/admin/dashboard`);
      await admin.page.goto(`${site.adminBase}/admin/outbox`);
      const row = admin.page
        .getByRole('row')
        .filter({ hasText: DEMO.trainee.email })
        .filter({ hasText: 'Reset your BTLS password' });
      await row.getByRole('button', { name: 'View E-mail' }).click();
      const link = admin.page.getByRole('link', { name: /\/reset-password#token=/ });
      // Links start with PUBLIC_URL, never with a request's Host header.
      const emailed = new URL((await link.getAttribute('href'))!);
      expect(emailed.origin).toBe(site.base);
      expect(emailed.pathname).toBe('/reset-password');
      expect(emailed.search).toBe('');
      expect(emailed.hash).toMatch(/^#token=[A-Za-z0-9_-]{43}$/);
      const token = emailed.hash.slice('#token='.length);

      // Every address this browser (its pages and its service worker) asks for.
      const asked: string[] = [];
      context.on('request', (request) => asked.push(request.url()));
      await page.goto(emailed.href);
      // The page takes the token out of its address at once, and asks whether the link still works.
      await page.waitForFunction(() => location.hash === '' && location.pathname === '/reset-password');
      await page.getByLabel('New Password').fill('new-kawa-2026');
      await page.getByLabel('Confirm Password').fill('new-kawa-2026');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.waitForURL(`${site.base}/login`);
      await page.getByText('Your password has been reset. Please sign in with your new password.').waitFor();
      await signIn(page, site.base, { email: DEMO.trainee.email, password: 'new-kawa-2026' });
      await page.getByRole('heading', { name: `Welcome, ${DEMO.trainee.firstName}!` }).waitFor();

      // None carried the token; the page checked the link and spent it with requests whose bodies carry it.
      expect(asked.filter((url) => url.includes(token))).toEqual([]);
      expect(asked).toContain(`${site.base}/api/auth/reset-password/check`);
      expect(asked).toContain(`${site.base}/api/auth/reset-password`);

      // The link was single use, also in the form mailed before (the token in the path), which the server sends
      // on to the fragment form: the page says so before a password is typed.
      await page.goto(`${site.base}/reset-password/${token}`);
      await page.waitForFunction(() => location.hash === '' && location.pathname === '/reset-password');
      await page.getByText('This reset link is invalid or has expired.').waitFor();
      await page.getByRole('link', { name: 'Ask for a new reset link' }).waitFor();
      expect(await page.getByLabel('New Password').count()).toBe(0);
      // The server logged the requests, the token in none of them.
      expect(site.output()).toContain('/reset-password/(hidden)');
      expect(site.output()).not.toContain(token);

      // The earlier session is refused at its next call, which signs it out.
      await old.page.reload();
      await old.page.waitForURL(/\/login/);
      expect(await old.page.evaluate(() => localStorage.getItem('btlsToken'))).toBeNull();
      expect(errors).toEqual([]);
    },
  );
});
