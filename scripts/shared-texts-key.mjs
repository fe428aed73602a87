// Writes shared-ui/src/shared-texts-key.ts: the name under which a page keeps the shared texts' catalogue, a hash of
// its compiled translations. Every area bundles its own copy of that catalogue; areas built from the same texts
// share the key, so the page downloads the copy once, and an area built with new texts has a new key, so its
// copy is loaded too. Run by `npm run i18n` after the compile; `npm run lint` fails when the key is stale
// (`--check`).
//
//   node scripts/shared-texts-key.mjs [--check]
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES = join(import.meta.dirname, '..', 'shared-ui', 'src', 'locales');
const FILE = join(LOCALES, '..', 'shared-texts-key.ts');

const hash = createHash('sha256');
for (const locale of ['fr', 'rw']) hash.update(readFileSync(join(LOCALES, `${locale}.ts`)));
const expected =
  '// Written by scripts/shared-texts-key.mjs (npm run i18n): a hash of the compiled fr and rw shared texts.\n' +
  `export const SHARED_TEXTS_KEY = 'shared-texts:${hash.digest('hex').slice(0, 16)}';\n`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(FILE, 'utf8');
  } catch {
    // missing: stale
  }
  if (current !== expected) {
    console.error('shared-ui/src/shared-texts-key.ts is not the hash of the shared texts: run npm run i18n');
    process.exit(1);
  }
} else writeFileSync(FILE, expected);
