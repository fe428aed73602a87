import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
import { badRequest, conflict, forbidden, parse, unauthorized } from '../http/errors';
import { enforceLimit } from '../rate-limit';
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
    // Self-service sign-ups per address; an admin creating accounts is not limited.
    if (!byAdmin) {
      await enforceLimit(limiters.registerIp, request.ip, reply, 'Too many sign-ups from your connection. Please try again later.');
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

  /**
   * Rate-limited per client address and per e-mail. Each attempt is counted before its password is verified
   * (one atomic increment), so however many arrive at once, at most the limit's number of guesses is checked;
   * a successful login clears the e-mail's count.
   */
  app.post('/auth/login', async (request, reply) => {
    const { email, password } = parse(loginPayloadSchema, request.body);
    const emailKey = email.toLowerCase();
    await enforceLimit(limiters.loginIp, request.ip, reply, tooManyLogins);
    await enforceLimit(limiters.loginEmail, emailKey, reply, tooManyLogins);

    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${emailKey}`)
      .limit(1);
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
    if (!user || !passwordOk) throw unauthorized('Invalid email or password.');
    if (!user.isActive) throw unauthorized('This account has been deactivated. Please contact the training centre.');
    await limiters.loginEmail.reset(emailKey);
    return { message: 'Login successful.', token: await auth.issueToken(user), user: toUser(user) };
  });

  /**
   * The same answer whether or not the account exists (no finding out who has one). Limited per address and
   * per e-mail, so nobody's inbox can be flooded with links.
   */
  app.post('/auth/forgot-password', async (request, reply) => {
    const { email } = parse(forgotPasswordPayloadSchema, request.body);
    await enforceLimit(limiters.recoveryIp, request.ip, reply, account.tooManyResetRequests);
    await enforceLimit(limiters.recoveryEmail, email.toLowerCase(), reply, account.tooManyResetRequests);
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
    // Counted before the check, like a login: at most the limit's number of guesses is ever verified.
    await enforceLimit(limiters.loginEmail, emailKey, reply, tooManyLogins);
    if (!(await verifyPassword(me.passwordHash, currentPassword))) throw badRequest(account.currentPasswordWrong);
    await limiters.loginEmail.reset(emailKey);
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

const tooManyLogins = (minutes: number) =>
  `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
