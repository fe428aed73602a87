/**
 * Records the kernel's surface in surface.json with the package's version: `npm run surface -w @btls/kernel`,
 * after changing what the kernel exports and bumping its version by the kind of change (refused otherwise).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  bumpProblem,
  compareSurfaces,
  KERNEL_DIR,
  readRecordedSurface,
  SURFACE_FILE,
} from '../../build-config/kernel-surface';
import { currentSurface } from '../../build-config/kernel-names';

const { version } = JSON.parse(readFileSync(join(KERNEL_DIR, 'package.json'), 'utf8')) as { version: string };
const surface = currentSurface();
let recorded: ReturnType<typeof readRecordedSurface> | null = null;
try {
  recorded = readRecordedSurface();
} catch {
  // The first record.
}
if (recorded) {
  const problem = bumpProblem(compareSurfaces(recorded.exports, surface), recorded.version, version);
  if (problem) {
    console.error(`Not recorded: ${problem} (in kernel/package.json).`);
    process.exit(1);
  }
}
writeFileSync(SURFACE_FILE, `${JSON.stringify({ version, exports: surface }, null, 2)}\n`);
console.log(`Recorded the surface of @btls/kernel ${version}: ${Object.keys(surface).length} names.`);
