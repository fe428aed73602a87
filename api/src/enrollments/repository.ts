/**
 * The enrollments' reads and writes (a trainee's applications for courses): what the routes in
 * routes/enrollments.ts ask of the database, each on the database or the caller's transaction. The lists as the
 * areas show them, and who may see or write one, are in enrollment-access.ts.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { EnrollmentStatus } from '@btls/shared-api/constants';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import type { Db } from '../db/client';
import { certificates, courses, enrollments, users } from '../db/schema';
import { selectEnrollments } from '../enrollment-access';
import { notFound } from '../http/errors';

export const newestFirst = [desc(enrollments.applicationDate), desc(enrollments.id)];
const oldestFirst = [asc(enrollments.applicationDate), asc(enrollments.id)];
export const ORDERS = { newest: newestFirst, oldest: oldestFirst, course: [asc(courses.title), ...oldestFirst] };
/** A trainer's list: the trainings still running (Approved) before the completed ones, each newest first. */
export const runningFirst = [sql`case when ${enrollments.status} = 'Approved' then 0 else 1 end`, ...newestFirst];

/** The admin's review list: by status, course, and the Completed ones still without a certificate. */
export function reviewListWhere(query: {
  status?: EnrollmentStatus;
  courseId?: number;
  awaitingCertificate?: boolean;
}): SQL | undefined {
  return and(
    query.status ? eq(enrollments.status, query.status) : undefined,
    query.courseId ? eq(enrollments.courseId, query.courseId) : undefined,
    query.awaitingCertificate
      ? and(
          eq(enrollments.status, 'Completed'),
          sql`not exists (select 1 from ${certificates} where ${certificates.enrollmentId} = ${enrollments.id})`,
        )
      : undefined,
  );
}

/** A trainee's own applications. */
export const ownApplicationsWhere = (traineeId: number) => eq(enrollments.traineeId, traineeId);

/** A trainer's assignments: Approved and Completed ones, or the one `status` names. */
export const assignedTrainingsWhere = (trainerId: number, status: EnrollmentStatus | undefined) =>
  and(
    eq(enrollments.assignedTrainerId, trainerId),
    status ? eq(enrollments.status, status) : inArray(enrollments.status, ['Approved', 'Completed']),
  );

/** One enrollment as the areas show it, or undefined. */
export async function enrollmentById(db: Db, id: number) {
  const [enrollment] = await selectEnrollments(db, eq(enrollments.id, id), []);
  return enrollment;
}

/** The enrollment's row, or undefined. */
export async function findEnrollment(db: Db, id: number) {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id)).limit(1);
  return row;
}

/** A new Pending application of a trainee for a course; its id. */
export async function insertApplication(
  tx: Db,
  values: Omit<typeof enrollments.$inferInsert, 'status' | 'traineeId' | 'courseId'> & {
    courseId: number;
    traineeId: number;
  },
) {
  const [row] = await tx
    .insert(enrollments)
    .values({ ...values, status: 'Pending' })
    .returning({ id: enrollments.id });
  return row!;
}

/** The trainer's own Approved enrollment, Completed; undefined when it is no longer so. */
export async function completeTraining(tx: Db, id: number, trainerId: number) {
  const [done] = await tx
    .update(enrollments)
    .set({ status: 'Completed', updatedAt: new Date() })
    .where(
      and(eq(enrollments.id, id), eq(enrollments.status, 'Approved'), eq(enrollments.assignedTrainerId, trainerId)),
    )
    .returning({ id: enrollments.id });
  return done;
}

/** A user, share-locked: they cannot be deactivated or demoted before the caller's transaction commits. */
export async function shareLockedUser(tx: Db, id: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('share');
  return user;
}

/** The enrollments with these ids, locked for update in the order of their ids (two reviews never deadlock). */
export async function lockEnrollments(tx: Db, ids: number[]) {
  return tx
    .select({ id: enrollments.id, status: enrollments.status, trainerId: enrollments.assignedTrainerId })
    .from(enrollments)
    .where(inArray(enrollments.id, ids))
    .orderBy(asc(enrollments.id))
    .for('update');
}

/** The review's change of these enrollments; each with its notes now. */
export async function setReview(
  tx: Db,
  ids: number[],
  change: { status: EnrollmentStatus; adminNotes: string | null | undefined; trainerId: number | undefined },
) {
  return tx
    .update(enrollments)
    .set({
      status: change.status,
      ...(change.adminNotes !== undefined ? { adminNotes: change.adminNotes } : {}),
      ...(change.trainerId !== undefined ? { assignedTrainerId: change.trainerId } : {}),
      updatedAt: new Date(),
    })
    .where(inArray(enrollments.id, ids))
    .returning({ id: enrollments.id, adminNotes: enrollments.adminNotes });
}

/** The trainer of an Approved enrollment; undefined when it is no longer Approved. */
export async function assignTrainer(tx: Db, id: number, trainerId: number) {
  const [assigned] = await tx
    .update(enrollments)
    .set({ assignedTrainerId: trainerId, updatedAt: new Date() })
    .where(and(eq(enrollments.id, id), eq(enrollments.status, 'Approved')))
    .returning({ id: enrollments.id });
  return assigned;
}

/** The trainee and course of an enrollment, for the e-mails about it. */
export async function enrollmentParties(tx: Db, id: number) {
  const [row] = await tx
    .select({ trainee: users, course: courses })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.traineeId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, id))
    .limit(1);
  if (!row) throw notFound(texts.jobApplication.notFound);
  return row;
}
