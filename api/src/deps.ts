/**
 * What route modules are given, and the limits the app is built with. Route files import their types from
 * here; this module imports no route, so nothing imports back into the routes.
 */
import type { CredentialCheck } from '@btls/shared-api/schemas';
import type { Auth } from './auth';
import type { AdminOrigin } from './http/admin-origin';
import type { AfterAnswer } from './http/after-answer';
import type { Issuer } from './credentials/issuer';
import type { Database, Db } from './db/client';
import type { Notifications } from './mail/notify';
import type { RateLimiter } from './rate-limit';
import type { Metrics } from './metrics';

export interface Limits {
  /** Login attempts per client address per window. Generous: mobile carriers put many phones behind one address. */
  loginPerIp: number;
  /**
   * Login attempts per e-mail per window, counted before the password is verified (a successful login clears
   * the count): at most this many guesses are ever checked.
   */
  loginFailuresPerEmail: number;
  /** Self-service sign-ups per client address per window. */
  registerPerIp: number;
  /** Job postings per employer per hour. */
  jobPostsPerHour: number;
  /** Contact messages per client address per window. */
  contactPerIp: number;
  /** Public certificate verifications per client address per window (no enumerating codes). */
  verifyPerIp: number;
  /** Password reset requests per client address per window. */
  recoveryPerIp: number;
  /** Password reset requests per e-mail per window: no flooding someone's inbox. */
  recoveryPerEmail: number;
  /** Reset links tried (spent or not) per client address per window: no guessing, no flood of lookups. */
  resetPerIp: number;
  /**
   * Pages rendered on the server for one client address per minute (a page kept for the next visitor does not
   * count), spread over the minute: past it, that client's page is a kept copy, a brief wait, or a 503 with
   * Retry-After, and the render processes stay free for everyone else.
   */
  rendersPerIpPerMinute: number;
  /**
   * Browser reports (POST /api/client-errors) per client address per minute. A page sends about one; a
   * carrier's address stands for many phones, so the share is wide, while one client cannot flood the counts
   * a rollout is judged by.
   */
  clientReportsPerIpPerMinute: number;
  /** Pages and maps of areas given load tickets per client address and minute (past it, they come without). */
  loadTicketsPerIpPerMinute: number;
  /**
   * Releases one area may upload an hour (the same release again does not count): a team's token cannot turn the
   * server's storage over faster than its quota lets it keep.
   */
  releaseUploadsPerHour: number;
  windowMs: number;
}

export const defaultLimits: Limits = {
  loginPerIp: 100,
  loginFailuresPerEmail: 10,
  contactPerIp: 20,
  verifyPerIp: 60,
  recoveryPerIp: 20,
  recoveryPerEmail: 5,
  resetPerIp: 20,
  registerPerIp: 30,
  jobPostsPerHour: 20,
  rendersPerIpPerMinute: 60,
  clientReportsPerIpPerMinute: 120,
  loadTicketsPerIpPerMinute: 120,
  releaseUploadsPerHour: 20,
  windowMs: 15 * 60_000,
};

/** What every route module gets. */
/** Whether the instance is shutting down (server.ts sets it on SIGTERM; GET /api/health/ready then says 503). */
export interface Lifecycle {
  draining: boolean;
}

export interface Deps {
  db: Db;
  database: Database;
  auth: Auth;
  /** The admin console's origin: where admins sign in, and what every admin operation must come from. */
  adminOrigin: AdminOrigin;
  /** The site's address (PUBLIC_URL, or localhost's): where links for anyone but admins point. */
  siteUrl: string;
  /** Signs the certificates' Open Badges credentials and the revocation list. */
  issuer: Issuer;
  notify: Notifications;
  limiters: {
    loginIp: RateLimiter;
    loginEmail: RateLimiter;
    registerIp: RateLimiter;
    contactIp: RateLimiter;
    verifyIp: RateLimiter;
    jobPosts: RateLimiter;
    recoveryIp: RateLimiter;
    recoveryEmail: RateLimiter;
    resetIp: RateLimiter;
  };
  /** Runs work once the answer has gone out (see http/after-answer.ts). */
  afterAnswer: AfterAnswer;
  /** Whether the instance is shutting down (its readiness answers 503 then). */
  lifecycle: Lifecycle;
  /** Each operation an active area release calls that this API does not serve (its readiness answers 503 then). */
  unservedOperations(): Promise<string[]>;
  /** Each operation an active release calls that this API serves otherwise than it was built against (its field). */
  incompatibleOperations(): Promise<string[]>;
  /** What keeps an active release from running on the shell this server serves (a kernel name it uses, gone). */
  shellProblems(): Promise<string[]>;
  /** What GET /metrics reports that routes count themselves (failed logins). */
  metrics: Metrics;
  /** Checks a credential in a worker thread with a deadline (WorkerDeadline, WorkerPoolBusy when all are busy). */
  checkCredential(credential: Record<string, unknown>): Promise<CredentialCheck>;
}
