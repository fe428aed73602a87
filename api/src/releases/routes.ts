/**
 * The release API: tokens scoped to one area, the releases of every area, and upload, activate, roll out to a
 * share, promote, roll back and prune, each written to the audit log. A team's `npm run release`
 * (scripts/release.mjs) and the admins' Releases page are its clients.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { codedWith } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import {
  areaReleasesSchema,
  documentedAs,
  messageCodeSchema,
  messageParamsSchema,
  newReleaseTokenSchema,
  releaseActivationSchema,
  releaseAuditEntrySchema,
  releaseAuditQuerySchema,
  releaseTokenSchema,
  requiredTextJson,
  rolloutAnswerSchema,
} from '@btls/shared-api/schemas';
import { REMOTE_AREAS, type RemoteArea } from '@btls/build-config/remotes';
import type { ReleaseManifest } from '@btls/build-config/release';
import type { Deps } from '../deps';
import type { RateLimiter } from '../rate-limit';
import { releaseTokens } from '../db/schema';
import { answers, checkedInHandler, GUARD_ROLES, idParams, jsonDocument, type Api } from '../http/contract';
import { bearerToken } from '../auth';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors';
import { setPageHeaders } from '../http/paging';
import { MAX_RELEASE_FILE_BYTES, MAX_RELEASE_FILES, parseManifest } from './manifest';
import { isRemoteArea, MIN_KEPT_RELEASES, type ReleaseStore, type ReleaseUpload } from './store';
import type { Trials } from './trial';
import type { TrialOrigin } from './trial-origin';
import { hashToken, liveToken, TOKEN_PREFIX } from './releasers';
import { actorName, type Audit } from './audit';
import type { ClientReports } from './client-reports';
import { judge, type RegressionRule } from './regression';
import { rolloutBrowsers, rolloutFigures } from './rollout';

/** A stage's least time and browsers on the new version, unless the rollout says: a quarter of an hour, 50. */
const DEFAULT_STAGE_SECONDS = 15 * 60;
const DEFAULT_STAGE_BROWSERS = 50;

const areaSchema = z.enum(REMOTE_AREAS as [RemoteArea, ...RemoteArea[]]);
const notice = { message: z.string(), code: messageCodeSchema, params: messageParamsSchema.optional() };
const percentSchema = z.number().int().min(1).max(99);
const areaParams = z.object({ area: z.string().max(50) });
const versionText = documentedAs(z.string().trim().min(1).max(100), requiredTextJson(100));

/** Who may release: an admin, or a token of the area (`area` null: any area, for reading). */
type Releaser = { by: string; area: RemoteArea | null };

