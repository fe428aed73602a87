/** Passwords (argon2id), tokens (signed JWT with expiry) and the per-request check of who is calling. */
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@btls/shared-api/constants';
import type { Db } from './db/client';
import { users } from './db/schema';
import { GUARD_ROLES } from './http/contract';
import { forbidden, HttpError, serviceBusy, unauthorized } from './http/errors';
import type { TrialOrigin } from './releases/trial-origin';
import type { AdminOrigin } from './http/admin-origin';
import { createWorkerPool, WorkerDeadline, WorkerPoolBusy } from './workers/pool';
import type { PasswordTask } from './workers/passwords';

export type UserRow = typeof users.$inferSelect;

/** How long one hash may take before its thread is ended (seconds more than any hash takes). */
const HASH_DEADLINE_MS = 60_000;

/**
 * Passwords are hashed on threads of their own (./workers/passwords.ts), never on Node's shared thread pool:
 * there a sign-in would wait behind whatever else is queued (compression, file reads), however long it takes.
 * Two threads: as many hashes at once as the pool gave them before, on a machine of two cores.
 */
let hashing: ReturnType<typeof createWorkerPool<PasswordTask, string | boolean>> | undefined;
const hashingPool = () =>
  (hashing ??= createWorkerPool<PasswordTask, string | boolean>({
    module: 'passwords',
    // One kept with its module loaded: a sign-in after a quiet hour does not wait for a thread to start.
    minThreads: 1,
    maxThreads: 2,
    // A hash takes tens of milliseconds: past this many waiting, a caller hears "busy" at once rather than
    // waiting out the deadline in the queue.
    maxQueue: 200,
    memoryMb: 64,
    env: {},
  }));

/**
 * One task on the hashing threads. A full queue or a task past its deadline is the server's load, not the
 * password's: the caller hears 503 (try again shortly), never "wrong password", and no sign-in limit counts it.
 */
async function onHashingThreads(task: PasswordTask): Promise<string | boolean> {
  try {
    return await hashingPool().run(task, HASH_DEADLINE_MS);
  } catch (error) {
    if (error instanceof WorkerPoolBusy || error instanceof WorkerDeadline) throw serviceBusy();
    throw error;
  }
}

/** argon2id, the library's default (the hash text starts with $argon2id$). */
export async function hashPassword(password: string): Promise<string> {
  return (await onHashingThreads({ hash: password })) as string;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return (await onHashingThreads({ verify: { hash: passwordHash, password } })) === true;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A stored hash the library cannot read matches no password.
    return false;
  }
}

/**
 * A hash of no real password: verifying against it when the e-mail is unknown keeps the answer time the same
 * as for a wrong password, so timing does not tell which e-mails have accounts.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () =>
  (decoyHash ??= hashPassword('decoy-password-that-matches-nothing').catch((error: unknown) => {
    // Made again at the next sign-in: a decoy that failed once (a busy start) must not fail every later one.
    decoyHash = undefined;
    throw error;
  }));

/**
 * How long a proof of who is at the keyboard (the password or a passkey, at sign-in or asked again) lets an admin
 * do what cannot be undone, as GitHub's sudo mode does: past it, the console asks again.
 */
export const SUDO_WINDOW_MS = 10 * 60_000;

