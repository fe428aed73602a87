/**
 * The release API: tokens scoped to one area, the releases of every area, and upload, activate, roll out to a
 * share, promote, roll back and prune, each written to the audit log. A team's `npm run release`
 * (scripts/release.mjs) and the admins' Releases page are its clients.
 */
import type { Deps } from '../deps';
import type { Api } from '../http/contract';
import type { ReleaseStore } from './store';
import type { Audit } from './audit';
import { releaserGuard, type ReleaseRouteContext, type ReleaseRouteOptions } from './routes/common';
import { releaseTokenRoutes } from './routes/tokens';
import { releaseOverviewRoutes } from './routes/overview';
import { releasePruneRoutes, releaseUploadRoutes } from './routes/uploads';
import { releaseActivationRoutes, releaseRollbackRoutes } from './routes/activation';
import { releaseTrialRoutes } from './routes/trials';

export function releaseRoutes(app: Api, deps: Deps, store: ReleaseStore, options: ReleaseRouteOptions, audit: Audit) {
  const context: ReleaseRouteContext = {
    ...options,
    deps,
    store,
    audit,
    anyReleaser: releaserGuard(deps, false),
    areaReleaser: releaserGuard(deps, true),
  };
  // In this order: the API's description lists the routes as they were registered.
  for (const routes of [
    releaseTokenRoutes,
    releaseOverviewRoutes,
    releaseUploadRoutes,
    releaseActivationRoutes,
    releaseTrialRoutes,
    releaseRollbackRoutes,
    releasePruneRoutes,
  ])
    routes(app, context);
}
