/**
 * The kernel's surface is what every area is built against: it changes only with a version bump of its kind,
 * and surface.json records it (each area's release and the shell's shared.json are checked against it).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bumpProblem, compareSurfaces, KERNEL_DIR, readRecordedSurface } from '../../build-config/kernel-surface';
import { currentSurface, surfaceOf } from '../../build-config/kernel-names';

const version = (JSON.parse(readFileSync(join(KERNEL_DIR, 'package.json'), 'utf8')) as { version: string }).version;

describe("the kernel's surface", () => {
  it('changes only with a version bump of its kind, and is recorded', () => {
    const recorded = readRecordedSurface();
    const change = compareSurfaces(recorded.exports, currentSurface());
    const changed = change.added.length + change.removed.length + change.changed.length > 0;
    if (recorded.version === version)
      expect(
        change,
        `The kernel's surface changed at version ${version}: bump kernel/package.json's version (removed or changed: major; added: minor), then npm run surface -w @btls/kernel`,
      ).toEqual({ added: [], removed: [], changed: [] });
    else {
      expect(bumpProblem(change, recorded.version, version)).toBeNull();
      expect.fail(
        `kernel ${version} is not recorded${changed ? '' : ' (its surface is unchanged)'}: npm run surface -w @btls/kernel`,
      );
    }
  }, 60_000);

  it('asks a major version for a name removed or changed, a minor one for a name added', () => {
    const before = { call: 'a', useSession: 'b' };
    expect(bumpProblem(compareSurfaces(before, { call: 'a' }), '1.2.0', '1.3.0')).toMatch(
      /removed useSession: that needs a major version \(2\.0\.0\)/,
    );
    expect(bumpProblem(compareSurfaces(before, { call: 'z', useSession: 'b' }), '1.2.0', '1.2.1')).toMatch(
      /changed call: that needs a major version/,
    );
    expect(bumpProblem(compareSurfaces(before, { ...before, send: 'c' }), '1.2.0', '1.2.1')).toMatch(
      /added send: that needs a minor version \(1\.3\.0\)/,
    );
    expect(bumpProblem(compareSurfaces(before, { ...before, send: 'c' }), '1.2.0', '1.3.0')).toBeNull();
    expect(bumpProblem(compareSurfaces(before, { call: 'a' }), '1.2.0', '2.0.0')).toBeNull();
    expect(bumpProblem(compareSurfaces(before, before), '1.2.0', '1.2.0')).toBeNull();
  });

  it('reads a type the same whatever order TypeScript met its parts in (an unrelated edit changes no hash)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'btls-surface-'));
    const write = (name: string, text: string) => {
      writeFileSync(join(folder, name), text);
      return join(folder, name);
    };
    const status =
      "export type Status = 'loading' | 'signedOut' | 'signedIn';\n" +
      'export interface Hint { status: Status; role: string }\nexport declare function statusOf(hint: Hint): Status;\n';
    const before = surfaceOf(write('before.ts', status));
    // The same surface, after an edit elsewhere in the module made TypeScript meet 'signedIn' first.
    const after = surfaceOf(
      write('after.ts', `const seen = ['signedIn', 'signedOut'] as const;\nvoid seen;\n${status}`),
    );
    expect(after).toEqual(before);
    // A type with an array's members: TypeScript numbers their well-known symbols by how many it made before.
    const key = 'export type Key = readonly unknown[];\nexport declare function keyOf(name: string): Key;\n';
    const keyBefore = surfaceOf(write('key-before.ts', key));
    const keyAfter = surfaceOf(write('key-after.ts', `export const seen = Symbol('x');\n${key}`));
    expect(keyAfter.Key).toBe(keyBefore.Key);
    // A real change of the union still reads as one.
    const changed = surfaceOf(write('changed.ts', status.replace("'signedIn'", "'signedIn' | 'locked'")));
    expect(compareSurfaces(before, changed).changed.sort()).toEqual(['Hint', 'Status', 'statusOf']);
    // (Five programs of TypeScript's own: seconds each on a busy machine.)
  }, 60_000);
});
