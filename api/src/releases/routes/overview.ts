/** What admins and teams read of the releases: every area with its versions and rollout, and the audit log. */
import { z } from 'zod';
import { areaReleasesSchema, releaseAuditEntrySchema, releaseAuditQuerySchema } from '@btls/shared-api/schemas';
import { answers, type Api } from '../../http/contract';
import { setPageHeaders } from '../../http/paging';
import { actorName } from '../audit';
import { servedVersions } from '../candidates';
import { judge } from '../regression';
import { rolloutBrowsers, rolloutFigures } from '../rollout';
import type { ReleaseRouteContext } from './common';

export function releaseOverviewRoutes(
  app: Api,
  { deps: { db, auth }, store, audit, reports, rule, anyReleaser }: ReleaseRouteContext,
) {
  app.get(
    '/releases',
    {
      preValidation: anyReleaser.hook,
      schema: {
        summary:
          "Every area with its active version (who made it active, when), its running rollout (its share and stages, both versions' browsers and errors, what the rule makes of them), each version's speed on browsers, the last rollout the rule stopped, and its releases, newest first.",
        response: answers({ 200: z.array(areaReleasesSchema) }),
      },
    },
    async (request) => {
      const [areas, active] = await Promise.all([store.list(), store.activeReleases()]);
      // Another area's token sees the versions browsers were given, not that area's candidates.
      const { area: tokenArea } = anyReleaser.who(request);
      const served = tokenArea ? await servedVersions(db) : undefined;
      const listed = (area: string, version: string) =>
        !served || area === tokenArea || served.has(`${area}@${version}`);
      const names = new Map<string, string>();
      const nameOf = async (by: string | null) => {
        if (by === null) return null;
        if (!names.has(by)) names.set(by, await actorName(db, by));
        return names.get(by)!;
      };
      return Promise.all(
        areas.map(async (item) => {
          const current = active.get(item.area);
          const rollout = current?.rollout;
          const figures = rollout ? await rolloutFigures(store, item.area, current.version, rollout) : undefined;
          const browsers = rollout ? await rolloutBrowsers(db, item.area, current.version, rollout) : undefined;
          const judgement = browsers ? judge(browsers, rule) : undefined;
          return {
            ...item,
            activatedBy: await nameOf(item.activatedBy),
            pages: current?.manifest.pages?.patterns,
            speed: await reports.speedOf(item.area, [
              ...(current ? [current.version] : []),
              ...(rollout ? [rollout.version] : []),
            ]),
            stopped: rollout ? null : await audit.lastStop(item.area),
            rollout:
              rollout && figures && browsers && judgement
                ? {
                    version: rollout.version,
                    percent: rollout.percent,
                    startedAt: rollout.startedAt.toISOString(),
                    by: (await nameOf(rollout.by)) ?? '',
                    stages: rollout.stages?.next ?? [],
                    everySeconds: rollout.stages?.everySeconds ?? null,
                    stageBrowsers: rollout.stages?.browsers ?? null,
                    stageStartedAt: rollout.stageStartedAt.toISOString(),
                    browsers: browsers.browsers,
                    activeBrowsers: browsers.activeBrowsers,
                    judgement: judgement.state,
                    neededBrowsers: rule.minBrowsers,
                    loads: figures.loads,
                    errors: figures.errors,
                    errorRate: figures.rate,
                    activeLoads: figures.activeLoads,
                    activeErrors: figures.activeErrors,
                    activeErrorRate: figures.activeRate,
                    pages: rollout.manifest.pages?.patterns,
                  }
                : null,
            versions: await Promise.all(
              item.versions
                .filter((version) => listed(item.area, version.version))
                .map(async (version) => ({ ...version, releasedBy: (await nameOf(version.releasedBy))! })),
            ),
          };
        }),
      );
    },
  );

  app.get(
    '/releases/audit',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary:
          "A page of what happened to the releases, newest first: uploads, activations, rollouts, promotions, rollbacks (an automatic one with its figures), token changes, and trial links made and opened; `area` keeps one area's.",
        querystring: releaseAuditQuerySchema,
        response: answers({ 200: z.array(releaseAuditEntrySchema) }),
      },
    },
    async (request, reply) => {
      const { total, entries } = await audit.list(request.query);
      setPageHeaders(request, reply, request.query, entries.length, total);
      return entries;
    },
  );
}
