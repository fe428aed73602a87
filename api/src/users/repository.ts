/**
 * The users' reads and writes: the admin's list, the trainers, the talent search, a user's own profile and
 * settings, and the admin's changes, which never leave the platform without an active admin.
 */
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { validation } from '@btls/shared-api/messages';
import type { Role } from '@btls/shared-api/constants';
import type { CertifiedTrainee } from '@btls/shared-api/schemas';
import type { Db } from '../db/client';
import { certificates, fullNameOf, jobs, users } from '../db/schema';
import { conflict } from '../http/errors';
import { containsPattern, countAll, searchAny, type Page } from '../http/paging';

export type UserRow = typeof users.$inferSelect;

/** A user, or undefined. */
export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** A page of the users, newest first; `q` searches names, e-mail and company; `role` and `status` filter. */
export async function pageOfUsers(
  db: Db,
  query: Page & { q?: string; role?: Role; status?: 'active' | 'inactive'; id?: number },
) {
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
  return { rows, total: counted?.total ?? 0 };
}

/** Active trainers, by name: the people an approved application can be assigned to. */
export async function activeTrainers(db: Db) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'trainer'), eq(users.isActive, true)))
    .orderBy(asc(users.firstName), asc(users.lastName));
}

/**
 * A page of the active users holding certificates who agreed to be shown, most recently certified first; courses
 * and codes in parallel lists. `q` searches names, e-mail and certified course titles.
 */
export async function pageOfCertifiedTrainees(
  db: Db,
  query: Page & { q?: string },
): Promise<{ rows: CertifiedTrainee[]; total: number }> {
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
  return { rows, total: counted?.total ?? 0 };
}

/** Changes a user's own columns (`updatedAt` with them); the row as it is now, or undefined when there is none. */
export async function updateUser(db: Db, id: number, change: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Deletes an employer's job postings (in the caller's transaction, with the account). */
export async function deleteJobsOf(tx: Db, employerId: number) {
  await tx.delete(jobs).where(eq(jobs.employerId, employerId));
}

/** Deletes a user; whether there was one. */
export async function deleteUser(tx: Db, id: number): Promise<boolean> {
  const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}

/** Whether an employer has a job posting. */
export async function hasJobPosting(db: Db, employerId: number): Promise<boolean> {
  const [posting] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.employerId, employerId)).limit(1);
  return !!posting;
}

/** pg_advisory_xact_lock key ("adm" in ASCII): changes to users that could remove an admin take turns. */
const ADMINS_LOCK_KEY = 0x61646d;

/**
 * Runs `work` in a transaction that is undone when it would leave no active admin. The lock is the
 * database's, so two admins demoting each other at once, on two instances, still leave one: the second
 * change counts after the first is committed.
 */
export async function keepingAnAdmin<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
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
