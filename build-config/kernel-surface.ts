/**
 * The kernel's surface: every name `@btls/kernel` exports, with a short hash of its type as TypeScript sees it.
 * Recorded in `kernel/surface.json` with the kernel's version. A change of the surface needs a version bump of
 * its kind (a name removed or its type changed: major; a name added: minor), checked by the kernel's tests.
 * An area's build records the names it uses (kernel-names.ts reads both with TypeScript); the API refuses an
 * area whose names the active shell's kernel lacks or has changed.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const KERNEL_PACKAGE = '@btls/kernel';
export const KERNEL_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'kernel');
export const SURFACE_FILE = join(KERNEL_DIR, 'surface.json');

/** Name → hash of its type (12 hex digits). */
export type Surface = Record<string, string>;

export interface RecordedSurface {
  version: string;
  exports: Surface;
}

export const readRecordedSurface = (): RecordedSurface =>
  JSON.parse(readFileSync(SURFACE_FILE, 'utf8')) as RecordedSurface;

export interface SurfaceChange {
  added: string[];
  removed: string[];
  changed: string[];
}

export function compareSurfaces(before: Surface, after: Surface): SurfaceChange {
  const names = (s: Surface) => Object.keys(s);
  return {
    added: names(after).filter((name) => !(name in before)),
    removed: names(before).filter((name) => !(name in after)),
    changed: names(after).filter((name) => name in before && before[name] !== after[name]),
  };
}

const parse = (version: string) => version.split(/[.+-]/).slice(0, 3).map(Number) as [number, number, number];

/**
 * Whether going from `before` to `after` is a bump of the kind `change` needs; null when it is, else what is
 * wrong, in words.
 */
export function bumpProblem(change: SurfaceChange, before: string, after: string): string | null {
  const [major0, minor0, patch0] = parse(before);
  const [major1, minor1, patch1] = parse(after);
  const breaking = change.removed.length > 0 || change.changed.length > 0;
  const what = [
    change.removed.length ? `removed ${change.removed.join(', ')}` : '',
    change.changed.length ? `changed ${change.changed.join(', ')}` : '',
    change.added.length ? `added ${change.added.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  if (breaking && major1 <= major0)
    return `the kernel's surface ${what}: that needs a major version (${major0 + 1}.0.0), it is ${after}`;
  if (!breaking && change.added.length && major1 === major0 && minor1 <= minor0)
    return `the kernel's surface ${what}: that needs a minor version (${major0}.${minor0 + 1}.0), it is ${after}`;
  // Compared as numbers (as text, 1.10.0 would come before 1.9.0).
  const later = major1 - major0 || minor1 - minor0 || patch1 - patch0;
  if (!breaking && !change.added.length && later < 0)
    return `the kernel's version went back from ${before} to ${after}`;
  return null;
}
