/**
 * Whether a release runs with the others and on this server: its stored files, the pages it claims beside the
 * other areas' releases, the shell's kernel and shared modules, the contract, and the API's operations and shapes.
 */
import { codedWith } from '@btls/shared-api/codes';
import type { ReleaseManifest } from '@btls/build-config/release';
import { HttpError } from '../../http/errors';
import { contractProblems, sharedProblems } from '../manifest';
import { operationProblems, shapeProblems, unserved } from '../operations';
import { pageProblems, territoryProblems } from '../territory';
import type { ReleaseStoreOptions } from './options';
import { claimingReleases, type ActiveReleases } from './active';
import { manifestOf, type ReleaseFiles } from './files';

export function createCompatibility(
  options: Pick<ReleaseStoreOptions, 'shell' | 'operations' | 'shapes' | 'platformPaths'>,
  { activeReleases }: Pick<ActiveReleases, 'activeReleases'>,
  files: Pick<ReleaseFiles, 'release' | 'fileProblems'>,
) {
  /** Everything that keeps a release from being activated on this server, named. */
  async function problemsOf(manifest: ReleaseManifest): Promise<string[]> {
    return [
      ...(await files.fileProblems(manifest)),
      ...pageProblems(manifest, claimingReleases(await activeReleases()), options.platformPaths()),
      ...sharedProblems(manifest, options.shell()),
      ...contractProblems(manifest),
      ...operationProblems(manifest, options.operations),
      ...shapeProblems(manifest, options.shapes?.()),
    ];
  }

  const refuse = (problems: string[]) => {
    if (problems.length) throw new HttpError(409, codedWith('release.incompatible', { problems: problems.join('; ') }));
  };

  return {
    problemsOf,

    /** Refuses (404, or 409 naming its problems) a version that may not be served to any browser now. */
    async refuseIncompatible(area: string, version: string): Promise<void> {
      refuse(await problemsOf(manifestOf(await files.release(area, version))));
    },

    /**
     * Refuses (409, naming both sides) a release being uploaded whose pages take another area's or the server's
     * own addresses: stored, it could be tried, and activated the moment the other area's claim ends.
     */
    async refuseTakenPages(manifest: ReleaseManifest): Promise<void> {
      refuse(territoryProblems(manifest, claimingReleases(await activeReleases()), options.platformPaths()));
    },

    /** Each operation an active release calls that this API does not serve: `trainer 1.0.0+…: GET /x/:`. */
    async unservedOperations(): Promise<string[]> {
      if (!options.operations) return [];
      const served = options.operations;
      return [...(await activeReleases()).values()].flatMap(({ area, version, manifest }) =>
        unserved(manifest, served).map((operation) => `${area} ${version}: ${operation}`),
      );
    },

    /**
     * Each operation an active (or rolling-out) release calls that this API no longer serves as it was built
     * against, naming the field: `employer 1.0.0+…: GET /jobs/:id: answer.companyName is no longer given (…)`.
     */
    async incompatibleOperations(): Promise<string[]> {
      if (!options.shapes) return [];
      const served = options.shapes();
      return claimingReleases(await activeReleases()).flatMap(({ area, version, manifest }) =>
        shapeProblems(manifest, served).map((problem) => `${area} ${version}: ${problem.replace(/^shapes: /, '')}`),
      );
    },

    /**
     * What keeps an active (or rolling-out) release from running on the shell this server serves (its kernel's
     * names and types, the shared modules' versions), naming the release: a shell build that dropped or changed
     * a kernel name an area uses shows here.
     */
    async shellProblems(): Promise<string[]> {
      const shell = options.shell();
      return claimingReleases(await activeReleases()).flatMap(({ area, version, manifest }) =>
        sharedProblems(manifest, shell).map((problem) => `${area} ${version}: ${problem}`),
      );
    },
  };
}
export type Compatibility = ReturnType<typeof createCompatibility>;
