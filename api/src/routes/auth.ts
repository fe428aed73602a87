import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { loginPayloadSchema, registerPayloadSchema } from '@btls/shared-api/schemas';
import type { Deps } from '../app';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth';
import { isUniqueViolation } from '../db/client';
import { users } from '../db/schema';
import { conflict, forbidden, HttpError, parse, unauthorized } from '../http/errors';
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
}

function tooMany(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('Retry-After', String(retryAfterSeconds));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new HttpError(429, `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}
