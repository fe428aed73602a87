/** The Fastify application: every call of docs/product.md §7 under /api, on the database it is given. */
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { MAX_IMAGE_BYTES } from '@btls/shared-api/constants';
import { account, credentialCheck } from '@btls/shared-api/messages';
import { coded, codedText, codedWith, type CatalogueText, type CodedMessage } from '@btls/shared-api/codes';
import { randomBytes } from 'node:crypto';
import type { CredentialCheck } from '@btls/shared-api/schemas';
import { createAuth } from './auth';
import { currentStatusList } from './credentials/status-list';
import { createWorkerPool } from './workers/pool';
import { registerAfterAnswer } from './http/after-answer';
import { loggerOptions, requestIds } from './http/logging';
import type verifyCredential from './workers/verify-credential';
import { loadIssuer } from './credentials/issuer';
import { isDatabaseBusy, pgErrorCode, type Database, type Db } from './db/client';
import { apiNotFound, HttpError, serviceBusy } from './http/errors';
import { defaultLimits, type Deps, type Lifecycle, type Limits } from './deps';
import { createNotifications } from './mail/notify';
import { oldResetLinks } from './mail/old-reset-links';
import {
  createRateLimiter,
  databaseCounterStore,
  memoryCounterStore,
  redisCounterStore,
  type LimitMessage,
  type RateLimiter,
} from './rate-limit';
import { outboxRoutes } from './routes/outbox';
import { authRoutes } from './routes/auth';
import { sudoRoutes } from './routes/sudo';
import { certificateRoutes } from './routes/certificates';
import { contactRoutes } from './routes/contact';
import { credentialRoutes } from './routes/credentials';
import { courseRoutes } from './routes/courses';
import { enrollmentRoutes } from './routes/enrollments';
import { healthRoutes } from './routes/health';
import { backupRoutes } from './routes/backup';
import { createMetrics, registerMetrics } from './metrics';
import { imageRoutes } from './routes/images';
import { jobApplicationRoutes } from './routes/job-applications';
import { jobRoutes } from './routes/jobs';
import { progressRoutes } from './routes/progress';
import { seoRoutes } from './routes/seo';
import { userRoutes } from './routes/users';
import { registerSecurityHeaders } from './http/security-headers';
import { registerContract, registerDocs } from './http/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerWeb, type WebOptions } from './web';
import { collectOperations, servedShapesOf } from './releases/operations';
import { createReleaseStore, type ReleaseQuota, type ReleaseStore } from './releases/store';
import { collectServedRoutes, platformPathsOf, shellFilesOf } from './releases/territory';
import { createTrials } from './releases/trial';
import { trialOriginOf } from './releases/trial-origin';
import { adminOriginOf } from './http/admin-origin';
import { releaseRoutes } from './releases/routes';
import { createAudit } from './releases/audit';
import { createClientReports, VOTERS_WINDOW_MS } from './releases/client-reports';
import { DEFAULT_REGRESSION_RULE, type RegressionRule } from './releases/regression';
import { createLoadTickets } from './releases/load-tickets';
import { watchRollouts } from './releases/rollout-watch';
import { clientErrorRoutes } from './routes/client-errors';
import { SHELL_SHARED_MANIFEST, type ShellShared } from '@btls/build-config/release';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

type VerifyTask = Parameters<typeof verifyCredential>[0];

