/** What a release store is made with (store.ts puts its parts together). */
import type { ShellShared } from '@btls/build-config/release';
import type { Db } from '../../db/client';
import type { Audit } from '../audit';
import type { RecordedShape } from '../shapes';
import type { ReleaseQuota } from './quota';

export interface ReleaseStoreOptions {
  db: Db;
  /** The time its cache of the active releases expires by (Date.now; tests move it instead of waiting). */
  clock?: () => number;
  /** The shell this server serves: what it provides to the areas (its dist/shared.json). */
  shell: () => ShellShared | undefined;
  /** Origins the operator trusts as a release's base besides public https ones (BTLS_RELEASE_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** The operations this API serves (operations.ts's keys), to check what a release calls against. */
  operations?: ReadonlySet<string>;
  /** The shapes of what they take and answer (shapes.ts), once the API's routes are registered. */
  shapes?: () => Record<string, RecordedShape>;
  /**
   * The addresses this server answers itself (`/metrics`, `/api/*`, the shell's files: territory.ts), which no
   * area's page may take; read when a release is checked, once every route is registered.
   */
  platformPaths: () => readonly string[];
  /** Where this server's own builds, adopted at start, are written down like any release. */
  audit?: Audit;
  /** What one area may keep (DEFAULT_QUOTA when missing): older releases go first to make room. */
  quota?: Partial<ReleaseQuota>;
}