export interface Auth {
  /**
   * A sign-in token for the user: a trial session's when `request` came to the trial origin, the console's when it
   * came to the admin console. It records now as the time the user proved who they are (the password just given).
   */
  issueToken(user: UserRow, request: FastifyRequest): Promise<string>;
  /**
   * For a dangerous action (a release token, a role, an activation, a revocation): 403 `session.sudoRequired`
   * unless the caller's session proved who they are within SUDO_WINDOW_MS. After the route's guard (or `require`, or
   * `optional` that found the caller).
   */
  requireRecentProof(request: FastifyRequest): void;
  /** Whether the request came to the admin console's host. */
  onConsole(request: FastifyRequest): boolean;
  /**
   * Whether everything that names the request's origin names the console (its hosts, Origin, Sec-Fetch-Site): where
   * an admin's session may be made and used. A site's page that adds `X-Forwarded-Host` naming the console is not.
   */
  onlyConsole(request: FastifyRequest): boolean;
  /**
   * The active user behind the request's bearer token; 401 otherwise, 403 when the role is not allowed, and 403
   * for an admin in a trial (./releases/trial-origin.ts).
   */
  require(request: FastifyRequest, roles?: readonly Role[]): Promise<UserRow>;
  /**
   * The active user behind a bearer token when there is a valid one; null otherwise (no error), and null for an
   * admin in a trial.
   */
  optional(request: FastifyRequest): Promise<UserRow | null>;
  /**
   * A route's preValidation hook: `require` before the input is checked (after the body is read), so a caller
   * without the right sign-in hears 401/403, never what the payload lacks. The handler reads the user with
   * `caller`.
   */
  guard(roles?: readonly Role[]): (request: FastifyRequest) => Promise<void>;
  /** The user the route's guard let in (a route without a guard calling this is a programming error). */
  caller(request: FastifyRequest): UserRow;
  /**
   * Whether the request carries an operator's token for `audience` (signed with the sign-in secret by a command
   * of the operator's, e.g. `npm run backup`): never a user's token, which has no audience.
   */
  operator(request: FastifyRequest, audience: OperatorAudience): Promise<boolean>;
  /** Whether the request is a trial's: it came to the trial origin (where any session is a trial session). */
  inTrial(request: FastifyRequest): boolean;
}

/** What an operator's token is for: the running server's copy of its data directory (`npm run backup`). */
export type OperatorAudience = 'btls-backup';

/** An operator's token for `audience`, valid a minute: who can read the sign-in secret is the operator. */
export function operatorToken(secret: string, audience: OperatorAudience): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('1 minute')
    .sign(new TextEncoder().encode(secret));
}

/** The token of the request's `Authorization: Bearer <token>`, if it has one. */
export const bearerToken = (request: FastifyRequest): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];

export interface AuthOptions {
  db: Db;
  secret: string;
  expiresIn: string;
  trials: TrialOrigin;
  console: AdminOrigin;
  /** Now, in ms (Date.now; tests move it forward instead of waiting out the sudo window). */
  clock?: () => number;
  /** How long a proof lasts (SUDO_WINDOW_MS when missing). */
  sudoWindowMs?: number;
}