export interface AppOptions {
  database: Database;
  jwtSecret: string;
  /** Token lifetime in jose's notation, e.g. '7d'. */
  tokenLifetime?: string;
  limits?: Partial<Limits>;
  /** JSON log lines at this level (to this stream, else standard output); none when missing. */
  logger?: { level: string; stream?: { write(line: string): void } };
  /** Or the process's own logger (server.ts), which its start and shutdown write to as well. */
  loggerInstance?: FastifyBaseLogger;
  /** Proxies whose X-Forwarded-For is believed: a hop count or their addresses/CIDRs (never `true`). */
  trustProxy?: number | string[];
  /** Keep the rate-limit counters in this Redis instead of the database. */
  redisUrl?: string;
  /** The 32-byte seed of the issuer's Ed25519 key; a random one (fine for tests) when missing. */
  issuerKey?: Uint8Array;
  /** Origins the operator trusts for releases whose files live elsewhere, besides public https ones. */
  releaseOrigins?: string[];
  /**
   * When a rollout is stopped on its own (DEFAULT_REGRESSION_RULE when missing), how often it is judged, and the
   * clock its stages are timed by.
   */
  rollback?: Partial<RegressionRule> & { everyMs?: number; now?: () => number };
  /** The site's public address (PUBLIC_URL): written into credentials (issuer url, status list) and e-mail links; https turns on HSTS. */
  publicUrl?: string;
  timeouts?: Partial<Timeouts>;
  /** Set `draining` on it to turn readiness to 503 (server.ts on SIGTERM); a fresh one when missing. */
  lifecycle?: Lifecycle;
  /** GET /metrics answers only with `Authorization: Bearer <this>` when set (BTLS_METRICS_TOKEN). */
  metricsToken?: string;
  /**
   * The origin candidate releases are tried on (TRIAL_URL, or trial.localhost on a developer's machine): another
   * host name served by this server; null: no trials. `http://trial.localhost` when missing.
   */
  trialUrl?: string | null;
  /**
   * The admin console's origin (ADMIN_URL, or admin.localhost on a developer's machine): another host name served
   * by this server, the only one where an admin's session counts. `http://admin.localhost` when missing.
   */
  adminUrl?: string;
  /** How long an admin's password or passkey lets dangerous actions through before it is asked again (10 min). */
  sudoWindowMs?: number;
  /** What one area may keep stored (DEFAULT_QUOTA of releases/store.ts when missing). */
  releaseQuota?: Partial<ReleaseQuota>;
  /** The time the API's in-process caches expire by (Date.now; tests move it forward instead of waiting). */
  clock?: () => number;
  /** Also serve the built front end (shell and remotes) from this repository folder. */
  web?: WebOptions;
}

export interface Timeouts {
  /** The whole request (headers and body) must arrive within this. */
  requestMs: number;
  /** The headers must arrive within this. */
  headersMs: number;
}

const defaultTimeouts: Timeouts = { requestMs: 30_000, headersMs: 10_000 };