export function releaseRoutes(
  app: Api,
  { db, auth }: Deps,
  store: ReleaseStore,
  {
    trials,
    trialOrigin,
    uploads,
    reports,
    rule,
  }: {
    trials: Trials;
    trialOrigin: TrialOrigin;
    uploads: RateLimiter;
    /** What browsers reported (each version's speed), and the rule rollouts are judged by. */
    reports: ClientReports;
    rule: RegressionRule;
  },
  audit: Audit,
) {
  /**
   * preValidation: an admin's sign-in or a release token (of the route's area when it names one), never on the
   * trial origin, where a candidate's code may be the one asking.
   */
  const releaser = (scoped: boolean) => {
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
  };
  const anyReleaser = releaser(false);
  const areaReleaser = releaser(true);

  // ------------------------------------------------------------ tokens (admins)

  app.post(
    '/release-tokens',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Create a token that releases one area (shown once).',
        body: z.object({ area: areaSchema, label: z.string().trim().max(100).optional() }).strict(),
        response: answers({ 201: newReleaseTokenSchema }),
      },
    },
    async (request, reply) => {
      const admin = auth.caller(request);
      const { area, label } = request.body;
      const token = `${TOKEN_PREFIX}${area}_${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(releaseTokens)
        .values({ area, label: label || null, tokenHash: hashToken(token), createdById: admin.id })
        .returning();
      await audit.record({ actor: `admin:${admin.id}`, area, action: 'token-create', reason: label || null });
      reply.status(201);
      return { ...codedWith('notice.releaseTokenCreated', { area }), id: row!.id, area, token };
    },
  );

  app.get(
    '/release-tokens',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'The release tokens (never the tokens themselves).',
        response: answers({ 200: z.array(releaseTokenSchema) }),
      },
    },
    async () => {
      const rows = await db.select().from(releaseTokens).orderBy(desc(releaseTokens.id));
      return rows.map((row) => ({
        id: row.id,
        area: row.area as RemoteArea,
        label: row.label,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        revokedAt: row.revokedAt?.toISOString() ?? null,
      }));
    },
  );

  app.delete(
    '/release-tokens/:id',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Revoke a release token.',
        params: idParams('id', texts.release.tokenNotFound),
        response: answers({ 200: z.object(notice) }),
      },
    },
    async (request) => {
      const [row] = await db
        .update(releaseTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(releaseTokens.id, request.params.id), isNull(releaseTokens.revokedAt)))
        .returning();
      if (!row) throw notFound(texts.release.tokenNotFound);
      await audit.record({
        actor: `admin:${auth.caller(request).id}`,
        area: row.area,
        action: 'token-revoke',
        reason: row.label ?? `#${row.id}`,
      });
      return { message: texts.notice.releaseTokenRevoked, code: 'notice.releaseTokenRevoked' as const };
    },
  );

  // ------------------------------------------------------------ releases

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
    async () => {
      const [areas, active] = await Promise.all([store.list(), store.activeReleases()]);
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
                  }
                : null,
            versions: await Promise.all(
              item.versions.map(async (version) => ({ ...version, releasedBy: (await nameOf(version.releasedBy))! })),
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

  app.get(
    '/releases/:area/:version/manifest',
    {
      preValidation: anyReleaser.hook,
      schema: {
        summary:
          "A release's manifest as it was uploaded: its pages, files, and what it was built against and calls, with the shapes of each call's request and answer (what `npm run check-releases` compares an API build with).",
        params: areaParams.extend({ version: z.string().max(100) }),
        response: answers({ 200: jsonDocument }, [404]),
      },
    },
    async (request) =>
      (await store.manifest(request.params.area, request.params.version)) as unknown as Record<string, unknown>,
  );

  app.post(
    '/releases/:area',
    {
      preValidation: areaReleaser.hook,
      schema: {
        summary:
          'Upload a release: a multipart form whose first part, manifest, is its release.json, then one file part per file of the manifest, named by its path (none when its files live on a CDN: manifest.base). Each file is stored as it arrives. An area keeps so many releases and bytes (its oldest go first to make room, never the active one, one rolling out or the newest five: else 413) and uploads so many an hour (429).',
        params: areaParams,
        body: checkedInHandler(
          z.object({ manifest: z.string() }).catchall(z.string().meta({ format: 'binary' })),
          'A multipart form: the manifest, then the files; each is checked against the manifest as it arrives.',
          { files: {}, json: false },
        ),
        response: answers(
          {
            201: z.object({ ...notice, area: areaSchema, version: z.string(), created: z.boolean() }),
            200: z.object({ ...notice, area: areaSchema, version: z.string(), created: z.boolean() }),
          },
          [409, 413, 429],
        ),
      },
    },
    async (request, reply) => {
      const area = request.params.area as RemoteArea;
      if (!request.isMultipart()) throw badRequest(texts.release.manifestMissing);
      const { by } = areaReleaser.who(request);
      let upload: ReleaseUpload | undefined;
      let manifest: ReleaseManifest | undefined;
      try {
        for await (const part of request.parts({
          limits: {
            fileSize: MAX_RELEASE_FILE_BYTES,
            files: MAX_RELEASE_FILES,
            parts: MAX_RELEASE_FILES + 1,
            fieldSize: 1024 * 1024,
          },
        })) {
          if (!manifest) {
            if (part.fieldname !== 'manifest') throw badRequest(texts.release.manifestMissing);
            const text = part.type === 'file' ? (await part.toBuffer()).toString('utf8') : String(part.value);
            const parsed = parseManifest(text);
            if ('problem' in parsed)
              throw badRequest(codedWith('release.manifestInvalid', { problem: parsed.problem }));
            if (parsed.manifest.area !== area)
              throw badRequest(codedWith('release.areaMismatch', { manifestArea: parsed.manifest.area, area }));
            manifest = parsed.manifest;
            // Counted once the manifest is read: a team uploads so many releases an hour (the same again is free).
            upload = await store.startUpload(manifest, by);
            if (!upload.known) await uploads.enforce(area);
            continue;
          }
          if (part.type !== 'file') continue;
          // Each file stored as it arrives: a release is never held in memory.
          if (upload!.known)
            for await (const _ of part.file); // (read and let go: stored before)
          else await upload!.file(part.fieldname, part.file);
        }
        if (!manifest || !upload) throw badRequest(texts.release.manifestMissing);
        const { created } = await upload.finish();
        if (created) await audit.record({ actor: by, area, action: 'upload', to: manifest.version });
        reply.status(created ? 201 : 200);
        const { version } = manifest;
        return { ...codedWith('notice.releaseUploaded', { area, version }), area, version, created };
      } catch (error) {
        await upload?.abort();
        throw error;
      }
    },
  );

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

  app.post(
    '/releases/:area/trial',
    {
      preValidation: areaReleaser.hook,
      schema: {
        summary:
          'A link that tries a candidate in one browser, on the trial origin (two hours; only a release uploaded after the active one; it stops working when its maker could no longer make it or the version is no longer newer). Whoever opens it renders that candidate, in that browser only.',
        params: areaParams,
        body: z.object({ version: versionText }).strict(),
        response: answers(
          {
            200: z.object({
              ...notice,
              area: areaSchema,
              version: z.string(),
              link: z
                .string()
                .meta({ description: 'The address to open: a page of the trial origin (any page takes `?release=`)' }),
              expiresAt: z.string(),
            }),
          },
          [404, 409],
        ),
      },
    },
    async (request) => {
      const area = request.params.area as RemoteArea;
      const { version } = request.body;
      if (!trialOrigin.origin) throw conflict(texts.release.trialsOff);
      if (!(await store.isNewerThanActive(area, version)))
        throw conflict(codedWith('release.trialNotNewer', { version: version.slice(0, 100) }));
      const { ticket, expiresAt } = await trials.make(area, version, areaReleaser.who(request).by);
      return {
        ...codedWith('notice.releaseTrialLink', { area, version }),
        area,
        version,
        link: `${trialOrigin.origin}/?release=${encodeURIComponent(ticket)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

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
      const { current, previous } = request.body.version
        ? { current: (await store.activeReleases()).get(area)?.version ?? null, previous: request.body.version }
        : await store.previousVersion(area);
      const done = await store.activate(area, previous, by, current);
      await audit.record({ actor: by, area, action: 'rollback', from: done.previous, to: previous });
      return { ...codedWith('notice.releaseActivated', { area, version: previous }), ...done };
    },
  );

  app.post(
    '/releases/prune',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: `Delete releases beyond the newest \`keep\` of each area (at least ${MIN_KEPT_RELEASES}; never an active one).`,
        body: z.object({ keep: z.number().int().min(MIN_KEPT_RELEASES).max(1000).optional() }).strict(),
        response: answers({ 200: z.object({ ...notice, count: z.number() }) }),
      },
    },
    async (request) => {
      const count = await store.prune(request.body.keep ?? MIN_KEPT_RELEASES);
      return { ...codedWith('notice.releasesPruned', { count }), count };
    },
  );
}
