/**
 * An area ships its feature alone: the employer team adds a contract function (in its copy of the contract
 * module) calling an API operation no area called before, and a page showing its answer (in its own folder),
 * builds and releases the employer area — and the employer sees the page. The shell, whose copy of the contract
 * has no such function, is neither built nor released: its files stay as they were. (With the contract shared
 * by the shell, as it was, the page would have called the shell's copy and found nothing.)
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browser, DEMO, openPage, releaseTokenFor, runRelease, signIn, site, useSite } from './harness';
import { RELEASE_MANIFEST } from '@btls/build-config/release';

useSite();

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The employer team's checkout: a copy of mfe-employer and of the contract module (`@btls/shared-api`), built
 * against this repository's other packages.
 */
function employerCheckout(): { folder: string; contract: string } {
  const folder = join(mkdtempSync(join(tmpdir(), 'btls-alone-')), 'mfe-employer');
  mkdirSync(folder);
  for (const part of ['src', 'index.html'])
    cpSync(join(ROOT, 'mfe-employer', part), join(folder, part), { recursive: true });
  const pkg = JSON.parse(readFileSync(join(ROOT, 'mfe-employer', 'package.json'), 'utf8'));
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ ...pkg, scripts: { build: 'vite build' } }, null, 2));
  writeFileSync(
    join(folder, 'vite.config.ts'),
    `import { remoteViteConfig } from ${JSON.stringify(join(ROOT, 'build-config', 'vite'))};\nexport default remoteViteConfig('employer');\n`,
  );
  // Its installed packages: the repository's, the area's own where npm kept a version of its own (vite), and
  // its own copy of the contract module, which it changes.
  const modules = join(folder, 'node_modules');
  mkdirSync(join(modules, '@btls'), { recursive: true });
  const contract = join(modules, '@btls', 'shared-api');
  // (Its contract.json too: the shapes of the calls, which the area's build records.)
  for (const part of ['src', 'package.json', 'contract.json'])
    cpSync(join(ROOT, 'shared-api', part), join(contract, part), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules', '@btls')))
    if (!existsSync(join(modules, '@btls', name)))
      symlinkSync(join(ROOT, 'node_modules', '@btls', name), join(modules, '@btls', name));
  for (const from of [join(ROOT, 'mfe-employer', 'node_modules'), join(ROOT, 'node_modules')])
    for (const name of readdirSync(from))
      if (!existsSync(join(modules, name))) symlinkSync(join(from, name), join(modules, name));
  return { folder, contract };
}

describe('an area ships its feature alone', () => {
  it('a new page calling an operation no area called before: released in mfe-employer only, seen by the employer', async () => {
    const { folder, contract } = employerCheckout();
    // The contract function, in the contract module (one the shell's copy has not): the operation named as every
    // call names it.
    writeFileSync(
      join(contract, 'src', 'issuer.ts'),
      `import { queryOptions } from '@btls/kernel';
import { call } from './client';

/** Who signs the certificates the employer reads: the issuer's DID document. */
export const issuerQuery = () =>
  queryOptions({
    queryKey: ['issuer'],
    queryFn: () =>
      call<{ id: string }>({
        operation: 'GET /issuer',
        path: 'issuer',
        auth: { bearer: 'none' },
        fallback: () => 'Could not load who signs the certificates.',
      }),
  });
`,
    );
    writeFileSync(
      join(contract, 'src', 'index.ts'),
      `${readFileSync(join(contract, 'src', 'index.ts'), 'utf8')}export * from './issuer';\n`,
    );
    writeFileSync(
      join(folder, 'src', 'features', 'issuer-page.tsx'),
      `import { issuerQuery, useQuery } from '@btls/shared-api';

export function IssuerPage() {
  const issuer = useQuery(issuerQuery());
  return (
    <section>
      <h1>Who signs our certificates</h1>
      {issuer.data && <p>Signed by {issuer.data.id}</p>}
    </section>
  );
}
`,
    );
    const expose = join(folder, 'src', 'expose.tsx');
    const source = readFileSync(expose, 'utf8');
    expect(source).toContain('<Route path="*" element={<Navigate to={paths.employer.dashboard} replace />} />');
    writeFileSync(
      expose,
      `import { IssuerPage } from './features/issuer-page';\n${source.replace(
        '<Route path="*" element={<Navigate to={paths.employer.dashboard} replace />} />',
        '<Route path="employer/issuer" element={<IssuerPage />} />\n                <Route path="*" element={<Navigate to={paths.employer.dashboard} replace />} />',
      )}`,
    );

    const shellFiles = ['index.html', 'shared.json'].map((file) => join(ROOT, 'shell', 'dist', file));
    const shellBefore = shellFiles.map((file) => statSync(file).mtimeMs);

    const released = await runRelease(site, folder, ['release'], await releaseTokenFor(site, 'employer'));
    expect(released.code, released.output).toBe(0);
    const manifest = JSON.parse(readFileSync(join(folder, 'dist', RELEASE_MANIFEST), 'utf8'));
    expect(manifest.operations).toContain('GET /issuer');

    const issuer = (await (await fetch(`${site.base}/api/issuer`)).json()) as { id: string };
    const { page, context, errors } = await openPage(browser, 390);
    try {
      await signIn(page, site.base, DEMO.employer);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${site.base}/employer/issuer`);
      await page.getByRole('heading', { level: 1, name: 'Who signs our certificates' }).waitFor();
      await page.getByText(`Signed by ${issuer.id}`).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    // No shell build, no shell release.
    expect(shellFiles.map((file) => statSync(file).mtimeMs)).toEqual(shellBefore);
  }, 240_000);
});
