import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { account } from '@btls/shared-api/messages';
import {
  changePasswordPayloadSchema,
  forgotPasswordPayloadSchema,
  loginPayloadSchema,
  registerPayloadSchema,
  resetPasswordPayloadSchema,
} from '@btls/shared-api/schemas';
import type { Deps } from '../app';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth';
import { isUniqueViolation } from '../db/client';
import { passwordResetTokens, users } from '../db/schema';
import { hashResetToken } from '../mail/notify';
import { badRequest, conflict, forbidden, HttpError, parse, unauthorized } from '../http/errors';
import { toUser } from '../serialize';

/** Roles anyone may sign up as; every other role is created by an admin. */
const SELF_SERVICE_ROLES = new Set(['trainee', 'employer']);

export function authRoutes(app: FastifyInstance, { db, auth, notify, limiters }: Deps) {
  /**
   * Anonymous: creates a trainee, or an employer (with companyName) when role is 'employer'; the answer
   * signs them in. With an admin's token: creates a user of any role, and the answer carries no token.
   */
  app.post('/auth/register', async (request, reply) => {
    const payload = parse(registerPayloadSchema, request.body);
    const role = payload.role ?? 'trainee';
    const caller = await auth.optional(request);
    const byAdmin = caller?.role === 'admin';
    if (!byAdmin && !SELF_SERVICE_ROLES.has(role)) {
      throw forbidden('Only an admin can create trainer or admin accounts.');
    }

    const passwordHash = await hashPassword(payload.password);
    let created;
    try {
      created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            firstName: payload.firstName,
            lastName: payload.lastName,
            email: payload.email,
            passwordHash,
            role,
            companyName: role === 'employer' ? payload.companyName : null,
          })
          .returning();
        if (row?.role === 'employer') await notify.employerWelcome(tx, row);
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('An account with this email already exists.');
      throw error;
    }
    if (!created) throw new Error('insert returned no row');

    reply.status(201);
    if (byAdmin) return { message: 'User created successfully.', user: toUser(created) };
    return { message: 'Registration successful.', token: await auth.issueToken(created), user: toUser(created) };
  });

  /** Rate-limited per client address (all attempts) and per e-mail (failed attempts). */
  app.post('/auth/login', async (request, reply) => {
    const { email, password } = parse(loginPayloadSchema, request.body);
    const emailKey = email.toLowerCase();
    if (!limiters.loginIp.hit(request.ip)) tooMany(reply, limiters.loginIp.retryAfter(request.ip));
    if (limiters.loginEmail.blocked(emailKey)) tooMany(reply, limiters.loginEmail.retryAfter(emailKey));

    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${emailKey}`)
      .limit(1);
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
    if (!user || !passwordOk) {
      limiters.loginEmail.hit(emailKey);
      throw unauthorized('Invalid email or password.');
    }
    if (!user.isActive) throw unauthorized('This account has been deactivated. Please contact the training centre.');
    limiters.loginEmail.reset(emailKey);
    return { message: 'Login successful.', token: await auth.issueToken(user), user: toUser(user) };
  });

  /**
   * The same answer whether or not the account exists (no finding out who has one). Limited per address and
   * per e-mail, so nobody's inbox can be flooded with links.
   */
  app.post('/auth/forgot-password', async (request, reply) => {
    const { email } = parse(forgotPasswordPayloadSchema, request.body);
    for (const [limiter, key] of [
      [limiters.recoveryIp, request.ip],
      [limiters.recoveryEmail, email],
    ] as const) {
      if (!limiter.hit(key)) {
        reply.header('Retry-After', String(limiter.retryAfter(key)));
        throw new HttpError(429, account.tooManyResetRequests);
      }
    }
    const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    if (user?.isActive) await db.transaction((tx) => notify.passwordReset(tx, user));
    return { message: account.resetLinkSent };
  });

  /** Spends a reset link (once, within its 60 minutes) and ends every earlier sign-in of its user. */
  app.post('/auth/reset-password', async (request) => {
    const { token, password } = parse(resetPasswordPayloadSchema, request.body);
    const passwordHash = await hashPassword(password);
    const reset = await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashResetToken(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!spent) return false;
      await tx
        .update(users)
        .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, spent.userId));
      return true;
    });
    if (!reset) throw badRequest(account.resetLinkInvalid);
    return { message: account.passwordReset };
  });

  /**
   * A signed-in user changes their password with the current one; every other sign-in ends, and the answer
   * carries a new token so this one goes on. Wrong current passwords count like failed logins.
   */
  app.put('/auth/password', async (request, reply) => {
    const me = await auth.require(request);
    const { currentPassword, newPassword } = parse(changePasswordPayloadSchema, request.body);
    const emailKey = me.email.toLowerCase();
    if (limiters.loginEmail.blocked(emailKey)) tooMany(reply, limiters.loginEmail.retryAfter(emailKey));
    if (!(await verifyPassword(me.passwordHash, currentPassword))) {
      limiters.loginEmail.hit(emailKey);
      throw badRequest(account.currentPasswordWrong);
    }
    const [updated] = await db
      .update(users)
      .set({
        passwordHash: await hashPassword(newPassword),
        sessionVersion: sql`${users.sessionVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, me.id), eq(users.sessionVersion, me.sessionVersion)))
      .returning();
    if (!updated) throw conflict('Your account changed meanwhile. Please sign in again.');
    return { message: account.passwordChanged, token: await auth.issueToken(updated), user: toUser(updated) };
  });
}

function tooMany(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('Retry-After', String(retryAfterSeconds));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new HttpError(429, `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}
