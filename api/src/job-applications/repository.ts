/**
 * The job applications' reads and writes: what the routes in routes/job-applications.ts ask of the database,
 * each on the database or the caller's transaction. Who may read a job's applications is answered here too,
 * as a job that is not found.
 */
import { phoneShown } from './phone';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { JobApplicationStatus } from '@btls/shared-api/constants';
import { fallback } from '@btls/shared-api/messages';
import type { JobApplicant } from '@btls/shared-api/schemas';
import type { UserRow } from '../auth';
import type { Db } from '../db/client';
import { certificates, fullNameOf, jobApplicationEvents, jobApplications, jobFields, jobs, users } from '../db/schema';
import { notFound, type ErrorText } from '../http/errors';
import { countAll, searchAny, type Page } from '../http/paging';
import { isOpen } from '../job-visibility';
import { jobOwnedBy } from '../jobs/repository';

export type JobApplicationRow = typeof jobApplications.$inferSelect;
const newestFirst = [desc(jobApplications.appliedAt), desc(jobApplications.id)];

/** An open job, share-locked: it cannot be closed or deleted before the caller's transaction commits. */
export async function lockedOpenJob(tx: Db, id: number) {
  const [job] = await tx
    .select(jobFields)
    .from(jobs)
    .where(and(eq(jobs.id, id), isOpen()))
    .for('share', { of: jobs });
  return job;
}

/** A new application; its row. */
export async function insertApplication(tx: Db, values: typeof jobApplications.$inferInsert) {
  const [row] = await tx.insert(jobApplications).values(values).returning();
  return row!;
}

/** Writes down moves along the pipeline (an application's history). */
export async function recordMoves(tx: Db, moves: (typeof jobApplicationEvents.$inferInsert)[]) {
  await tx.insert(jobApplicationEvents).values(moves);
}

/** The employer of a job, or undefined. */
export async function employerOf(tx: Db, employerId: number) {
  const [employer] = await tx.select().from(users).where(eq(users.id, employerId));
  return employer;
}

/** The trainee's certificates that a verifier accepts (not revoked). */
const validCertificatesOf = (userId: number | SQL) =>
  and(eq(certificates.userId, userId), isNull(certificates.revokedAt));

/** How many certificates a verifier accepts the trainee holds (what an application shares). */
export async function validCertificateCount(tx: Db, userId: number) {
  const [shared] = await tx.select({ n: countAll }).from(certificates).where(validCertificatesOf(userId));
  return shared?.n ?? 0;
}

/** A page of the trainee's own applications, newest first (`jobId`: the one for a job). */
export async function pageOfOwnApplications(db: Db, traineeId: number, query: Page & { jobId?: number }) {
  const where = and(
    eq(jobApplications.traineeId, traineeId),
    query.jobId ? eq(jobApplications.jobId, query.jobId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(jobApplications)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: countAll }).from(jobApplications).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Applications received on an employer's jobs (every job's: undefined), and how many are New. */
export async function applicationsSummary(db: Db, employerId: number | undefined) {
  const [row] = await db
    .select({ total: countAll, new: sql<number>`(count(*) filter (where ${jobApplications.status} = 'New'))::int` })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(employerId === undefined ? undefined : eq(jobs.employerId, employerId));
  return { total: row?.total ?? 0, new: row?.new ?? 0 };
}

/** The trainee's own application, locked for update, or undefined. */
export async function lockOwnApplication(tx: Db, id: number, traineeId: number) {
  const [current] = await tx
    .select()
    .from(jobApplications)
    .where(and(eq(jobApplications.id, id), eq(jobApplications.traineeId, traineeId)))
    .for('update');
  return current;
}

/** The application, Withdrawn; its row now. */
export async function withdrawApplication(tx: Db, id: number) {
  const [updated] = await tx
    .update(jobApplications)
    .set({ status: 'Withdrawn', updatedAt: new Date() })
    .where(eq(jobApplications.id, id))
    .returning();
  return updated!;
}

/** An application, or undefined. */
export async function findApplication(db: Db, id: number) {
  const [current] = await db.select().from(jobApplications).where(eq(jobApplications.id, id)).limit(1);
  return current;
}

/** The job's employer's job, or for an admin any job; anyone else's is answered as not found. */
export async function jobReadableBy(db: Db, me: UserRow, id: number, message: ErrorText = fallback.publicJobNotFound) {
  const job = await jobOwnedBy(db, me, id);
  if (!job) throw notFound(message);
  return job;
}

