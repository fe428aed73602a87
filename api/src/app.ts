/** The Fastify application: every call of spec §7 under /api, on the database it is given. */
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { MAX_IMAGE_BYTES } from '@btls/shared-api/constants';
import { validation } from '@btls/shared-api/messages';
import { randomBytes } from 'node:crypto';
import { createAuth, type Auth } from './auth';
import { loadIssuer, type Issuer } from './credentials/issuer';
import { pgErrorCode, type Database, type Db } from './db/client';
import { apiNotFound, HttpError } from './http/errors';
import { createNotifications, type Notifications } from './mail/notify';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import { outboxRoutes } from './routes/outbox';
import { authRoutes } from './routes/auth';
import { certificateRoutes } from './routes/certificates';
import { contactRoutes } from './routes/contact';
import { credentialRoutes } from './routes/credentials';
import { courseRoutes } from './routes/courses';
import { enrollmentRoutes } from './routes/enrollments';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
import { jobRoutes } from './routes/jobs';
import { progressRoutes } from './routes/progress';
import { seoRoutes } from './routes/seo';
import { userRoutes } from './routes/users';
import { registerWeb, type WebOptions } from './web';

export interface AppOptions {
  database: Database;
  jwtSecret: string;
  /** Token lifetime in jose's notation, e.g. '7d'. */
  tokenLifetime?: string;
  limits?: Partial<Limits>;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The 32-byte seed of the issuer's Ed25519 key; a random one (fine for tests) when missing. */
  issuerKey?: Uint8Array;
  /** The site's public address (PUBLIC_URL): written into credentials (issuer url, status list) and e-mail links. */
  publicUrl?: string;
  /** Also serve the built front end (shell and remotes) from this repository folder. */
  web?: WebOptions;
}

export interface Limits {
  /** Login attempts per client address per window. Generous: mobile carriers put many phones behind one address. */
  loginPerIp: number;
  /** Failed logins per e-mail per window. */
  loginFailuresPerEmail: number;
  /** Contact messages per client address per window. */
  contactPerIp: number;
  /** Public certificate verifications per client address per window (no enumerating codes). */
  verifyPerIp: number;
  /** Password reset requests per client address per window. */
  recoveryPerIp: number;
  /** Password reset requests per e-mail per window: no flooding someone's inbox. */
  recoveryPerEmail: number;
  windowMs: number;
}

const defaultLimits: Limits = {
  loginPerIp: 100,
  loginFailuresPerEmail: 10,
  contactPerIp: 20,
  verifyPerIp: 60,
  recoveryPerIp: 20,
  recoveryPerEmail: 5,
  windowMs: 15 * 60_000,
};

/** What every route module gets. */
export interface Deps {
  db: Db;
  database: Database;
  auth: Auth;
  /** Signs the certificates' Open Badges credentials and the revocation list. */
  issuer: Issuer;
  notify: Notifications;
  limiters: {
    loginIp: RateLimiter;
    loginEmail: RateLimiter;
    contactIp: RateLimiter;
    verifyIp: RateLimiter;
    recoveryIp: RateLimiter;
    recoveryEmail: RateLimiter;
  };
}

export const JSON_BODY_LIMIT = 1_048_576;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    // Graceful shutdown: stop accepting, finish in-flight requests, then close.
    return503OnClosing: true,
  });

  const limits = { ...defaultLimits, ...options.limits };
  const deps: Deps = {
    db: options.database.db,
    database: options.database,
    auth: createAuth(options.database.db, options.jwtSecret, options.tokenLifetime ?? '7d'),
    issuer: await loadIssuer(options.issuerKey ?? new Uint8Array(randomBytes(32)), options.publicUrl ?? 'http://localhost:8080'),
    notify: createNotifications(options.publicUrl ?? 'http://localhost:8080'),
    limiters: {
      loginIp: createRateLimiter(limits.loginPerIp, limits.windowMs),
      loginEmail: createRateLimiter(limits.loginFailuresPerEmail, limits.windowMs),
      contactIp: createRateLimiter(limits.contactPerIp, limits.windowMs),
      verifyIp: createRateLimiter(limits.verifyPerIp, limits.windowMs),
      recoveryIp: createRateLimiter(limits.recoveryPerIp, limits.windowMs),
      recoveryEmail: createRateLimiter(limits.recoveryPerEmail, limits.windowMs),
    },
  };

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ message: error.message });
    // A value the database refuses (class 22: data exception) is bad input that slipped past validation.
    if (/^22[0-9A-Z]{3}$/.test(pgErrorCode(error) ?? '')) {
      request.log.warn(error);
      return reply.status(400).send({ message: 'Some of the data sent is not valid.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.status(status).send({ message: clientErrorMessage(error, status) });
  });

  app.setNotFoundHandler(apiNotFound);

  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 },
  });

  await app.register(
    async (api) => {
      for (const routes of [
        healthRoutes,
        authRoutes,
        courseRoutes,
        imageRoutes,
        contactRoutes,
        userRoutes,
        enrollmentRoutes,
        progressRoutes,
        certificateRoutes,
        credentialRoutes,
        jobRoutes,
        outboxRoutes,
      ]) {
        routes(api, deps);
      }
    },
    { prefix: '/api' },
  );

  if (options.web && (await registerWeb(app, options.web))) seoRoutes(app, deps.db, options.web.publicUrl);
  return app;
}

/** Fastify's and the multipart plugin's own 4xx errors, in words a person can act on. */
function clientErrorMessage(error: { code?: string; message: string }, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large (at most 1 MB).';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type. Send JSON (or a multipart form where a file is expected).';
    case 'FST_REQ_FILE_TOO_LARGE':
      return validation.imageTooLarge;
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'Too many parts in the form.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body does not match its declared length.';
    default:
      return status === 413 ? 'The request is too large.' : error.message || 'Bad request.';
  }
}
