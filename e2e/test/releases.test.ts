/**
 * An area's team releases on its own. The trainer team changes a text and runs `npm run release` in
 * its folder: a signed-in trainer sees it at the next page, with nothing else rebuilt or restarted; `npm run
 * rollback` brings the old text back while the newer version's files stay served. What a release is refused
 * for (another area's token, no token, a shared version the shell does not accept) is said, and nothing changes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASE_MANIFEST } from '@btls/build-config/release';
import {
  browser,
  callApi,
  copyOfBuild,
  openPage,
  releasesOf,
  releaseTokenFor,
  ROOT,
  runRelease,
  signIn,
  site,
  teamCheckout,
  useSite,
  trialTicketIn,
} from './harness';

useSite();

const TRAINER = { email: 'trainer@btls-demo.rw', password: 'trainer-demo-2026' };

/** The trainer team's working copy, with one text of its dashboard changed. */
const trainerCheckout = (from: string, to: string) =>
  teamCheckout('trainer', (edit) =>
    edit('src/features/dashboard-page.tsx', (source) => {
      if (!source.includes(from)) throw new Error(`the trainer dashboard no longer says ${from}`);
      return source.replace(from, to);
    }),
  );

describe('an area released by its team', () => {
  it('reaches a signed-in trainer at the next page; a rollback brings the old text back', async () => {
    const token = await releaseTokenFor(site, 'trainer');
    const before = await releasesOf(site, 'trainer');
    const folder = trainerCheckout("message: 'Latest assignments'", "message: 'Latest assignments this week'");

    const { page, context, errors } = await openPage(browser, 390);
    try {
      await signIn(page, site.base, TRAINER);
      await page.waitForURL(`${site.base}/trainer/dashboard`);
      await page.goto(`${site.base}/trainer/dashboard`);
      await page.getByRole('heading', { level: 2, name: 'Latest assignments', exact: true }).waitFor();

      // Built and uploaded as a candidate: a tester tries it in their own browser, nobody else sees it.
      const candidate = await runRelease(site, folder, ['release', '--candidate'], token);
      expect(candidate.code, candidate.output).toBe(0);
      const version = JSON.parse(readFileSync(join(folder, 'dist', RELEASE_MANIFEST), 'utf8')).version as string;
      const ticket = trialTicketIn(candidate.output);
      expect(decodeURIComponent(ticket)).toMatch(new RegExp(`^trainer@${version.replace(/[.+]/g, '\\$&')}~`));
      // The link opens on the trial origin, where the tester signs in: nothing of the site's session is there.
      expect(candidate.output).toContain(`${site.trialBase}/?release=`);
      const tester = await openPage(browser, 390);
      await signIn(tester.page, site.trialBase, TRAINER);
      await tester.page.waitForURL(`${site.trialBase}/trainer/dashboard`);
      // A plain link naming the candidate tries nothing: only the signed one the release tool printed.
      await tester.page.goto(`${site.trialBase}/trainer/dashboard?release=trainer@${version}`);
      await tester.page.getByRole('heading', { level: 2, name: 'Latest assignments', exact: true }).waitFor();
      await tester.page.goto(`${site.trialBase}/trainer/dashboard?release=${ticket}`);
      await tester.page.getByRole('heading', { level: 2, name: 'Latest assignments this week' }).waitFor();
      const trial = tester.page.getByRole('complementary', { name: 'Release trial' });
      expect(await trial.textContent()).toContain(`Trying trainer@${version} in this browser only.`);
      await page.goto(`${site.base}/trainer/dashboard`);
      await page.getByRole('heading', { level: 2, name: 'Latest assignments', exact: true }).waitFor();
      await trial.getByRole('button', { name: 'Stop trying' }).click();
      await tester.page.getByRole('heading', { level: 2, name: 'Latest assignments', exact: true }).waitFor();
      expect(await trial.count()).toBe(0);
      await tester.context.close();

      // Released: uploaded before, now activated.
      const released = await runRelease(site, folder, ['release', '--no-build'], token);
      expect(released.code, released.output).toBe(0);
      expect(released.output).toContain(`Release trainer@${version} is active.`);

      // GET /api/releases: the new version active, the old one still there.
      const after = await releasesOf(site, 'trainer');
      expect(after.active).toBe(version);
      expect(after.versions.map((item) => item.version)).toEqual(expect.arrayContaining([version, before.active!]));

      // The trainer navigates: the next page load takes the new release.
      await page.goto(`${site.base}/trainer/dashboard`);
      await page.getByRole('heading', { level: 2, name: 'Latest assignments this week' }).waitFor();

      const back = await runRelease(site, folder, ['rollback'], token);
      expect(back.code, back.output).toBe(0);
      expect((await releasesOf(site, 'trainer')).active).toBe(before.active);
      await page.goto(`${site.base}/trainer/dashboard`);
      await page.getByRole('heading', { level: 2, name: 'Latest assignments', exact: true }).waitFor();
      expect(await page.getByText('Latest assignments this week').count()).toBe(0);
      // The newer version's files are still served: a page that loaded it keeps working.
      const entry = await fetch(`${site.base}/remotes/trainer/${version}/remoteEntry.js`);
      expect(entry.status).toBe(200);
      expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("refuses another area's token, no token, and a release the shell cannot run, and says why", async () => {
    const trainerToken = await releaseTokenFor(site, 'trainer');
    const admin = copyOfBuild('admin', (dist) => writeFileSync(join(dist, 'assets', 'extra.js'), 'export {};\n'));
    const before = (await releasesOf(site, 'admin')).active;

    const wrongArea = await runRelease(site, admin.folder, ['release', '--no-build'], trainerToken);
    expect(wrongArea.code).toBe(1);
    expect(wrongArea.output).toContain('403 This release token releases the trainer area, not admin.');

    const noToken = await runRelease(site, admin.folder, ['release', '--no-build'], undefined);
    expect(noToken.code).toBe(1);
    expect(noToken.output).toContain('set BTLS_RELEASE_TOKEN');
    expect((await callApi(site, '/releases')).status).toBe(401);

    // Built against a shared version the shell does not accept: uploaded, but never active.
    const adminToken = await releaseTokenFor(site, 'admin');
    const incompatible = copyOfBuild('admin', (dist) => {
      const manifest = JSON.parse(readFileSync(join(dist, RELEASE_MANIFEST), 'utf8'));
      manifest.shared['react-dom'] = { version: '20.0.0', range: '^20.0.0' };
      writeFileSync(join(dist, RELEASE_MANIFEST), JSON.stringify(manifest));
      writeFileSync(join(dist, 'assets', 'built-against-react-20.js'), 'export {};\n');
    });
    const refused = await runRelease(site, incompatible.folder, ['release', '--no-build'], adminToken);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      '409 This release cannot be activated: shared react-dom: built against 20.0.0, the shell accepts ^19.0.0.',
    );
    expect((await releasesOf(site, 'admin')).active).toBe(before);

    // Built against a newer kernel, whose new export this shell's kernel lacks: refused, named, and the shell
    // must go first; the area keeps its working version.
    const shellKernel = JSON.parse(readFileSync(join(ROOT, 'kernel/package.json'), 'utf8')).version as string;
    const [major, minor] = shellKernel.split('.').map(Number);
    const newer = `${major}.${minor! + 1}.0`;
    const newerKernel = copyOfBuild('admin', (dist) => {
      const manifest = JSON.parse(readFileSync(join(dist, RELEASE_MANIFEST), 'utf8'));
      manifest.kernel = { version: newer, uses: { ...manifest.kernel.uses, useReleaseBanner: '0123456789ab' } };
      writeFileSync(join(dist, RELEASE_MANIFEST), JSON.stringify(manifest));
      writeFileSync(join(dist, 'assets', 'built-against-kernel-1-1.js'), 'export {};\n');
    });
    const waits = await runRelease(site, newerKernel.folder, ['release', '--no-build'], adminToken);
    expect(waits.code).toBe(1);
    expect(waits.output).toContain(
      `409 This release cannot be activated: kernel: the shell does not provide useReleaseBanner (built against kernel ${newer}, the shell has ${shellKernel}): release the shell first.`,
    );
    expect((await releasesOf(site, 'admin')).active).toBe(before);
  });
});
