/**
 * An area's team adds a page and ships it alone: the page is in its own route table and `src/pages.ts`, its
 * release records it, and the site routes it from the active releases — no release of the shell. The public
 * team's page is rendered on the server, in three languages, and in the sitemap; the trainee team's is behind
 * sign-in and kept from search engines. Two areas never serve one address.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContractRecord } from '@btls/build-config/contract-shapes';
import { RELEASE_MANIFEST } from '@btls/build-config/release';
import {
  browser,
  copyOfBuild,
  openPage,
  releasesOf,
  releaseTokenFor,
  ROOT,
  runRelease,
  signIn,
  site,
  takenOver,
  teamCheckout,
  useSite,
  withTexts,
} from './harness';

useSite();

const TRAINEE = { email: 'trainee@btls-demo.rw', password: 'trainee-demo-2026' };

/** The shell's files as the site lists them for phones to keep (its service worker's list). */
const shellFiles = async () =>
  JSON.parse(/^self\.__BTLS_SW=(.*);$/m.exec(await (await fetch(`${site.base}/sw.js`)).text())![1]!).shell as unknown;
const htmlOf = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${site.base}${path}`, { headers });
  return { status: response.status, html: await response.text() };
};

/** A page component of a team's own, with its three texts in each language. */
const NEWS_TEXTS = {
  en: { 'public.news.title': 'News from the centre', 'public.news.lead': 'A new espresso course starts in January.' },
  fr: {
    'public.news.title': 'Nouvelles du centre',
    'public.news.lead': 'Un nouveau cours d’espresso commence en janvier.',
  },
  rw: {
    'public.news.title': 'Amakuru y’ikigo',
    'public.news.lead': 'Isomo rishya rya espresso ritangira muri Mutarama.',
  },
};
const NEWS_PAGE = `import { paths, useI18n } from '@btls/shared-auth';
import { PageHead } from '../../ui/page-head';

export function NewsPage() {
  const i18n = useI18n();
  const title = i18n._({ id: 'public.news.title', message: 'News from the centre' });
  const lead = i18n._({ id: 'public.news.lead', message: 'A new espresso course starts in January.' });
  return (
    <main>
      <PageHead title={title} description={lead} path="/news" />
      <h1>{title}</h1>
      <p>{lead}</p>
      <a href={paths.courses}>Courses</a>
    </main>
  );
}
`;

const NOTES_TEXTS = {
  en: { 'trainee.notes.title': 'My practice notes' },
  fr: { 'trainee.notes.title': 'Mes notes de pratique' },
  rw: { 'trainee.notes.title': 'Inyandiko zanjye z’imyitozo' },
};
const NOTES_PAGE = `import { useI18n } from '@btls/shared-auth';

