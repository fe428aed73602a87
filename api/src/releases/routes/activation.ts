/**
 * Which release an area serves: activate one, roll one out to a share of browsers (by hand or in stages),
 * promote or stop the rollout, and roll back.
 */
import type { RemoteArea } from '@btls/build-config/remotes';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { codedWith } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { releaseActivationSchema, rolloutAnswerSchema } from '@btls/shared-api/schemas';
import { answers, type Api } from '../../http/contract';
import { conflict } from '../../http/errors';
import { areaParams, percentSchema, versionText, type ReleaseRouteContext } from './common';

/** A stage's least time and browsers on the new version, unless the rollout says: a quarter of an hour, 50. */
const DEFAULT_STAGE_SECONDS = 15 * 60;
const DEFAULT_STAGE_BROWSERS = 50;

/**
 * Before a release is served to the visitors: an admin's session is asked again when its proof is old (sudo
 * mode); a team's release token is no session and is not asked.
 */
const askedAgain = ({ deps: { auth }, areaReleaser }: ReleaseRouteContext, request: FastifyRequest) => {
  if (areaReleaser.who(request).by.startsWith('admin:')) auth.requireRecentProof(request);
};

export function releaseActivationRoutes(app: Api, context: ReleaseRouteContext) {
  const { store, audit, areaReleaser } = context;
  const activation = z
    .object({
      version: versionText,
      /** The active version the caller saw (null: none): refused when another became active meanwhile. */
      expected: versionText.nullable().optional(),
    })
    .strict();

  app.post(
    '/releases/:area/activate',
    {
      preValidation: areaReleaser.hook,
      schema: {
        summary:
          "Make a release the area's active one, after checking its files, shared versions and API contract (compare-and-set with expected).",
        params: areaParams,
        body: activation,
        response: answers({ 200: releaseActivationSchema }),
      },
    },
    async (request) => {
      const area = request.params.area as RemoteArea;
      const { version, expected } = request.body;
      askedAgain(context, request);
      const { by } = areaReleaser.who(request);
      const done = await store.activate(area, version, by, expected);
      await audit.record({ actor: by, area, action: 'activate', from: done.previous, to: version });
      return { ...codedWith('notice.releaseActivated', { area, version }), ...done };
    },
  );

  app.post(
    '/releases/:area/rollout',
    {
      preValidation: areaReleaser.hook,
      schema: {
        summary:
          "Serve a release to a share of browsers (1–99 %, each browser's bucket sticky), after the activation's checks; again with another percent changes the share (and ends a staged plan). With `stages` (rising shares, the last may be 100: promoted), the first is the share now and each next comes on its own after `every` seconds and `stageBrowsers` browsers on the new version, when the rule finds no regression. The rest keep the active release; the rollout stops on its own when the rule finds the new version worse (more browsers with an error, a poor INP or a poor LCP).",
        params: areaParams,
        body: z
          .object({
            version: versionText,
            percent: percentSchema.optional(),
            stages: z.array(z.number().int().min(1).max(100)).min(1).max(10).optional(),
            every: z
              .number()
              .int()
              .min(1)
              .max(30 * 24 * 3600)
              .optional(),
            stageBrowsers: z.number().int().min(0).max(1_000_000).optional(),
            expected: versionText.nullable().optional(),
          })
          .strict()
          .superRefine((body, context) => {
            const problem =
              (body.percent === undefined) === (body.stages === undefined)
                ? texts.release.rolloutShareOrStages
                : body.stages &&
                    (body.stages.some((at, i) => i > 0 && at <= body.stages![i - 1]!) || body.stages[0]! >= 100)
                  ? texts.release.stagesRising
                  : undefined;
            if (problem) context.addIssue({ code: 'custom', message: problem, path: ['stages'] });
          }),
        response: answers({ 200: rolloutAnswerSchema }),
      },
    },
    async (request) => {
      const area = request.params.area as RemoteArea;
      const { version, stages, expected } = request.body;
      askedAgain(context, request);
      const percent = stages?.[0] ?? request.body.percent!;
      const plan = stages && {
        next: stages.slice(1),
        everySeconds: request.body.every ?? DEFAULT_STAGE_SECONDS,
        browsers: request.body.stageBrowsers ?? DEFAULT_STAGE_BROWSERS,
      };
      const { by } = areaReleaser.who(request);
      const done = await store.startRollout(area, version, percent, by, expected, plan);
      await audit.record({
        actor: by,
        area,
        action: 'rollout',
        from: done.active,
        to: version,
        reason:
          `${percent}% of browsers${done.changed ? ' (share changed)' : ''}` +
          (plan
            ? `; then ${plan.next.map((at) => `${at}%`).join(', ')}, each after ${plan.everySeconds} s and ` +
              `${plan.browsers} browsers on the new version with no regression found`
            : ''),
      });
      return { ...codedWith('notice.releaseRolloutStarted', { area, version, percent }), ...done };
    },
  );

  app.post(
    '/releases/:area/promote',
    {
      preValidation: areaReleaser.hook,
      schema: {
        summary: "Make the running rollout's version the active one for every browser.",
        params: areaParams,
        body: z.object({}).strict().optional(),
        response: answers({ 200: releaseActivationSchema }),
      },
    },
    async (request) => {
      askedAgain(context, request);
      const area = request.params.area as RemoteArea;
      const current = (await store.activeReleases()).get(area);
      if (!current?.rollout) throw conflict(texts.release.noRollout);
      const { by } = areaReleaser.who(request);
      const version = current.rollout.version;
      const done = await store.activate(area, version, by, current.version);
      await audit.record({ actor: by, area, action: 'promote', from: done.previous, to: version });
      return { ...codedWith('notice.releaseActivated', { area, version }), ...done };
    },
  );

  app.delete(
    '/releases/:area/rollout',
    {
      preValidation: areaReleaser.hook,
      schema: {
        summary: 'Stop the running rollout: every browser gets the active release again.',
        params: areaParams,
        response: answers({ 200: releaseActivationSchema }),
      },
    },
    async (request) => {
      const area = request.params.area as RemoteArea;
      const stopped = await store.stopRollout(area);
      if (!stopped) throw conflict(texts.release.noRollout);
      await audit.record({
        actor: areaReleaser.who(request).by,
        area,
        action: 'stop',
        from: stopped.version,
        to: stopped.active,
      });
      return {
        ...codedWith('notice.releaseRolloutStopped', { area, version: stopped.version }),
        area,
        version: stopped.active ?? '',
        previous: stopped.version,
      };
    },
  );
}

