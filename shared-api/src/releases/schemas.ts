/**
 * The areas' releases as the release tool and the admins' Releases page see them, and what a browser reports
 * of an area that broke.
 */
import { z } from 'zod';
import { noticeFields, pageQuerySchema, queryParam } from '../schema-blocks';
import { request } from '../messages';

const sharedSchema = z.record(z.string(), z.object({ version: z.string(), range: z.string() }));

export const releaseVersionSchema = z.object({
  version: z.string(),
  releasedAt: z.string(),
  /** Who uploaded it, in words (an admin's e-mail, a token's label). */
  releasedBy: z.string(),
  builtAt: z.string(),
  entry: z.string().meta({ description: "The URL of this version's remoteEntry.js" }),
  server: z.string().nullable(),
  shared: sharedSchema,
  contract: z.object({ package: z.string(), version: z.string() }),
  /** The API operations its code can call (`GET /jobs/:id`). */
  operations: z.array(z.string()),
  files: z.number(),
});
export type ReleaseVersion = z.infer<typeof releaseVersionSchema>;

/** What the rollout rule makes of a rollout now (api/src/releases/regression.ts). */
export const ROLLOUT_JUDGEMENTS = ['collecting', 'clear', 'regression'] as const;

/**
 * A running rollout: its share (and the stages still to come), both versions' browsers since it started and what
 * the rule makes of them, and their page loads and errors.
 */
export const rolloutSchema = z.object({
  version: z.string(),
  percent: z.number(),
  startedAt: z.string(),
  by: z.string(),
  /** The shares still to come, in order (100: promoted to everyone), each after `everySeconds`; [] when none. */
  stages: z.array(z.number()),
  everySeconds: z.number().nullable(),
  /** The browsers on the new version a stage needs before the next. */
  stageBrowsers: z.number().nullable(),
  /** When the current share began. */
  stageStartedAt: z.string(),
  /** Browsers on each version since the rollout began (each counted once, however many pages it loaded). */
  browsers: z.number(),
  activeBrowsers: z.number(),
  /** Collecting: fewer than `neededBrowsers` of either version; clear: no regression so far. */
  judgement: z.enum(ROLLOUT_JUDGEMENTS),
  neededBrowsers: z.number(),
  loads: z.number(),
  errors: z.number(),
  /** Errors per page load (0–1 and more: a page may report several). */
  errorRate: z.number(),
  activeLoads: z.number(),
  activeErrors: z.number(),
  activeErrorRate: z.number(),
  /** The pages the rolled-out version claims (its route patterns). */
  pages: z.array(z.string()).optional(),
});
export type Rollout = z.infer<typeof rolloutSchema>;

/** One version's speed on real phones: the 75th percentile over browsers (each its slowest load), in ms. */
export const versionSpeedSchema = z.object({
  version: z.string(),
  lcp: z.number().nullable(),
  lcpBrowsers: z.number(),
  inp: z.number().nullable(),
  inpBrowsers: z.number(),
});
export type VersionSpeed = z.infer<typeof versionSpeedSchema>;

export const areaReleasesSchema = z.object({
  area: z.string(),
  active: z.string().nullable(),
  /** Who made the active version active (in words), and when. */
  activatedBy: z.string().nullable(),
  activatedAt: z.string().nullable(),
  /** The pages the active version claims: its route patterns (`/courses/:id`, `/admin/*`), no other area's match. */
  pages: z.array(z.string()).optional(),
  rollout: rolloutSchema.nullable(),
  /** The active version's speed, and the rollout's when one runs. */
  speed: z.array(versionSpeedSchema),
  /** The area's last rollout stopped by the rule, when nothing was rolled out or activated since: what it found. */
  stopped: z.object({ at: z.string(), version: z.string(), reason: z.string() }).nullable(),
  versions: z.array(releaseVersionSchema),
});
export type AreaReleases = z.infer<typeof areaReleasesSchema>;

export const releaseActivationSchema = z.object({
  ...noticeFields,
  area: z.string(),
  version: z.string(),
  previous: z.string().nullable(),
});
export type ReleaseActivation = z.infer<typeof releaseActivationSchema>;

export const rolloutAnswerSchema = z.object({
  ...noticeFields,
  area: z.string(),
  version: z.string(),
  percent: z.number(),
  active: z.string(),
});
export type RolloutAnswer = z.infer<typeof rolloutAnswerSchema>;

export const RELEASE_AUDIT_ACTIONS = [
  'upload',
  'activate',
  'rollout',
  'promote',
  'rollback',
  'stop',
  'automatic-rollback',
  'stage',
  'token-create',
  'token-revoke',
  'trial-link',
  'trial-open',
] as const;
export type ReleaseAuditAction = (typeof RELEASE_AUDIT_ACTIONS)[number];

export const releaseAuditEntrySchema = z.object({
  at: z.string(),
  actor: z.string(),
  area: z.string(),
  action: z.enum(RELEASE_AUDIT_ACTIONS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ReleaseAuditEntry = z.infer<typeof releaseAuditEntrySchema>;

/** The audit log's pages, newest first; `area` keeps one area's entries (a name no area has keeps none). */
export const releaseAuditQuerySchema = pageQuerySchema.extend({
  area: queryParam(z.string({ error: request.queryNotText }).trim().max(30, request.searchTooLong)).transform(
    (v) => v || undefined,
  ),
});

export const releaseTokenSchema = z.object({
  id: z.number(),
  area: z.string(),
  label: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ReleaseToken = z.infer<typeof releaseTokenSchema>;

export const newReleaseTokenSchema = z.object({ ...noticeFields, id: z.number(), area: z.string(), token: z.string() });
export type NewReleaseToken = z.infer<typeof newReleaseTokenSchema>;

/** Where in its life an area broke: the federation's load phases, then its own code. */
export const CLIENT_ERROR_PHASES = ['remotes', 'entry', 'init', 'expose', 'render', 'rejection'] as const;
export type ClientErrorPhase = (typeof CLIENT_ERROR_PHASES)[number];

/**
 * What the shell sends (`navigator.sendBeacon`) after a page used its areas: the loads, and what broke. An area
 * is named by its entry's URL (the server knows which version that is) or, before its entry is known, by name.
 * `path` is the page's path template (`/jobs/:id`), never the address itself.
 */
/** A load's ticket for one area, as the page's `Server-Timing` gave it (api/src/releases/load-tickets.ts). */
const ticketSchema = z.string().max(120);

export const clientReportSchema = z
  .object({
    loads: z
      .array(z.object({ entry: z.string().max(300), ticket: ticketSchema }).strict())
      .max(10)
      .default([]),
    errors: z
      .array(
        z
          .object({
            area: z.string().max(30),
            entry: z.string().max(300).optional(),
            ticket: ticketSchema.optional(),
            phase: z.enum(CLIENT_ERROR_PHASES),
            path: z.string().max(200),
            message: z.string().max(500),
            trace: z.string().regex(/^[\w-]{1,64}$/),
          })
          .strict(),
      )
      .max(10)
      .default([]),
    /** The page's speed while an area's page was shown (Web Vitals): LCP and INP in ms, CLS unitless. */
    speed: z
      .array(
        z
          .object({
            entry: z.string().max(300),
            ticket: ticketSchema,
            lcp: z.number().min(0).max(600_000).optional(),
            inp: z.number().min(0).max(600_000).optional(),
            cls: z.number().min(0).max(1_000).optional(),
          })
          .strict(),
      )
      .max(10)
      .default([]),
  })
  .strict();
export type ClientReport = z.input<typeof clientReportSchema>;
