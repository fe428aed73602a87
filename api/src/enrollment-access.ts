/** The enrollment as answers show it (joined with course, trainee and trainer), and who may see one. */
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Enrollment } from '@btls/shared-api/schemas';
import type { UserRow } from './auth';
import type { Db } from './db/client';
import { courses, enrollments, users } from './db/schema';
import { badRequest, notFound } from './http/errors';
import { searchAny } from './http/paging';

const trainee = alias(users, 'trainee');
const trainer = alias(users, 'trainer');

export async function selectEnrollments(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  page: { limit: number; offset: number } = { limit: 1, offset: 0 },
): Promise<Enrollment[]> {
  const rows = await db
    .select({
      id: enrollments.id,
      courseId: enrollments.courseId,
      courseTitle: courses.title,
      courseCategory: courses.category,
      courseLevel: courses.level,
      traineeId: enrollments.traineeId,
      traineeFirstName: trainee.firstName,
      traineeLastName: trainee.lastName,
      traineeEmail: trainee.email,
      applicationDate: enrollments.applicationDate,
      preferredStartDate: enrollments.preferredStartDate,
      applicantNotes: enrollments.applicantNotes,
      adminNotes: enrollments.adminNotes,
      status: enrollments.status,
      assignedTrainerId: enrollments.assignedTrainerId,
      trainerFirstName: trainer.firstName,
      trainerLastName: trainer.lastName,
      trainerEmail: trainer.email,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(trainee, eq(trainee.id, enrollments.traineeId))
    .leftJoin(trainer, eq(trainer.id, enrollments.assignedTrainerId))
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    ...row,
    applicationId: row.id,
    applicationDate: row.applicationDate.toISOString(),
    status: row.status as Enrollment['status'],
  }));
}

/** How many enrollments match `where` (which may name the course, trainee and trainer of selectEnrollments). */
export async function countEnrollments(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(trainee, eq(trainee.id, enrollments.traineeId))
    .leftJoin(trainer, eq(trainer.id, enrollments.assignedTrainerId))
    .where(where);
  return counted?.total ?? 0;
}

/** `q` over the course title and the trainee's and trainer's names and e-mails. */
export const enrollmentSearch = (q: string | undefined) =>
  searchAny(q, [
    courses.title,
    trainee.email,
    sql`${trainee.firstName} || ' ' || ${trainee.lastName}`,
    sql`coalesce(${trainer.firstName} || ' ' || ${trainer.lastName}, '')`,
  ]);

export type EnrollmentRow = typeof enrollments.$inferSelect;

/**
 * The enrollment if `user` may see it: an admin any, a trainee their own, a trainer the ones assigned to
 * them. Anything else is answered as not found, so ids of other people's enrollments tell nothing.
 */
export async function enrollmentVisibleTo(db: Db, user: UserRow, id: number): Promise<EnrollmentRow> {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id)).limit(1);
  if (row && canSee(user, row)) return row;
  throw notFound(user.role === 'trainer' ? texts.enrollment.notFoundOrNotAssigned : texts.enrollment.notFound);
}

function canSee(user: UserRow, row: EnrollmentRow): boolean {
  switch (user.role) {
    case 'admin':
      return true;
    case 'trainer':
      return row.assignedTrainerId === user.id;
    case 'trainee':
      return row.traineeId === user.id;
    default:
      return false;
  }
}

/** Progress is written only by the trainer assigned to the enrollment, while the training runs (Approved). */
export async function enrollmentWritableBy(db: Db, assignedTrainer: UserRow, id: number): Promise<EnrollmentRow> {
  const row = await enrollmentVisibleTo(db, assignedTrainer, id);
  if (row.status !== 'Approved') throw badRequest(texts.enrollment.progressOnlyApproved);
  return row;
}
