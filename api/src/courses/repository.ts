/** The courses' reads and writes: the catalogue and its filter options, one course, and the admins' changes. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { LANGUAGES } from '@btls/shared-api/constants';
import type { Db } from '../db/client';
import { courses } from '../db/schema';
import { countAll, distinctValues, searchAny, type Page } from '../http/paging';

export type CourseRow = typeof courses.$inferSelect;

/** A course, or undefined. */
export async function findCourse(db: Db, id: number): Promise<CourseRow | undefined> {
  const [course] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return course;
}

/**
 * A page of the courses, newest first: `status` active or inactive (none: both); `q` searches title,
 * description and tags, in every language the course is written in; `category`, `level` and `trainingCenter` filter.
 */
export async function pageOfCourses(
  db: Db,
  query: Page & {
    status: 'active' | 'inactive' | undefined;
    q?: string;
    category?: string;
    level?: string;
    trainingCenter?: string;
  },
) {
  const where = and(
    query.status ? eq(courses.isActive, query.status === 'active') : undefined,
    // In any of its languages: a reader searches in theirs, which may not be the course's own.
    searchAny(query.q, [
      courses.title,
      courses.description,
      sql`array_to_string(${courses.tags}, ' ')`,
      ...LANGUAGES.flatMap((language) => [
        sql`(${courses.translations}->${language}->>'title')`,
        sql`(${courses.translations}->${language}->>'description')`,
        sql`(${courses.translations}->${language}->>'tags')`,
      ]),
    ]),
    query.category ? eq(courses.category, query.category) : undefined,
    query.level ? eq(courses.level, query.level) : undefined,
    query.trainingCenter ? eq(courses.trainingCenter, query.trainingCenter) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db.select().from(courses).where(where).orderBy(desc(courses.id)).limit(query.limit).offset(query.offset),
    db.select({ total: countAll }).from(courses).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** What the active courses hold: the public catalogue's filter options, so every option finds something. */
export async function activeCourseFacets(db: Db) {
  const distinct = (column: typeof courses.category | typeof courses.level | typeof courses.trainingCenter) =>
    distinctValues(db, column, eq(courses.isActive, true));
  const [categories, levels, trainingCenters] = await Promise.all([
    distinct(courses.category),
    distinct(courses.level),
    distinct(courses.trainingCenter),
  ]);
  return { categories, levels, trainingCenters };
}

/** A new course; its row. */
export async function insertCourse(tx: Db, values: typeof courses.$inferInsert) {
  const [row] = await tx.insert(courses).values(values).returning();
  return row!;
}

/** A course's image and languages, the course locked for update (an edit of it), or undefined when there is no such course. */
export async function lockCourseImage(tx: Db, id: number) {
  const [before] = await tx
    .select({ imageUrl: courses.imageUrl, language: courses.language, translations: courses.translations })
    .from(courses)
    .where(eq(courses.id, id))
    .for('update');
  return before;
}

/** Changes a course's columns (`updatedAt` with them); the row now, or undefined. */
export async function updateCourse(tx: Db, id: number, change: Partial<typeof courses.$inferInsert>) {
  const [row] = await tx
    .update(courses)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(courses.id, id))
    .returning();
  return row;
}

/** Deletes a course; its image then, or undefined when there was no such course. */
export async function deleteCourse(tx: Db, id: number) {
  const [deleted] = await tx.delete(courses).where(eq(courses.id, id)).returning({ imageUrl: courses.imageUrl });
  return deleted;
}
