import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { brokenReferences } from '../docs-links';

/** A small repository: a root README, docs/, and a package with a README and src/. */
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'docs-links-'));
  mkdirSync(join(root, 'docs'));
  mkdirSync(join(root, 'api/src'), { recursive: true });
  writeFileSync(join(root, 'docs/api.md'), '# API\n');
  writeFileSync(join(root, 'api/src/app.ts'), '');
  writeFileSync(join(root, 'api/README.md'), '# api\n');
});

const targets = (file: string, text: string) => brokenReferences(root, file, text).map((r) => `${r.kind} ${r.target}`);

describe('the docs check', () => {
  it('passes links and paths that exist, from the root and from a package', () => {
    expect(targets('README.md', 'See [the API](docs/api.md#limits) and `api/src/app.ts`, `api/src/`.')).toEqual([]);
    expect(targets('api/README.md', '`src/app.ts`, [docs](../docs/api.md), `../docs/api.md`')).toEqual([]);
    expect(targets('docs/api.md', '[README](../api/README.md); the module `../api/src/app`')).toEqual([]);
  });

  it('fails a broken link and a path that names nothing, with the line', () => {
    const text = 'line one\nSee [limits](limits.md) and `api/src/gone.ts`.\n';
    expect(brokenReferences(root, 'docs/api.md', text)).toEqual([
      { file: 'docs/api.md', line: 2, target: 'limits.md', kind: 'link' },
      { file: 'docs/api.md', line: 2, target: 'api/src/gone.ts', kind: 'path' },
    ]);
  });

  it('fails a path written as a folder that is a file', () => {
    expect(targets('README.md', '`api/src/app.ts/`')).toEqual(['path api/src/app.ts/']);
  });

  it('leaves what is not a repository path: sites, routes, packages, built files, code blocks, new files', () => {
    const text = [
      '[site](https://example.rw/x.md) [mail](mailto:a@b.rw) [here](#top)',
      '`/api/jobs` `@btls/kernel/basics` `a/b` `dist/server/render.cjs` `api/dist/server.js` `mfe-*/src/pages.ts`',
      'A new file, `api/src/reports.ts`, and a new folder: `api/src/reports/`.',
      '```sh',
      'cat docs/missing.md `api/src/missing.ts`',
      '```',
    ].join('\n');
    expect(targets('README.md', text)).toEqual([]);
  });
});
