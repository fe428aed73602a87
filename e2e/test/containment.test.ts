/**
 * What a team's code reaches in browsers, tried as a team with its own token would: a candidate opened by an admin
 * runs on the trial origin, where the admin's sign-in is not (nor can be made), and a session signed in there
 * makes no release token; a version rolled out to a share of browsers renders in processes of its own, so the other visitors'
 * pages never carry what its server part does, during the rollout or after it is stopped.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  browser,
  copyOfBuild,
  DEMO,
  drawnBrowser,
  mustCallApi,
  openPage,
  releaseTokenFor,
  runRelease,
  signIn,
  site,
  tokenFor,
  trialTicketIn,
  useSite,
} from './harness';

useSite();

/** What the candidate found, written by its own code into the page (so the journey knows it ran). */
async function candidateFound(page: import('playwright-core').Page): Promise<Record<string, string>> {
  const handle = await page.waitForFunction(() => document.documentElement.getAttribute('data-candidate'));
  return JSON.parse(String(await handle.jsonValue())) as Record<string, string>;
}

describe('a candidate tried by an admin', () => {
  it('finds no admin session on the trial origin, and the trial session it finds there makes no release token', async () => {
    // The public team's candidate: on every load its browser code looks for a sign-in to use, and uses it.
    const probe = `
;(async () => {
  const found = {};
  const token = localStorage.getItem('btlsToken');
  found.token = token ? 'found' : 'none';
  if (token) {
    const made = await fetch('/api/release-tokens', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
      body: JSON.stringify({ area: 'admin', label: 'taken by a candidate' }),
    });
    found.made = String(made.status);
  }
  try {
    found.site = String((await fetch(${JSON.stringify(site.base)} + '/api/release-tokens', { credentials: 'include' })).status);
  } catch {
    found.site = 'unreachable';
  }
  document.documentElement.setAttribute('data-candidate', JSON.stringify(found));
})();
`;
    const candidate = copyOfBuild('public', (dist) =>
      writeFileSync(join(dist, 'remoteEntry.js'), `${readFileSync(join(dist, 'remoteEntry.js'), 'utf8')}\n${probe}`),
    );
    const token = await releaseTokenFor(site, 'public');
    const uploaded = await runRelease(site, candidate.folder, ['release', '--no-build', '--candidate'], token);
    expect(uploaded.code, uploaded.output).toBe(0);
    const link = `${site.trialBase}/?release=${trialTicketIn(uploaded.output)}`;
    expect(uploaded.output).toContain(link);

    const { page, context, errors } = await openPage(browser, 390);
    try {
      // The admin is signed in on the console, and opens the team's link in the same browser.
      await signIn(page, site.adminBase, DEMO.admin);
      await page.waitForURL(`${site.adminBase}/admin/dashboard`);
      expect(await page.evaluate(() => localStorage.getItem('btlsToken'))).toBeTruthy();
      await page.goto(link);
      expect(await candidateFound(page)).toEqual({ token: 'none', site: 'unreachable' });
      await page.getByRole('complementary', { name: 'Release trial' }).waitFor();

      // The admin cannot sign in there (the form says why, in the site's words): no admin session is ever made
      // where a candidate runs.
      await signIn(page, site.trialBase, DEMO.admin);
      await page.getByText(/^Refused in a trial: a candidate release may be running on the trial site/).waitFor();
      await page.goto(`${site.trialBase}/`);
      expect(await candidateFound(page)).toEqual({ token: 'none', site: 'unreachable' });

      // A trainer signs in there (a trial session): the candidate finds it, and makes no release token with it.
      await signIn(page, site.trialBase, DEMO.trainer);
      await page.waitForURL(`${site.trialBase}/trainer/dashboard`);
      await page.goto(`${site.trialBase}/`);
      expect(await candidateFound(page)).toEqual({ token: 'found', made: '403', site: 'unreachable' });
    } finally {
      await context.close();
    }
    expect(errors.filter((error) => !/403|Content Security Policy|Failed to fetch/.test(error))).toEqual([]);

    // Nothing was made; the link's making and its opening are in the audit log.
    const admin = await tokenFor(site, DEMO.admin);
    const tokens = (await mustCallApi(site, '/release-tokens', { token: admin })) as { label: string | null }[];
    expect(tokens.map((item) => item.label)).not.toContain('taken by a candidate');
    const log = (await mustCallApi(site, '/releases/audit?area=public', { token: admin })) as {
      action: string;
      to: string;
    }[];
    expect(log.filter((entry) => entry.to === candidate.version).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['trial-link', 'trial-open']),
    );
  });
});

describe('a version rolled out to a share of browsers', () => {
  it("never reaches another visitor's page, rendered or kept, and nothing of it stays once it is stopped", async () => {
    // The public team's rollout: its server part changes what every page rendered in its process says.
    const mark = '<!--rolled-out-server-part-->';
    const rollout = copyOfBuild('public', (dist) => {
      const file = join(dist, 'server', 'render.cjs');
      const patch = `const toString = Buffer.prototype.toString;
Buffer.prototype.toString = function (...args) { return toString.apply(this, args) + ${JSON.stringify(mark)}; };
`;
      writeFileSync(file, `${patch}${readFileSync(file, 'utf8')}`);
    });
    const token = await releaseTokenFor(site, 'public');
    const started = await runRelease(site, rollout.folder, ['release', '--no-build', '--percent', '50'], token);
    expect(started.code, started.output).toBe(0);

    // Phones of both halves (their buckets drawn by the server before), each loading public pages it renders.
    const phones = await Promise.all(
      [12, 88].map(async (bucket) => {
        const context = await browser.newContext({ viewport: { width: 390, height: 800 }, serviceWorkers: 'block' });
        await context.addCookies(await drawnBrowser(site.base, (drawn) => (bucket <= 50 ? drawn <= 50 : drawn > 50)));
        return { bucket, context, page: await context.newPage() };
      }),
    );
    const served = async (page: import('playwright-core').Page, path: string) => {
      const answer = await page.goto(`${site.base}${path}`);
      return (await answer!.text()) as string;
    };
    try {
      const [inside, outside] = phones as [(typeof phones)[number], (typeof phones)[number]];
      for (const path of ['/', '/courses', '/jobs', '/about', '/', '/courses']) {
        expect(await served(inside.page, path)).toContain(mark);
        const html = await served(outside.page, path);
        expect(html).toContain('<div id="root"><');
        expect(html, path).not.toContain(mark);
      }
      const stopped = await runRelease(site, rollout.folder, ['rollback'], token);
      expect(stopped.code, stopped.output).toBe(0);
      // Every instance serves the active version within a second: the rollout's phone waits for it, as a user
      // reloading would.
      await expect
        .poll(async () => (await served(inside.page, '/')).includes(mark), { timeout: 10_000, interval: 250 })
        .toBe(false);
      for (const path of ['/', '/courses', '/jobs', '/about'])
        for (const phone of phones)
          expect(await served(phone.page, path), `${phone.bucket} ${path}`).not.toContain(mark);
    } finally {
      await Promise.all(phones.map(({ context }) => context.close()));
    }
  });
});
