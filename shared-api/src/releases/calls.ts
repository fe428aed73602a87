/**
 * The release API as the admins' Releases page calls it: the same calls a team's `npm run release` makes (its
 * areas, rollouts, promotions and rollbacks), the audit log and the release tokens.
 */
import { call, callPage, listQuery, seg, type Page, type PageParams } from '../client';
import { session } from '../auth/texts';
import { releases as texts } from './texts';
import type {
  AreaReleases,
  MessageAnswer,
  NewReleaseToken,
  ReleaseActivation,
  ReleaseAuditEntry,
  ReleaseToken,
} from '../schemas';

const admin = { bearer: 'required', missingToken: session.notLoggedIn } as const;

/** Every area: its active version (who, when), its running rollout with both error rates, its releases. */
export function listReleases(): Promise<AreaReleases[]> {
  return call({ operation: 'GET /releases', path: 'releases', auth: admin, fallback: () => texts.failedReleases });
}

/** A page of what happened to the releases, newest first; `area`: one area's only. */
export function listReleaseAuditPage(params?: PageParams & { area?: string }): Promise<Page<ReleaseAuditEntry>> {
  return callPage({
    operation: 'GET /releases/audit',
    path: 'releases/audit',
    auth: admin,
    searchParams: listQuery(params),
    fallback: () => texts.failedReleases,
  });
}

/** The running rollout's version to every browser. */
export function promoteRollout(area: string): Promise<ReleaseActivation> {
  return call({
    operation: 'POST /releases/:area/promote',
    path: `releases/${seg(area)}/promote`,
    auth: admin,
    json: {},
    fallback: () => texts.failedReleaseChange,
  });
}

/** Stops the running rollout: every browser gets the active release again. */
export function stopRollout(area: string): Promise<ReleaseActivation> {
  return call({
    operation: 'DELETE /releases/:area/rollout',
    path: `releases/${seg(area)}/rollout`,
    auth: admin,
    fallback: () => texts.failedReleaseChange,
  });
}

/** The previous active release again (the area's active one before the current). */
export function rollBackRelease(area: string): Promise<ReleaseActivation> {
  return call({
    operation: 'POST /releases/:area/rollback',
    path: `releases/${seg(area)}/rollback`,
    auth: admin,
    json: {},
    fallback: () => texts.failedReleaseChange,
  });
}

export function listReleaseTokens(): Promise<ReleaseToken[]> {
  return call({
    operation: 'GET /release-tokens',
    path: 'release-tokens',
    auth: admin,
    fallback: () => texts.failedTokens,
  });
}

/** A token that releases one area, shown once in the answer. */
export function createReleaseToken(payload: { area: string; label?: string }): Promise<NewReleaseToken> {
  return call({
    operation: 'POST /release-tokens',
    path: 'release-tokens',
    auth: admin,
    json: payload,
    fallback: () => texts.failedTokens,
  });
}

export function revokeReleaseToken(id: number): Promise<MessageAnswer> {
  return call({
    operation: 'DELETE /release-tokens/:id',
    path: `release-tokens/${seg(id)}`,
    auth: admin,
    fallback: () => texts.failedTokens,
  });
}