export function createAuth({
  db,
  secret,
  expiresIn,
  trials,
  console: adminConsole,
  clock = Date.now,
  sudoWindowMs = SUDO_WINDOW_MS,
}: AuthOptions): Auth {
  const key = new TextEncoder().encode(secret);
  /** Sessions signed in on the trial origin carry this claim wherever their token is sent afterwards. */
  const TRIAL_CLAIM = 'trial';
  /** Sessions signed in on the admin console carry this one: an admin's session counts only with it. */
  const CONSOLE_CLAIM = 'console';
  /** When the session's user last proved who they are (seconds since 1970): the sign-in, or sudo. */
  const PROOF_CLAIM = 'proof';

  interface Session {
    user: UserRow;
    trial: boolean;
    /** When the user last gave their password or passkey (ms). */
    provedAt: number;
  }

  async function userFromRequest(request: FastifyRequest): Promise<Session | 'missing' | 'invalid'> {
    const token = bearerToken(request);
    if (!token) return 'missing';
    let userId: number;
    let sessionVersion: unknown;
    let trial: boolean;
    let consoleSession: boolean;
    let provedAt: number;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      userId = Number(payload.sub);
      sessionVersion = payload.sv ?? 0;
      trial = payload[TRIAL_CLAIM] === true || trials.isTrial(request);
      consoleSession = payload[CONSOLE_CLAIM] === true;
      provedAt = typeof payload[PROOF_CLAIM] === 'number' ? payload[PROOF_CLAIM] * 1000 : 0;
      if (!Number.isInteger(userId)) return 'invalid';
    } catch {
      return 'invalid';
    }
    // A console session is good on the console only, and the console takes no other session: a token is sent
    // from the origin that keeps it, so one that arrives elsewhere was carried there by someone else's code.
    if (consoleSession !== adminConsole.isConsole(request)) return 'invalid';
    if (consoleSession && !adminConsole.onlyConsole(request)) return 'invalid';
    // Read the user on every request: a deactivated or deleted user's token stops working at once,
    // and a role changed by an admin applies at once. A password reset or change raises the session
    // version, which ends every sign-in made before it.
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user || !user.isActive || sessionVersion !== user.sessionVersion) return 'invalid';
    // An admin's session is the console's alone; the console is for admins alone (a role changed since the
    // sign-in applies at once, both ways).
    if ((user.role === 'admin') !== consoleSession) return 'invalid';
    return { user, trial, provedAt };
  }

  const guarded = new WeakMap<FastifyRequest, Session>();

  const requireSession = async (request: FastifyRequest, roles?: readonly Role[]): Promise<Session> => {
    const found = await userFromRequest(request);
    if (found === 'missing') throw unauthorized(texts.session.notLoggedIn);
    if (found === 'invalid') throw unauthorized(texts.session.expired);
    const { user, trial } = found;
    // An admin's power is never a candidate's: in a trial an admin's session does nothing at all (a route that
    // lets any user in may still give an admin more, such as any applicant's CV).
    if (trial && user.role === 'admin') throw forbidden(texts.release.notInTrial);
    if (roles && !roles.includes(user.role as Role)) throw forbidden();
    return found;
  };
  const requireUser: Auth['require'] = async (request, roles) => {
    const session = await requireSession(request, roles);
    // (A guard of its own, such as the releasers', may still ask for a recent proof.)
    guarded.set(request, session);
    return session.user;
  };

  return {
    issueToken(user, request) {
      return new SignJWT({
        role: user.role,
        sv: user.sessionVersion,
        [PROOF_CLAIM]: Math.floor(clock() / 1000),
        ...(trials.isTrial(request) ? { [TRIAL_CLAIM]: true } : {}),
        ...(adminConsole.onlyConsole(request) ? { [CONSOLE_CLAIM]: true } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key);
    },
    require: requireUser,
    requireRecentProof(request) {
      const session = guarded.get(request);
      if (!session)
        throw new Error(`${request.method} ${request.routeOptions.url} asks for a recent proof but has no auth.guard`);
      if (clock() - session.provedAt > sudoWindowMs) throw forbidden(texts.session.sudoRequired);
    },
    onConsole: (request) => adminConsole.isConsole(request),
    onlyConsole: (request) => adminConsole.onlyConsole(request),
    inTrial: (request) => trials.isTrial(request),
    async operator(request, audience) {
      const token = bearerToken(request);
      if (!token || trials.isTrial(request)) return false;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience });
        return payload.sub === undefined;
      } catch {
        return false;
      }
    },
    guard(roles) {
      const hook = async (request: FastifyRequest) => {
        guarded.set(request, await requireSession(request, roles));
      };
      // The OpenAPI document shows who may call a guarded route (http/contract.ts).
      return Object.assign(hook, { [GUARD_ROLES]: roles ?? [] });
    },
    caller(request) {
      const session = guarded.get(request);
      if (!session)
        throw new Error(`${request.method} ${request.routeOptions.url} reads the caller but has no auth.guard`);
      return session.user;
    },
    async optional(request) {
      const found = await userFromRequest(request);
      if (typeof found === 'string') return null;
      // Where a route only looks at who calls (an admin creating staff, seeing inactive courses), an admin in a
      // trial is a visitor: the admin's power is never a candidate's.
      if (found.trial && found.user.role === 'admin') return null;
      // (A route that gives more to a signed-in caller may ask for a recent proof of them.)
      guarded.set(request, found);
      return found.user;
    },
  };
}