/** The job's applications with these ids and their trainees, locked for update in the order of their ids. */
export async function lockApplicationsOfJob(tx: Db, ids: number[], jobId: number) {
  return tx
    .select({ application: jobApplications, trainee: users })
    .from(jobApplications)
    .innerJoin(users, eq(users.id, jobApplications.traineeId))
    .where(and(inArray(jobApplications.id, ids), eq(jobApplications.jobId, jobId)))
    .orderBy(asc(jobApplications.id))
    .for('update', { of: jobApplications });
}

/** Moves these applications to `status`. */
export async function setApplicationStatus(tx: Db, ids: number[], status: JobApplicationStatus, now: Date) {
  await tx.update(jobApplications).set({ status, updatedAt: now }).where(inArray(jobApplications.id, ids));
}

/** A job's applications as its employer filters them: `status`, and `q` for the trainee's name or a course. */
export function applicantFilter(job: number, query: { status?: JobApplicationStatus; q?: string }) {
  const courseMatch = query.q
    ? sql`exists (select 1 from ${certificates} where ${validCertificatesOf(sql`${jobApplications.traineeId}`)} and ${searchAny(query.q, [certificates.courseTitle])})`
    : undefined;
  const nameMatch = searchAny(query.q, [fullNameOf(users)]);
  return and(
    eq(jobApplications.jobId, job),
    query.status ? eq(jobApplications.status, query.status) : undefined,
    query.q ? sql`(${nameMatch} or ${courseMatch})` : undefined,
  );
}

/** How many applicants match `where`. */
export async function countApplicants(db: Db, where: SQL | undefined) {
  const [counted] = await db
    .select({ total: countAll })
    .from(jobApplications)
    .innerJoin(users, eq(users.id, jobApplications.traineeId))
    .where(where);
  return counted?.total ?? 0;
}

/** Applicants as the employer reads them: trainee, certificates (the CV) and history, one query each. */
export async function selectApplicants(db: Db, where: SQL | undefined, page: Page): Promise<JobApplicant[]> {
  const rows = await db
    .select({
      id: jobApplications.id,
      jobId: jobApplications.jobId,
      status: jobApplications.status,
      appliedAt: jobApplications.appliedAt,
      updatedAt: jobApplications.updatedAt,
      phone: jobApplications.phone,
      coverNote: jobApplications.coverNote,
      hasCv: sql<boolean>`${jobApplications.cv} is not null`,
      trainee: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(jobApplications)
    .innerJoin(users, eq(users.id, jobApplications.traineeId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length === 0) return [];
  const traineeIds = [...new Set(rows.map((r) => r.trainee.id))];
  const [certs, events] = await Promise.all([
    db
      .select({
        userId: certificates.userId,
        code: certificates.certificateCode,
        courseTitle: certificates.courseTitle,
        issuedAt: certificates.issueDate,
      })
      .from(certificates)
      .where(and(inArray(certificates.userId, traineeIds), isNull(certificates.revokedAt)))
      .orderBy(desc(certificates.issueDate)),
    db
      .select()
      .from(jobApplicationEvents)
      .where(
        inArray(
          jobApplicationEvents.applicationId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(jobApplicationEvents.at), asc(jobApplicationEvents.id)),
  ]);
  return rows.map((row) => ({
    ...row,
    phone: phoneShown(row.phone),
    jobId: row.jobId!,
    status: row.status as JobApplicationStatus,
    appliedAt: row.appliedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    hasCv: Boolean(row.hasCv),
    certificates: certs
      .filter((c) => c.userId === row.trainee.id)
      .map((c) => ({ code: c.code, courseTitle: c.courseTitle, issuedAt: c.issuedAt.toISOString() })),
    history: events
      .filter((e) => e.applicationId === row.id)
      .map((e) => ({
        from: e.fromStatus as JobApplicationStatus | null,
        to: e.toStatus as JobApplicationStatus,
        note: e.note,
        at: e.at.toISOString(),
        byName: e.byName,
      })),
  }));
}

/** An application's CV with who sent it (for its file name) and for which job, or undefined. */
export async function cvOf(db: Db, id: number) {
  const [row] = await db
    .select({
      traineeId: jobApplications.traineeId,
      jobId: jobApplications.jobId,
      cv: jobApplications.cv,
      lastName: users.lastName,
    })
    .from(jobApplications)
    .innerJoin(users, eq(users.id, jobApplications.traineeId))
    .where(eq(jobApplications.id, id))
    .limit(1);
  return row;
}
