/**
 * Where the areas' releases live: in the database, so every instance serves every release and agrees
 * on the active one (PGlite under the data directory by default; PostgreSQL with DATABASE_URL). A release is
 * immutable: a version is stored once, with its manifest and the bytes of its files (unless they live on
 * another origin). Activation is compare-and-set under the area's row lock, after the release's checks.
 *
 * The store is made of its parts (store/): which release each area serves (active.ts), a release's files
 * (files.ts), whether it runs with the others and this server (compatibility.ts), and its life: stored
 * (uploads.ts), made active or rolled back (activation.ts), rolled out to a share (rollouts.ts), deleted
 * (quota.ts); the last three take turns on the area's row (area-row.ts).
 */
import { createFileStorage } from './file-storage';
import { createActiveReleases } from './store/active';
import { createActivation } from './store/activation';
import { createCompatibility } from './store/compatibility';
import { createReleaseFiles } from './store/files';
import { createQuota, DEFAULT_QUOTA } from './store/quota';
import { createRollouts } from './store/rollouts';
import type { ReleaseStoreOptions } from './store/options';
import { createUploads, type ReleaseUpload } from './store/uploads';
import { createCompressedCopies } from './compressed';
import type { ReleaseManifest } from '@btls/build-config/release';

export {
  ACTIVE_TTL_MS,
  areaRouteOf,
  claimingReleases,
  isRemoteArea,
  type ActiveRelease,
  type Baseline,
  type Rollout,
  type StagePlan,
} from './store/active';
export { baseOf, releaseFolder } from './store/files';
export { DEFAULT_QUOTA, MIN_KEPT_RELEASES, type ReleaseQuota } from './store/quota';
export type { ReleaseUpload } from './store/uploads';

export type { ReleaseStoreOptions } from './store/options';

export function createReleaseStore(options: ReleaseStoreOptions) {
  const { db } = options;
  const storage = createFileStorage(db);
  const files = createReleaseFiles(db, storage, options.allowedOrigins ?? []);
  const active = createActiveReleases(db, options.clock ?? Date.now, files);
  const compatibility = createCompatibility(options, active, files);
  const quota = createQuota(db, storage, { ...DEFAULT_QUOTA, ...options.quota });
  const uploads = createUploads(db, storage, files, quota);
  const copies = createCompressedCopies(db, storage.read);
  /** A release just stored has its files' compressed copies before it is answered (./compressed.ts). */
  const withCopies = async (manifest: ReleaseManifest, stored: { created: boolean }) => {
    // The release is stored whatever happens to its copies: a failure leaves its files sent as they are until
    // the next start makes the copies it lacks (never a refusal of what was accepted).
    if (stored.created) await copies.release(manifest.area, manifest.version).catch(() => undefined);
    return stored;
  };
  const activation = createActivation(db, active, compatibility, uploads.save, options.audit);
  const rollouts = createRollouts(db, active, compatibility);

  return {
    db,
    activeReleases: active.activeReleases,
    unservedOperations: compatibility.unservedOperations,
    incompatibleOperations: compatibility.incompatibleOperations,
    shellProblems: compatibility.shellProblems,
    origins: active.origins,
    remotesJson: active.remotesJson,
    areasFor: active.areasFor,
    isNewerThanActive: active.isNewerThanActive,
    manifest: files.manifest,
    fileText: files.fileText,
    file: files.file,
    list: files.list,
    async startUpload(...args: Parameters<typeof uploads.startUpload>): Promise<ReleaseUpload> {
      const upload = await uploads.startUpload(...args);
      return { ...upload, finish: async () => withCopies(args[0], await upload.finish()) };
    },
    save: async (...args: Parameters<typeof uploads.save>) => withCopies(args[0], await uploads.save(...args)),
    compressed: copies,
    sweepUploads: uploads.sweepUploads,
    problemsOf: compatibility.problemsOf,
    refuseTakenPages: compatibility.refuseTakenPages,
    activate: activation.activate,
    startRollout: rollouts.startRollout,
    stopRollout: rollouts.stopRollout,
    stepRollout: rollouts.stepRollout,
    countsOf: rollouts.countsOf,
    previousVersion: activation.previousVersion,
    prune: quota.prune,
    adoptLocalBuild: activation.adoptLocalBuild,
  };
}

export type ReleaseStore = ReturnType<typeof createReleaseStore>;
