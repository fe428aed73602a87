/** The enrollment as answers show it (joined with course, trainee and trainer), and who may see one. */
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Enrollment } from '@btls/shared-api/schemas';
import type { UserRow } from './auth';
import type { Db } from './db/client';
import { courses, enrollments, users } from './db/schema';
import { conflict, notFound } from './http/errors';
import { searchAny } from './http/paging';

const trainee = alias(users, 'trainee');
const trainer = alias(users, 'trainer');

/** The enrollments `where` picks, in `orderBy`, joined with their course, trainee and trainer. */
export async function selectEnrollments(db: Db, where: SQL | undefined, orderBy: SQL[]): Promise<Enrollment[]> {
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
    .orderBy(...orderBy);
  return rows.map((row) => ({
    ...row,
    applicationId: row.id,
    applicationDate: row.applicationDate.toISOString(),
    status: row.status as Enrollment['status'],
  }));
}

/** Which enrollments a list shows: a condition on the enrollment's own columns, and a search text. */
export interface EnrollmentFilter {
  where?: SQL;
  /** Over the course title, the trainee's name and e-mail and the trainer's name. */
  q?: string;
}

/**
 * A page of the enrollments `filter` picks in `orderBy` (which may name the course), and how many there are.
 * One pass over the matches picks the page's ids and counts them; only the page's rows are then joined with
 * the people (every match used to be joined with 50,000 users before the limit, and counted in a
 * second pass).
 */
export async function pageOfEnrollments(
  db: Db,
  filter: EnrollmentFilter,
  orderBy: SQL[],
  page: { limit: number; offset: number },
): Promise<{ rows: Enrollment[]; total: number }> {
  // The search reads the enrollment's own search text (course, trainee, trainer: kept by the database, migration
  // 0012) through its trigram index (a search of three tables took 60 ms at 100,000 enrollments).
  const where = and(filter.where, searchAny(filter.q, [enrollments.searchText]));
  const picked = await db
    .select({ id: enrollments.id, total: sql<number>`(count(*) over ())::int` })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  if (picked.length === 0) {
    // A page past the end has no row to carry the count.
    if (page.offset === 0) return { rows: [], total: 0 };
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(enrollments)
      .where(where);
    return { rows: [], total: counted?.total ?? 0 };
  }
  const ids = picked.map((row) => row.id);
  return { rows: await selectEnrollments(db, inArray(enrollments.id, ids), orderBy), total: picked[0]?.total ?? 0 };
}

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
  if (row.status !== 'Approved') throw conflict(texts.enrollment.progressOnlyApproved);
  return row;
}