export function releaseRollbackRoutes(app: Api, context: ReleaseRouteContext) {
  const { store, audit, areaReleaser } = context;
  app.post(
    '/releases/:area/rollback',
    {
      preValidation: areaReleaser.hook,
      schema: {
        summary:
          'Stop the running rollout when there is one; else make the previous active release (or the given version) active again, after the same checks.',
        params: areaParams,
        body: z.object({ version: versionText.optional() }).strict(),
        response: answers({ 200: releaseActivationSchema }),
      },
    },
    async (request) => {
      const area = request.params.area as RemoteArea;
      const { by } = areaReleaser.who(request);
      if (!request.body.version) {
        // A rollout aborts first: the active release, which everyone else has, stays.
        const stopped = await store.stopRollout(area);
        if (stopped) {
          await audit.record({ actor: by, area, action: 'rollback', from: stopped.version, to: stopped.active });
          return {
            ...codedWith('notice.releaseRolloutStopped', { area, version: stopped.version }),
            area,
            version: stopped.active ?? '',
            previous: stopped.version,
          };
        }
      }
      // Back to the previous release is the way out of trouble and is not delayed; a version named by hand is an
      // activation like any other, and so is undoing a rollback (the "previous" release is then the newer one).
      const { current, previous, forwardAgain } = request.body.version
        ? {
            current: (await store.activeReleases()).get(area)?.version ?? null,
            previous: request.body.version,
            forwardAgain: true,
          }
        : await store.previousVersion(area);
      if (forwardAgain) askedAgain(context, request);
      const done = await store.activate(area, previous, by, current);
      await audit.record({ actor: by, area, action: 'rollback', from: done.previous, to: previous });
      return { ...codedWith('notice.releaseActivated', { area, version: previous }), ...done };
    },
  );
}
