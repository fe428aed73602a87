/**
 * `npm run lint`'s check of the docs: every relative link and backticked repository path in the repository's
 * Markdown (the README, docs/, each package's README) exists. Prints each broken one and exits with 1.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brokenReferences, describe } from '../build-config/docs-links.ts';

const root = join(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.includes('node_modules/'));
const broken = files.flatMap((file) => brokenReferences(root, file, readFileSync(join(root, file), 'utf8')));
for (const reference of broken) console.error(describe(reference));
if (broken.length) {
  console.error(`${broken.length} reference(s) in the docs name nothing in the repository.`);
  process.exit(1);
}
console.log(`docs: ${files.length} files, every link and path exists`);