export const JSON_BODY_LIMIT = 1_048_576;
/** A genuine credential is checked in about 50 ms; one that takes 100 times that is not checked. */
const CREDENTIAL_CHECK_DEADLINE_MS = 5_000;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = createFastify(options);

  // What this API serves, as the routes are registered: the operations the areas' releases call are checked
  // against it.
  const operations = collectOperations(app);
  // …and what it answers itself, which no area's page may take.
  const served = collectServedRoutes(app);

  // The request's id on its answer, so a person reporting a problem can quote the line to look for.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const metrics = createMetrics(options.database);
  registerMetrics(app, metrics, options.metricsToken);

  const limits = { ...defaultLimits, ...options.limits };
  const store = options.redisUrl ? redisCounterStore(options.redisUrl) : databaseCounterStore(options.database.db);
  app.addHook('onClose', () => store.close());
  const limiter = (name: string, limit: number, message: LimitMessage, windowMs = limits.windowMs) =>
    createRateLimiter(store, name, limit, windowMs, message, () => metrics.rateLimitRefusals.inc({ limit: name }));
  const issuer = await loadIssuer(
    options.issuerKey ?? new Uint8Array(randomBytes(32)),
    options.publicUrl ?? 'http://localhost:8080',
  );
  const checkCredential = credentialChecker(app, options.database.db, issuer);
  const trialOrigin = trialOriginOf(options.trialUrl === undefined ? 'http://trial.localhost' : options.trialUrl);
  const adminOrigin = adminOriginOf(options.adminUrl ?? 'http://admin.localhost');
  const deps: Deps = {
    db: options.database.db,
    database: options.database,
    auth: createAuth({
      db: options.database.db,
      secret: options.jwtSecret,
      expiresIn: options.tokenLifetime ?? '7d',
      trials: trialOrigin,
      console: adminOrigin,
      clock: options.clock,
      sudoWindowMs: options.sudoWindowMs,
    }),
    adminOrigin,
    siteUrl: options.publicUrl ?? 'http://localhost:8080',
    issuer,
    afterAnswer: registerAfterAnswer(app, app.log),
    lifecycle: options.lifecycle ?? { draining: false },
    // (The release store is made below; asked only once the API answers.)
    unservedOperations: () => releaseStore.unservedOperations(),
    incompatibleOperations: () => releaseStore.incompatibleOperations(),
    shellProblems: () => releaseStore.shellProblems(),
    metrics,
    checkCredential,
    notify: createNotifications(options.publicUrl ?? 'http://localhost:8080', adminOrigin.origin),
    // Every limit and the words of its 429, in one place.
    limiters: limitersOf(limiter, limits),
  };

  app.setErrorHandler(answerError);
  app.setNotFoundHandler(apiNotFound);

  // The areas' releases, checked against the shell this server serves.
  const audit = createAudit(options.database.db);
  const releaseStore = createReleaseStore({
    db: options.database.db,
    clock: options.clock,
    audit,
    allowedOrigins: options.releaseOrigins,
    operations,
    shapes: servedShapesOf(app),
    // What this server answers itself, as it is registered: its routes, and the shell's top-level files.
    platformPaths: () =>
      platformPathsOf(served, options.web ? shellFilesOf(join(options.web.root, 'shell', 'dist')) : []),
    quota: options.releaseQuota,
    shell: options.web
      ? shellSharedReader(join(options.web.root, 'shell', 'dist', SHELL_SHARED_MANIFEST))
      : () => undefined,
  });

  // Uploads an area may make in an hour, counted where every instance sees them (the database or Redis).
  const releaseUploads = limiter(
    'release-uploads',
    limits.releaseUploadsPerHour,
    (minutes) => codedWith('release.tooManyUploads', { minutes }),
    60 * 60_000,
  );
  sweepUploads(app, releaseStore);
  // Who may try a candidate release in their browser (signed trial links, checked when used).
  const trials = createTrials({ db: options.database.db, secret: options.jwtSecret, store: releaseStore, audit });
  // What browsers report of the areas, and the rule that stops a rollout whose errors pass the active version's.
  const regressionRule = { ...DEFAULT_REGRESSION_RULE, ...options.rollback };
  // Each page's and map's load tickets, which a report must bring to count (signed with the server's secret).
  // (Timed by the rule's clock, which a test moves on.)
  const loadTickets = createLoadTickets(options.jwtSecret, options.rollback?.now);
  const clientReports = createClientReports({
    db: options.database.db,
    store: releaseStore,
    metrics,
    tickets: loadTickets,
    rule: regressionRule,
    // The browsers one client address adds to a rollout, counted where every instance sees them.
    voters: limiter('rollout-voters', regressionRule.browsersPerAddress, texts.limit.tooManyMessages, VOTERS_WINDOW_MS),
  });
  const rolloutWatch = watchRollouts({
    store: releaseStore,
    reports: clientReports,
    audit,
    rule: regressionRule,
    now: options.rollback?.now,
    metrics,
    log: app.log,
    intervalMs: options.rollback?.everyMs,
  });
  app.addHook('onClose', () => rolloutWatch.close());
  // A share of reports per client address, counted in this instance (a report must not wait for a write).
  const reportLimit = createRateLimiter(
    memoryCounterStore(),
    'client-errors-ip',
    limits.clientReportsPerIpPerMinute,
    60_000,
    texts.limit.tooManyMessages,
  );

  await registerSecurityHeaders(app, { publicUrl: options.publicUrl, remoteOrigins: () => releaseStore.origins() });

  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 },
  });

  await registerContract(app, { publicUrl: options.publicUrl });

  await app.register(
    async (plain) => {
      const api = plain.withTypeProvider<ZodTypeProvider>();
      await registerDocs(api);
      for (const routes of [
        healthRoutes,
        authRoutes,
        sudoRoutes,
        courseRoutes,
        imageRoutes,
        contactRoutes,
        userRoutes,
        enrollmentRoutes,
        progressRoutes,
        certificateRoutes,
        credentialRoutes,
        jobRoutes,
        jobApplicationRoutes,
        outboxRoutes,
        backupRoutes,
      ]) {
        routes(api, deps);
      }
      releaseRoutes(
        api,
        deps,
        releaseStore,
        { trials, trialOrigin, uploads: releaseUploads, reports: clientReports, rule: regressionRule },
        audit,
      );
      clientErrorRoutes(api, clientReports, reportLimit);
    },
    { prefix: '/api' },
  );

  // Reset links mailed with the token in the path, sent on to the page with it in the fragment.
  oldResetLinks(app);

  // A share of this instance's render processes per client: counted here, not in the database (a page would
  // wait for a write), since what it protects is this instance's own work.
  const renderLimit = createRateLimiter(
    memoryCounterStore(),
    'render-ip',
    limits.rendersPerIpPerMinute,
    60_000,
    texts.request.serviceBusy,
  );
  // Load tickets per client address (a page load each): what one address can weigh in a rollout's judgement.
  const ticketLimit = createRateLimiter(
    memoryCounterStore(),
    'load-tickets-ip',
    limits.loadTicketsPerIpPerMinute,
    60_000,
    texts.request.serviceBusy,
  );
  if (
    options.web &&
    (await registerWeb(
      app,
      { ...options.web, trials, trialOrigin, renderLimit, loadTickets, ticketLimit, adminOrigin },
      releaseStore,
      metrics,
    ))
  )
    seoRoutes(app, deps.db, options.web.publicUrl, releaseStore);
  sayUnrunnableReleases(app, releaseStore);
  return app;
}

