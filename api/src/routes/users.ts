import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { validation } from '@btls/shared-api/messages';
import {
  certifiedTraineeSchema,
  deleteUserQuerySchema,
  messageAnswerSchema,
  pageQuerySchema,
  preferencesAnswerSchema,
  preferencesPayloadSchema,
  preferencesSavedAnswerSchema,
  profilePayloadSchema,
  trainerSchema,
  userAnswerSchema,
  userListQuerySchema,
  userSchema,
  userStatusPayloadSchema,
  userUpdatePayloadSchema,
  type CertifiedTrainee,
} from '@btls/shared-api/schemas';
import type { Deps } from '../deps';
import { isForeignKeyViolation, type Db } from '../db/client';
import { certificates, fullNameOf, jobs, users } from '../db/schema';
import { answers, idParams, type Api } from '../http/contract';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { coded, codedWith } from '@btls/shared-api/codes';
import { asLanguage } from '../language';
import { containsPattern, countAll, searchAny, setPageHeaders } from '../http/paging';
import { toUser } from '../serialize';
import { spendResetLinks } from '../mail/notify';

const userParams = idParams('id', texts.user.invalidId);
const userNotFound = (id: number) => notFound(codedWith('user.notFound', { id }));

export function userRoutes(app: Api, { db, auth, notify }: Deps) {
  /** A page of the users, newest first; `q` searches names, e-mail and company; `role` and `status` filter. */
  app.get(
    '/users',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'A page of the users, newest first.',
        querystring: userListQuerySchema,
        response: answers({ 200: userSchema.array() }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const where = and(
        // The full name holds every part of either name: one expression, one trigram index.
        searchAny(query.q, [users.email, users.companyName, fullNameOf(users)]),
        query.role ? eq(users.role, query.role) : undefined,
        query.status ? eq(users.isActive, query.status === 'active') : undefined,
        query.id ? eq(users.id, query.id) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db.select().from(users).where(where).orderBy(desc(users.id)).limit(query.limit).offset(query.offset),
        db.select({ total: countAll }).from(users).where(where),
      ]);
      setPageHeaders(request, reply, query, rows.length, counted?.total ?? 0);
      return rows.map(toUser);
    },
  );

  /** Active trainers: the people an approved application can be assigned to. */
  app.get(
    '/users/trainers',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'The active trainers (for assigning one).',
        response: answers({ 200: trainerSchema.array() }),
      },
    },
    async () => {
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(and(eq(users.role, 'trainer'), eq(users.isActive, true)))
        .orderBy(asc(users.firstName), asc(users.lastName));
    },
  );

  /**
   * Active users holding certificates who agreed to be shown (privacy), most recently certified first, a page of people at a time; courses and
   * codes in parallel lists. `q` searches names, e-mail and certified course titles.
   */
  app.get(
    '/users/certified-trainees',
    {
      preValidation: auth.guard(['employer', 'admin']),
      schema: {
        summary: 'The talent search: certified trainees who agreed to be shown, most recently certified first (paged).',
        querystring: pageQuerySchema,
        response: answers({ 200: certifiedTraineeSchema.array() }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const where = and(
        eq(users.isActive, true),
        // A revoked certificate no longer counts, and a trainee may stay out of the talent search.
        eq(users.showInTalentSearch, true),
        isNull(certificates.revokedAt),
        query.q
          ? or(
              searchAny(query.q, [users.email, fullNameOf(users)]),
              sql`exists (select 1 from ${certificates} as held where held.user_id = ${users.id} and held.course_title ilike ${containsPattern(query.q)})`,
            )
          : undefined,
      );
      const newest = sql`${certificates.issueDate} desc, ${certificates.id} desc`;
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            userId: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            certifiedCourses: sql<string[]>`array_agg(${certificates.courseTitle} order by ${newest})`,
            certificateCodes: sql<string[]>`array_agg(${certificates.certificateCode} order by ${newest})`,
          })
          .from(certificates)
          .innerJoin(users, eq(users.id, certificates.userId))
          .where(where)
          .groupBy(users.id)
          .orderBy(sql`max(${certificates.issueDate}) desc`, sql`max(${certificates.id}) desc`)
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ total: sql<number>`count(distinct ${users.id})::int` })
          .from(certificates)
          .innerJoin(users, eq(users.id, certificates.userId))
          .where(where),
      ]);
      setPageHeaders(request, reply, query, rows.length, counted?.total ?? 0);
      return rows satisfies CertifiedTrainee[];
    },
  );

  /** The caller's own names, and company fields for employers; never e-mail or role. */
  app.put(
    '/users/me/profile',
    {
      preValidation: auth.guard(),
      schema: {
        summary: "The caller's own names (and company fields for employers).",
        body: profilePayloadSchema,
        response: answers({ 200: userAnswerSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const payload = request.body;
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
      return { ...coded('notice.profileUpdated'), user: toUser(updated!) };
    },
  );

  /** The caller's own settings: non-essential e-mails on or off, being listed in the talent search, and their language. */
  app.get(
    '/users/me/preferences',
    {
      preValidation: auth.guard(),
      schema: { summary: "The caller's own settings.", response: answers({ 200: preferencesAnswerSchema }) },
    },
    async (request) => {
      const me = auth.caller(request);
      return preferencesOf(me);
    },
  );

  app.put(
    '/users/me/preferences',
    {
      preValidation: auth.guard(),
      schema: {
        summary: "Change the caller's own settings.",
        body: preferencesPayloadSchema,
        response: answers({ 200: preferencesSavedAnswerSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const payload = request.body;
      const [updated] = await db
        .update(users)
        .set({ ...payload, updatedAt: new Date() })
        .where(eq(users.id, me.id))
        .returning();
      return {
        ...coded('account.preferencesSaved'),
        preferences: preferencesOf(updated!),
      };
    },
  );

  /** An admin sends a user a reset link (the same e-mail as "Forgot password?"); sign-ins stay until it is used. */
  app.post(
    '/users/:id/reset-link',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Send a user a password reset link.',
        params: userParams,
        response: answers({ 200: messageAnswerSchema }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      if (!user) throw userNotFound(id);
      if (!user.isActive) throw conflict(texts.user.deactivatedNoReset);
      await db.transaction((tx) => notify.passwordReset(tx, user));
      return codedWith('account.resetLinkSentByAdmin', { email: user.email });
    },
  );

  app.put(
    '/users/:id/status',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Activate or deactivate a user.',
        params: userParams,
        body: userStatusPayloadSchema,
        response: answers({ 200: userAnswerSchema }),
      },
    },
    async (request) => {
      const admin = auth.caller(request);
      const { id } = request.params;
      const { isActive } = request.body;
      if (id === admin.id && !isActive) throw forbidden(texts.user.cannotDeactivateSelf);
      const updated = await keepingAnAdmin(db, async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ isActive, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        // A link sent before the deactivation must not open the account again.
        if (row && !isActive) await spendResetLinks(tx, row.id);
        return row;
      });
      if (!updated) throw userNotFound(id);
      return { ...coded(isActive ? 'notice.userActivated' : 'notice.userDeactivated'), user: toUser(updated) };
    },
  );

  app.put(
    '/users/:id',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: "Edit a user's names and role.",
        params: userParams,
        body: userUpdatePayloadSchema,
        response: answers({ 200: userAnswerSchema }),
      },
    },
    async (request) => {
      const admin = auth.caller(request);
      const { id } = request.params;
      const payload = request.body;
      if (id === admin.id && payload.role !== 'admin') throw forbidden(validation.ownRoleFromAdmin);
      const updated = await keepingAnAdmin(db, async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ ...payload, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        return row;
      });
      if (!updated) throw userNotFound(id);
      return { ...coded('notice.userUpdated'), user: toUser(updated) };
    },
  );

  /**
   * Refused when records depend on the user (the database's foreign keys decide): deactivate instead. An
   * employer's job postings go with the account when `deleteJobs=true` says the admin confirmed it.
   */
  app.delete(
    '/users/:id',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Delete a user no records depend on (`deleteJobs=true`: with their job postings).',
        params: userParams,
        querystring: deleteUserQuerySchema,
        response: answers({ 200: messageAnswerSchema }),
      },
    },
    async (request) => {
      const admin = auth.caller(request);
      const { id } = request.params;
      const { deleteJobs } = request.query;
      if (id === admin.id) throw forbidden(validation.deleteSelf);
      try {
        await keepingAnAdmin(db, async (tx) => {
          if (deleteJobs) await tx.delete(jobs).where(eq(jobs.employerId, id));
          const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
          if (deleted.length === 0) throw userNotFound(id);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          const [posting] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.employerId, id)).limit(1);
          if (posting && !deleteJobs) throw conflict(validation.employerHasJobs);
          throw conflict(coded('user.hasHistory'));
        }
        throw error;
      }
      return coded('notice.userDeleted');
    },
  );
}

/** pg_advisory_xact_lock key ("adm" in ASCII): changes to users that could remove an admin take turns. */
const ADMINS_LOCK_KEY = 0x61646d;

/**
 * Runs `work` in a transaction that is undone when it would leave no active admin. The lock is the
 * database's, so two admins demoting each other at once, on two instances, still leave one: the second
 * change counts after the first is committed.
 */
async function keepingAnAdmin<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK_KEY})`);
    const result = await work(tx);
    const [admins] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    if (!admins || Number(admins.count) < 1) throw conflict(validation.lastAdmin);
    return result;
  });
}

/** The settings as answered: the e-mail and talent-search switches and the language. */
const preferencesOf = (row: typeof users.$inferSelect) => ({
  emailNotifications: row.emailNotifications,
  showInTalentSearch: row.showInTalentSearch,
  language: asLanguage(row.language),
});
