/** The jobs' reads and writes: the public board and its filter options, the employers' postings, and changes. */
import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '../auth';
import type { Db } from '../db/client';
import { jobFields, jobs } from '../db/schema';
import { containsPattern, countAll, countUpTo, distinctValues, wordsQuery, type Page } from '../http/paging';
import { isOpen } from '../job-visibility';

/** The public board counts its matches up to this many: a word every job has is not counted job by job. */
const BOARD_COUNT_CAP = 1000;
const newestFirst = [desc(jobs.postedDate), desc(jobs.id)];

interface JobQuery extends Page {
  q?: string;
  location?: string;
  jobType?: string;
  status?: 'active' | 'inactive';
}

/** The search's words among a job's (title, company, location, snippet: the full-text index of schema.ts). */
function hasWords(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const words = wordsQuery(q);
  return words === null ? sql`false` : sql`${jobs.words} @@ to_tsquery('simple'::regconfig, ${words})`;
}

/** The search text (title, company, location, snippet) and the filters of the job lists. */
function jobFilters(query: Omit<JobQuery, keyof Page>) {
  return [
    hasWords(query.q),
    query.location ? ilike(jobs.location, containsPattern(query.location)) : undefined,
    query.jobType ? eq(jobs.jobType, query.jobType) : undefined,
    query.status ? eq(jobs.isActive, query.status === 'active') : undefined,
  ];
}

/** A page of the open jobs, newest first, and how many match (counted up to BOARD_COUNT_CAP). */
export async function pageOfOpenJobs(db: Db, query: JobQuery) {
  const where = and(isOpen(), ...jobFilters(query));
  const [rows, counted] = await Promise.all([
    db
      .select(jobFields)
      .from(jobs)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset),
    countUpTo(db, jobs, where, BOARD_COUNT_CAP),
  ]);
  return { rows, counted };
}

/** The public board's filter options: the locations and job types of the open jobs. */
export async function openJobFacets(db: Db) {
  const [locations, jobTypes] = await Promise.all([
    distinctValues(db, jobs.location, isOpen()),
    distinctValues(db, jobs.jobType, isOpen()),
  ]);
  return { locations, jobTypes };
}

/** A page of an employer's postings (every employer's: undefined), with their applications and New ones. */
export async function pageOfPostings(db: Db, employerId: number | undefined, query: JobQuery) {
  const where = and(employerId === undefined ? undefined : eq(jobs.employerId, employerId), ...jobFilters(query));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        job: jobFields,
        // Written out: inside a selected expression Drizzle leaves columns unqualified, and "id" would be the
        // application's own.
        applicationCount: sql<number>`(select count(*)::int from job_applications a where a.job_id = ${jobs}.id)`,
        newApplicationCount: sql<number>`(select count(*)::int from job_applications a where a.job_id = ${jobs}.id and a.status = 'New')`,
      })
      .from(jobs)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: countAll }).from(jobs).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** An open job, or undefined. */
export async function findOpenJob(db: Db, id: number) {
  const [row] = await db
    .select(jobFields)
    .from(jobs)
    .where(and(eq(jobs.id, id), isOpen()))
    .limit(1);
  return row;
}

/** The job when it is `me`'s own, or any job for an admin; else undefined. */
export async function jobOwnedBy(db: Db, me: UserRow, id: number) {
  const [row] = await db
    .select(jobFields)
    .from(jobs)
    .where(and(eq(jobs.id, id), me.role === 'admin' ? undefined : eq(jobs.employerId, me.id)))
    .limit(1);
  return row;
}

/** A new job posting; its row. */
export async function insertJob(db: Db, values: typeof jobs.$inferInsert) {
  const [row] = await db.insert(jobs).values(values).returning(jobFields);
  return row!;
}

/** Changes a job's columns (`updatedAt` with them); the row now, or undefined when it was deleted meanwhile. */
export async function updateJob(db: Db, id: number, change: Partial<typeof jobs.$inferInsert>) {
  const [row] = await db
    .update(jobs)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(jobs.id, id))
    .returning(jobFields);
  return row;
}

/** Deletes a job; whether there was one. */
export async function deleteJob(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
  return deleted.length > 0;
}
