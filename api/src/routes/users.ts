import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CertifiedTrainee } from '@btls/shared-api/schemas';
import { validation } from '@btls/shared-api/messages';
import { account } from '@btls/shared-api/messages';
import {
  preferencesPayloadSchema,
  profilePayloadSchema,
  userStatusPayloadSchema,
  userUpdatePayloadSchema,
} from '@btls/shared-api/schemas';
import type { Deps } from '../app';
import { isForeignKeyViolation } from '../db/client';
import { certificates, users } from '../db/schema';
import { badRequest, conflict, notFound, parse } from '../http/errors';
import { idParam } from '../http/params';
import { toUser } from '../serialize';

const userId = (params: unknown) => idParam(params, 'id', 'Invalid user ID.');
const userNotFound = (id: number) => notFound(`User with ID ${id} not found.`);

export function userRoutes(app: FastifyInstance, { db, auth, notify }: Deps) {
  app.get('/users', async (request) => {
    await auth.require(request, ['admin']);
    const rows = await db.select().from(users).orderBy(desc(users.id));
    return rows.map(toUser);
  });

  /** Active trainers: the people an approved application can be assigned to. */
  app.get('/users/trainers', async (request) => {
    await auth.require(request, ['admin']);
    return db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'trainer'), eq(users.isActive, true)))
      .orderBy(asc(users.firstName), asc(users.lastName));
  });

  /**
   * Active users holding certificates who agreed to be shown (issue 14: privacy), most recently certified
   * first; courses and codes in parallel lists.
   */
  app.get('/users/certified-trainees', async (request) => {
    await auth.require(request, ['employer', 'admin']);
    const rows = await db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        courseTitle: certificates.courseTitle,
        code: certificates.certificateCode,
      })
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      // A revoked certificate no longer counts, and a trainee may stay out of the talent search.
      .where(and(eq(users.isActive, true), eq(users.showInTalentSearch, true), isNull(certificates.revokedAt)))
      .orderBy(desc(certificates.issueDate), desc(certificates.id));
    const byUser = new Map<number, CertifiedTrainee>();
    for (const row of rows) {
      let trainee = byUser.get(row.userId);
      if (!trainee) {
        const { userId, firstName, lastName, email } = row;
        trainee = { userId, firstName, lastName, email, certifiedCourses: [], certificateCodes: [] };
        byUser.set(row.userId, trainee);
      }
      trainee.certifiedCourses.push(row.courseTitle);
      trainee.certificateCodes.push(row.code);
    }
    return [...byUser.values()];
  });

  /** The caller's own names, and company fields for employers; never e-mail or role. */
  app.put('/users/me/profile', async (request) => {
    const me = await auth.require(request);
    const payload = parse(profilePayloadSchema, request.body);
    const isEmployer = me.role === 'employer';
    if (isEmployer && !payload.companyName) throw badRequest(validation.profileRequired);
    const [updated] = await db
      .update(users)
      .set({
        firstName: payload.firstName,
        lastName: payload.lastName,
        ...(isEmployer
          ? {
              companyName: payload.companyName,
              companyWebsite: payload.companyWebsite,
              companyDescription: payload.companyDescription,
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, me.id))
      .returning();
    return { message: 'Profile updated successfully.', user: toUser(updated!) };
  });

  /** The caller's own settings: non-essential e-mails on or off, and being listed in the talent search. */
  app.get('/users/me/preferences', async (request) => {
    const me = await auth.require(request);
    return { emailNotifications: me.emailNotifications, showInTalentSearch: me.showInTalentSearch };
  });

  app.put('/users/me/preferences', async (request) => {
    const me = await auth.require(request);
    const payload = parse(preferencesPayloadSchema, request.body);
    const [updated] = await db
      .update(users)
      .set({ ...payload, updatedAt: new Date() })
      .where(eq(users.id, me.id))
      .returning();
    return {
      message: account.preferencesSaved,
      preferences: { emailNotifications: updated!.emailNotifications, showInTalentSearch: updated!.showInTalentSearch },
    };
  });

  /** An admin sends a user a reset link (the same e-mail as "Forgot password?"); sign-ins stay until it is used. */
  app.post('/users/:id/reset-link', async (request) => {
    await auth.require(request, ['admin']);
    const id = userId(request.params);
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw userNotFound(id);
    if (!user.isActive) throw badRequest('This account is deactivated. Activate it before sending a reset link.');
    await db.transaction((tx) => notify.passwordReset(tx, user));
    return { message: account.resetLinkSentByAdmin(user.email) };
  });

  app.put('/users/:id/status', async (request) => {
    const admin = await auth.require(request, ['admin']);
    const id = userId(request.params);
    const { isActive } = parse(userStatusPayloadSchema, request.body);
    if (id === admin.id && !isActive) throw badRequest('You cannot deactivate your own account.');
    const [updated] = await db
      .update(users)
      .set({ isActive, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!updated) throw userNotFound(id);
    return { message: `User ${isActive ? 'activated' : 'deactivated'} successfully.`, user: toUser(updated) };
  });

  app.put('/users/:id', async (request) => {
    const admin = await auth.require(request, ['admin']);
    const id = userId(request.params);
    const payload = parse(userUpdatePayloadSchema, request.body);
    if (id === admin.id && payload.role !== 'admin') throw badRequest(validation.ownRoleFromAdmin);
    const [updated] = await db
      .update(users)
      .set({ ...payload, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!updated) throw userNotFound(id);
    return { message: 'User updated successfully.', user: toUser(updated) };
  });

  /** Refused when records depend on the user (the database's foreign keys decide): deactivate instead. */
  app.delete('/users/:id', async (request) => {
    const admin = await auth.require(request, ['admin']);
    const id = userId(request.params);
    if (id === admin.id) throw badRequest(validation.deleteSelf);
    try {
      const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      if (deleted.length === 0) throw userNotFound(id);
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw conflict(
          'This user has applications, progress records, certificates or job postings and cannot be deleted. ' +
            'Deactivate the account instead.',
        );
      }
      throw error;
    }
    return { message: 'User deleted successfully.' };
  });
}
