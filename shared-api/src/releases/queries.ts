import { queryOptions } from '@btls/kernel';
import { paged } from '../query-helpers';
import { listReleaseAuditPage, listReleaseTokens, listReleases } from './calls';
import { releaseKeys } from './keys';

/** The areas' releases; read again every half minute while shown (a rollout's figures move, or it stops). */
export const releasesQuery = () =>
  queryOptions({ queryKey: releaseKeys.releases, queryFn: listReleases, refetchInterval: 30_000 });
/** The Releases page's audit log, for `usePagedList` (its own source: only the admin area carries it). */
export const releaseAuditPages = /* @__PURE__ */ paged(releaseKeys.releaseAudit, listReleaseAuditPage);
export const releaseTokensQuery = () =>
  queryOptions({ queryKey: releaseKeys.releaseTokens, queryFn: listReleaseTokens });