/** The credential check in worker threads: no secret in their environment, 5 s each at most. */
function credentialChecker(app: FastifyInstance, db: Db, issuer: Deps['issuer']): Deps['checkCredential'] {
  const verifier = createWorkerPool<VerifyTask, CredentialCheck>({
    module: 'verify-credential',
    // One thread kept with its module loaded: a check's deadline then counts the check, not a thread's start
    // (seconds on a loaded machine, which turned a plain credential into "too complex").
    minThreads: 1,
    maxThreads: 2,
    maxQueue: 16,
    memoryMb: 128,
    env: {},
  });
  app.addHook('onClose', () => verifier.close());
  return async (credential) =>
    verifier.run(
      {
        credential,
        issuer: { did: issuer.did, url: issuer.url },
        statusList: await currentStatusList(db, issuer),
      },
      CREDENTIAL_CHECK_DEADLINE_MS,
    );
}

/** The Fastify instance: its logger, request ids, body limit, trusted proxies, timeouts and shutdown. */
function createFastify(options: AppOptions): FastifyInstance {
  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  return Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ? loggerOptions(options.logger.level, options.logger.stream) : false }),
    // Each request's id: the trusted proxy's X-Request-Id, else a new one; on its log lines and its answer.
    genReqId: requestIds(options.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(options.trustProxy),
    // Starting adopts every area's local build, each checked as a release is (its files, pages and shapes): on a
    // busy two-core machine that took more than Fastify's 10 s for its start hooks, and on one with every core
    // taken by other work more than a minute: the server gave up. A start that slow is still a start.
    pluginTimeout: 180_000,
    // Graceful shutdown: stop accepting, finish in-flight requests, then close.
    return503OnClosing: true,
    // A client trickling its headers or body is cut off instead of holding the connection forever.
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(timeouts.headersMs / 2)),
    },
  });
}

type Limiter = (name: string, limit: number, message: LimitMessage, windowMs?: number) => RateLimiter;

/** Every limit of the routes (Deps.limiters) with the words of its 429. */
function limitersOf(limiter: Limiter, limits: Limits): Deps['limiters'] {
  return {
    loginIp: limiter('login-ip', limits.loginPerIp, tooManyLogins),
    loginEmail: limiter('login-email', limits.loginFailuresPerEmail, tooManyLogins),
    registerIp: limiter('register-ip', limits.registerPerIp, texts.limit.tooManySignups),
    contactIp: limiter('contact-ip', limits.contactPerIp, texts.limit.tooManyMessages),
    verifyIp: limiter('verify-ip', limits.verifyPerIp, credentialCheck.tooManyChecks),
    jobPosts: limiter(
      'job-posts',
      limits.jobPostsPerHour,
      (minutes) => codedWith('limit.tooManyJobPosts', { minutes }),
      60 * 60_000,
    ),
    recoveryIp: limiter('recovery-ip', limits.recoveryPerIp, account.tooManyResetRequests),
    recoveryEmail: limiter('recovery-email', limits.recoveryPerEmail, account.tooManyResetRequests),
    resetIp: limiter('reset-ip', limits.resetPerIp, account.tooManyResetRequests),
  };
}

/**
 * Every error as an answer: ours as they were thrown, the database's refusals of a value or of a race as 400 and
 * 409, a busy database as 503, the framework's own 4xx in words a person can act on; anything else a 500.
 */
