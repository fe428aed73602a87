/**
 * What the release API's routes share: who may release (an admin, or a token of the area), the schemas of an
 * area and a version, and what the routes are given.
 */
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { codedWith } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { documentedAs, messageCodeSchema, messageParamsSchema, requiredTextJson } from '@btls/shared-api/schemas';
import { REMOTE_AREAS, type RemoteArea } from '@btls/build-config/remotes';
import type { Deps } from '../../deps';
import type { RateLimiter } from '../../rate-limit';
import { releaseTokens } from '../../db/schema';
import { GUARD_ROLES } from '../../http/contract';
import { bearerToken } from '../../auth';
import { forbidden, notFound, unauthorized } from '../../http/errors';
import { isRemoteArea, type ReleaseStore } from '../store';
import type { Trials } from '../trial';
import type { TrialOrigin } from '../trial-origin';
import { liveToken, TOKEN_PREFIX } from '../releasers';
import type { Audit } from '../audit';
import type { ClientReports } from '../client-reports';
import type { RegressionRule } from '../regression';

export const areaSchema = z.enum(REMOTE_AREAS as [RemoteArea, ...RemoteArea[]]);
export const notice = { message: z.string(), code: messageCodeSchema, params: messageParamsSchema.optional() };
export const percentSchema = z.number().int().min(1).max(99);
export const areaParams = z.object({ area: z.string().max(50) });
export const versionText = documentedAs(z.string().trim().min(1).max(100), requiredTextJson(100));

/** Who may release: an admin, or a token of the area (`area` null: any area, for reading). */
type Releaser = { by: string; area: RemoteArea | null };

/** What the release routes use besides the store and the audit log. */
export interface ReleaseRouteOptions {
  trials: Trials;
  trialOrigin: TrialOrigin;
  uploads: RateLimiter;
  /** What browsers reported (each version's speed), and the rule rollouts are judged by. */
  reports: ClientReports;
  rule: RegressionRule;
}

/** What each group of release routes is given. */
export interface ReleaseRouteContext extends ReleaseRouteOptions {
  deps: Deps;
  store: ReleaseStore;
  audit: Audit;
  /** An admin, or a release token of any area (reading). */
  anyReleaser: ReleaserGuard;
  /** An admin, or a release token of the route's area. */
  areaReleaser: ReleaserGuard;
}

export type ReleaserGuard = ReturnType<typeof releaserGuard>;

/**
 * preValidation: an admin's sign-in or a release token (of the route's area when it names one), never on the
 * trial origin, where a candidate's code may be the one asking.
 */
export function releaserGuard({ db, auth }: Deps, scoped: boolean) {
  const seen = new WeakMap<FastifyRequest, Releaser>();
  const hook = async (request: FastifyRequest) => {
    if (auth.inTrial(request)) throw forbidden(texts.release.notInTrial);
    const token = bearerToken(request);
    if (!token) throw unauthorized(texts.release.tokenMissing);
    const area = scoped ? ((request.params as { area?: string }).area ?? '') : null;
    if (area !== null && !isRemoteArea(area))
      throw notFound(codedWith('release.unknownArea', { area: area.slice(0, 50) }));
    if (!token.startsWith(TOKEN_PREFIX)) {
      const admin = await auth.require(request, ['admin']);
      return void seen.set(request, { by: `admin:${admin.id}`, area: null });
    }
    const row = await liveToken(db, token);
    if (!row) throw unauthorized(texts.release.tokenInvalid);
    if (area !== null && row.area !== area)
      throw forbidden(codedWith('release.wrongArea', { tokenArea: row.area, area }));
    await db.update(releaseTokens).set({ lastUsedAt: new Date() }).where(eq(releaseTokens.id, row.id));
    seen.set(request, { by: `token:${row.id}`, area: row.area as RemoteArea });
  };
  return {
    hook: Object.assign(hook, { [GUARD_ROLES]: ['admin', `release token${scoped ? ' of the area' : ''}`] }),
    who: (request: FastifyRequest) => seen.get(request)!,
  };
}