export function NotesPage() {
  const i18n = useI18n();
  return (
    <main>
      <h1>{i18n._({ id: 'trainee.notes.title', message: 'My practice notes' })}</h1>
    </main>
  );
}
`;

/** Adds the texts of each language to the area's catalogues, as `npm run i18n` and a translator would. */
const addTexts = (
  edit: Parameters<Parameters<typeof teamCheckout>[1]>[0],
  texts: Record<string, Record<string, string>>,
) => {
  for (const [language, added] of Object.entries(texts))
    edit(`src/locales/${language}.po`, (catalogue) => withTexts(catalogue, added));
};

/** A team's journey builds its area in its own checkout first: on a busy two-core machine that alone is a minute. */
const TEAM_BUILD_TIMEOUT = 300_000;

describe('a page an area adds', () => {
  it(
    'is shipped by the public team alone: visible, rendered on the server, in three languages, in the sitemap',
    async () => {
      const before = await htmlOf('/news');
      expect(before.status).toBe(404);
      expect(before.html).toContain('Page not found');
      const shell = await shellFiles();
      const active = (await releasesOf(site, 'public')).active;

      const folder = teamCheckout('public', (edit) => {
        edit('src/features/news/news-page.tsx', () => NEWS_PAGE);
        edit('src/expose.tsx', (source) =>
          source.replace(
            "  page(paths.verify.pattern, 'features/verify/verify-page.tsx', 'VerifyPage'),\n",
            "$&  page('/news', 'features/news/news-page.tsx', 'NewsPage'),\n",
          ),
        );
        edit('src/pages.ts', (source) =>
          source
            .replace('    paths.enroll,\n  ].map(patternOf),', "    paths.enroll,\n    '/news',\n  ].map(patternOf),")
            .replace('    paths.certificateCheck,\n  ],\n};', "    paths.certificateCheck,\n    '/news',\n  ],\n};"),
        );
        addTexts(edit, NEWS_TEXTS);
      });
      const token = await releaseTokenFor(site, 'public');
      const released = await runRelease(site, folder, ['release'], token);
      expect(released.code, released.output).toBe(0);
      const manifest = JSON.parse(readFileSync(join(folder, 'dist', RELEASE_MANIFEST), 'utf8'));
      expect(manifest.pages.patterns).toContain('/news');

      // Rendered on the server, with its own title, in each language the visitor asks for.
      for (const [language, texts] of Object.entries(NEWS_TEXTS)) {
        const page = await htmlOf('/news', { cookie: `btlsLang=${language}` });
        expect(page.status, language).toBe(200);
        expect(page.html).toContain(`<html lang="${language}"`);
        expect(page.html).toMatch(new RegExp(`<h1>${texts['public.news.title']}</h1>`));
        expect(page.html).toContain(`<title>${texts['public.news.title']} · BTLS Coffee</title>`);
      }
      expect(await (await fetch(`${site.base}/sitemap.xml`)).text()).toContain(`${site.base}/news</loc>`);
      // No release of the shell: its files are the same.
      expect(await shellFiles()).toEqual(shell);

      // In a phone's browser: taken over by the area's code, and its links work both ways.
      const { page, context, errors } = await openPage(browser, 390);
      try {
        await page.goto(`${site.base}/news`);
        await page.getByRole('heading', { level: 1, name: 'News from the centre' }).waitFor();
        await takenOver(page);
        await page.getByRole('link', { name: 'Courses', exact: true }).first().click();
        await page.getByRole('heading', { level: 1, name: 'Our Barista Courses' }).waitFor();
        await page.goBack();
        await page.getByRole('heading', { level: 1, name: 'News from the centre' }).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }

      // Rolled back by the team: the page is gone again, from the site and the sitemap.
      const back = await runRelease(site, folder, ['rollback'], token);
      expect(back.code, back.output).toBe(0);
      expect((await releasesOf(site, 'public')).active).toBe(active);
      expect((await htmlOf('/news')).status).toBe(404);
      expect(await (await fetch(`${site.base}/sitemap.xml`)).text()).not.toContain('/news</loc>');
    },
    TEAM_BUILD_TIMEOUT,
  );

  it(
    'is shipped by the trainee team alone: behind sign-in, in three languages, kept from search engines',
    async () => {
      const folder = teamCheckout('trainee', (edit) => {
        edit('src/features/notes/notes-page.tsx', () => NOTES_PAGE);
        edit('src/expose.tsx', (source) =>
          source
            .replace(
              "import { DashboardPage } from './features/dashboard/dashboard-page';",
              "$&\nimport { NotesPage } from './features/notes/notes-page';",
            )
            .replace(
              '  { path: paths.profile, Page: ProfilePage },\n',
              "$&  { path: '/my-notes', Page: NotesPage },\n",
            ),
        );
        edit('src/pages.ts', (source) => source.replace('paths.profile]', "paths.profile, '/my-notes']"));
        addTexts(edit, NOTES_TEXTS);
      });
      const token = await releaseTokenFor(site, 'trainee');
      const active = (await releasesOf(site, 'trainee')).active;
      const released = await runRelease(site, folder, ['release'], token);
      expect(released.code, released.output).toBe(0);

      expect(await (await fetch(`${site.base}/robots.txt`)).text()).toContain('Disallow: /my-notes\n');
      const { page, context, errors } = await openPage(browser, 1280);
      try {
        // A visitor is sent to sign in first.
        await page.goto(`${site.base}/my-notes`);
        await page.waitForURL(`${site.base}/login`);
        await signIn(page, site.base, TRAINEE);
        // Signed in, the trainee is back on the page they asked for.
        await page.waitForURL(`${site.base}/my-notes`);
        await page.getByRole('heading', { level: 1, name: 'My practice notes' }).waitFor();
        // The trainee chooses a language: the page says it at once, from the area's own catalogue.
        for (const [language, texts] of [
          ...Object.entries(NOTES_TEXTS).slice(1),
          ...Object.entries(NOTES_TEXTS).slice(0, 1),
        ]) {
          await page.getByRole('banner').getByRole('combobox').selectOption(language);
          await page.getByRole('heading', { level: 1, name: texts['trainee.notes.title'] }).waitFor();
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }

      const back = await runRelease(site, folder, ['rollback'], token);
      expect(back.code, back.output).toBe(0);
      expect((await releasesOf(site, 'trainee')).active).toBe(active);
    },
    TEAM_BUILD_TIMEOUT,
  );

  it('is not served by two areas: the second release claiming it is refused, naming both', async () => {
    // The employer team's release claims the public team's sign-up page (its manifest edited, as a build would).
    const claim = copyOfBuild('employer', (dist) => {
      const manifest = JSON.parse(readFileSync(join(dist, RELEASE_MANIFEST), 'utf8'));
      manifest.pages.patterns.push('/employer/register');
      writeFileSync(join(dist, RELEASE_MANIFEST), JSON.stringify(manifest));
      writeFileSync(join(dist, 'assets', 'claims-register.js'), 'export {};\n');
    });
    const token = await releaseTokenFor(site, 'employer');
    const active = (await releasesOf(site, 'employer')).active;
    const publicActive = (await releasesOf(site, 'public')).active;
    const refused = await runRelease(site, claim.folder, ['release', '--no-build'], token);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `pages: /employer/register of employer ${claim.version} overlaps /employer/register of public ${publicActive}`,
    );
    expect((await releasesOf(site, 'employer')).active).toBe(active);
  });
});

describe('what a release records of the kernel and the API', () => {
  it("is what the area's kept code uses: the employer's own calls and kernel names, not the contract's whole", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'mfe-employer', 'dist', RELEASE_MANIFEST), 'utf8'));
    expect(manifest.operations).toEqual(
      expect.arrayContaining(['GET /jobs/my-postings', 'GET /users/certified-trainees', 'POST /jobs']),
    );
    // The other panels' lists (one table of them used to keep all seven in every area that showed one).
    for (const other of ['GET /users', 'GET /enrollments', 'GET /contact', 'GET /courses'])
      expect(manifest.operations).not.toContain(other);
    const names = Object.keys(manifest.kernel.uses);
    expect(names).toEqual(expect.arrayContaining(['useQuery', 'useSession', 'Link', 'useI18n']));
    // Re-exported by the contract but used only by the shell or the area's standalone page, or no longer the
    // kernel's at all (the roles are the contract's).
    for (const other of ['BrowserRouter', 'AuthProvider', 'createQueryClient', 'hydrate', 'ROLES', 'Role'])
      expect(names).not.toContain(other);
  });

  it('is compared with an API build before it is deployed: a renamed answer field names the releases that read it', async () => {
    const token = await releaseTokenFor(site, 'employer');
    const employer = (await releasesOf(site, 'employer')).active;
    // The API team renames GET /jobs/:id's companyName and records its contract (npm run contract), then checks.
    const contract = readContractRecord<{ hash: string; answer: { object: Record<string, unknown> } }>(
      join(ROOT, 'shared-api'),
    );
    const job = contract.operations['GET /jobs/:']!;
    job.answer.object.company = job.answer.object.companyName;
    delete job.answer.object.companyName;
    job.hash = 'cccccccccccc';
    const renamed = join(mkdtempSync(join(tmpdir(), 'btls-contract-')), 'contract.json');
    writeFileSync(renamed, JSON.stringify(contract));
    const check = (...args: string[]) =>
      new Promise<{ code: number | null; output: string }>((done) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/check-releases.ts', ...args, site.base], {
          cwd: join(ROOT, 'api'),
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', BTLS_RELEASE_TOKEN: token },
        });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('exit', (code) => done({ code, output }));
      });
    const refused = await check('--contract', renamed);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain(
      `employer ${employer}: GET /jobs/:id: answer.companyName is no longer given (the release reads it)`,
    );
    // This checkout's own API serves every release as it was built.
    const fine = await check();
    expect(fine.code, fine.output).toBe(0);
    expect(fine.output).toContain('serves every operation the active releases');
  });
});
