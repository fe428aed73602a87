import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loginPayloadSchema, registerPayloadSchema } from '@btls/shared-api/schemas';
import type { Deps } from '../app';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth';
import { isUniqueViolation } from '../db/client';
import { users } from '../db/schema';
import { conflict, forbidden, parse, unauthorized } from '../http/errors';
import { enforceLimit } from '../rate-limit';
import { toUser } from '../serialize';

/** Roles anyone may sign up as; every other role is created by an admin. */
const SELF_SERVICE_ROLES = new Set(['trainee', 'employer']);

export function authRoutes(app: FastifyInstance, { db, auth, limiters }: Deps) {
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

    let created;
    try {
      [created] = await db
        .insert(users)
        .values({
          firstName: payload.firstName,
          lastName: payload.lastName,
          email: payload.email,
          passwordHash: await hashPassword(payload.password),
          role,
          companyName: role === 'employer' ? payload.companyName : null,
        })
        .returning();
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
}

const tooManyLogins = (minutes: number) =>
  `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