function answerError(
  error: Error & { statusCode?: number; code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof HttpError) return reply.status(error.statusCode).headers(error.headers).send(error.body);
  // A value the database refuses (class 22: data exception) is bad input that slipped past validation.
  if (/^22[0-9A-Z]{3}$/.test(pgErrorCode(error) ?? '')) {
    request.log.warn(error);
    return reply.status(400).send(coded('request.invalidData'));
  }
  // A race the route did not name (a row that another request deleted or added meanwhile): a conflict.
  if (['23505', '23503', '23001'].includes(pgErrorCode(error) ?? '')) {
    request.log.warn(error);
    return reply.status(409).send(coded('request.changedMeanwhile'));
  }
  if (isDatabaseBusy(error)) {
    request.log.warn(error);
    const busy = serviceBusy();
    return reply.status(busy.statusCode).headers(busy.headers).send(busy.body);
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error(error);
    return reply.status(500).send(coded('request.serverError'));
  }
  const own = (request.routeOptions.config as RouteTexts | undefined)?.tooLarge;
  if (own && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(codedText(own));
  return reply.status(status).send(clientError(error, status));
}

/**
 * Chunks of uploads that never finished (an instance that died mid-way, a client gone), a day on: at start and
 * every hour.
 */
function sweepUploads(app: FastifyInstance, releaseStore: ReleaseStore) {
  const sweep = () =>
    void releaseStore
      .sweepUploads()
      .catch((error: unknown) => app.log.warn({ err: error }, 'Sweeping old uploads failed'));
  sweep();
  const sweeping = setInterval(sweep, 60 * 60_000);
  sweeping.unref();
  app.addHook('onClose', async () => clearInterval(sweeping));
}

/**
 * Both ways at start: an active release this server's shell or API cannot run (a shell build without a kernel
 * name it uses, an API that dropped or changed a call of it) is said at once, not first by a browser; readiness
 * answers 503 naming it until the area is released anew or rolled back.
 */
function sayUnrunnableReleases(app: FastifyInstance, releaseStore: ReleaseStore) {
  // (Not awaited: a start does not wait on the database for a line of the log.)
  app.addHook('onReady', async () => {
    void Promise.all([
      releaseStore.shellProblems(),
      releaseStore.unservedOperations(),
      releaseStore.incompatibleOperations(),
    ]).then(
      (problems) => {
        const named = problems.flat();
        if (named.length)
          app.log.error(
            { problems: named.slice(0, 20) },
            'Active releases that this server cannot run as they were built (readiness answers 503 until each is released anew or rolled back)',
          );
      },
      () => undefined,
    );
  });
}

/** The shell's dist/shared.json (what it provides to the areas), read again when it changes. */
function shellSharedReader(file: string): () => ShellShared | undefined {
  let cached: { mtimeMs: number; value: ShellShared } | undefined;
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs)
        cached = { mtimeMs, value: JSON.parse(readFileSync(file, 'utf8')) as ShellShared };
      return cached.value;
    } catch {
      return undefined;
    }
  };
}

/**
 * A hop count trusts the last `hops` addresses (the socket's peer and the proxies before it): the client is
 * the address that many steps from the right of X-Forwarded-For. (Fastify itself now ignores a number.) Only
 * right when the API cannot be reached but through those proxies; a list of their addresses is safer.
 */
function trustProxyOption(setting: AppOptions['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting ?? false;
}

/** What a route may say in its own words (`config` of its options): a body over its own `bodyLimit`. */
export interface RouteTexts {
  tooLarge?: CatalogueText;
}

const tooManyLogins = (minutes: number) => codedWith('limit.tooManyLogins', { minutes });

/** Fastify's and the multipart plugin's own 4xx errors, in words a person can act on, with their code. */
function clientError(error: { code?: string; message: string }, status: number): CodedMessage {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return coded('request.invalidJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return coded('request.bodyTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return coded('request.unsupportedMediaType');
    case 'FST_REQ_FILE_TOO_LARGE':
      return coded('validation.imageTooLarge');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return coded('request.tooManyParts');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return coded('request.lengthMismatch');
    default:
      if (status === 413) return coded('request.tooLarge');
      // Another of the framework's 4xx: its own words, under the generic code.
      return { message: error.message || texts.request.badRequest, code: 'request.badRequest' };
  }
}
