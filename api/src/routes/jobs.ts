import { and, desc, eq, gte, ilike, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { todayInKigali } from '@btls/shared-api/dates';
import { validation } from '@btls/shared-api/messages';
import { jobListQuerySchema, jobPayloadSchema, jobStatusPayloadSchema, myJobsQuerySchema } from '@btls/shared-api/schemas';
import type { UserRow } from '../auth';
import type { Deps } from '../app';
import type { Db } from '../db/client';
import { jobs, users } from '../db/schema';
import { badRequest, forbidden, notFound, parse } from '../http/errors';
import { containsPattern, countAll, searchAny, setPageHeaders } from '../http/paging';
import { idParam } from '../http/params';
import { sanitizeEmployerHtml, snippetOf } from '../sanitize';
import { enforceLimit } from '../rate-limit';
import { toJob } from '../serialize';

const jobId = (params: unknown) => idParam(params, 'id', 'Invalid job ID.');
const PUBLIC_NOT_FOUND = 'Job not found or no longer available.';

/** The employer behind the job is active: a deactivated employer's ads leave the public board. */
const employerActive = () =>
  sql`exists (select 1 from ${users} as employer where employer.id = ${jobs.employerId} and employer.is_active)`;

/**
 * Open to the public: active, not past its closing date (the job stays open through that day), and posted
 * by an employer whose account is active.
 */
export const isOpen = () =>
  and(eq(jobs.isActive, true), or(isNull(jobs.closingDate), gte(jobs.closingDate, todayInKigali())), employerActive());

/** The search text (title, company, location, snippet) and the filters of the job lists. */
function jobFilters(query: { q?: string; location?: string; jobType?: string; status?: 'active' | 'inactive' }) {
  return [
    searchAny(query.q, [jobs.title, jobs.companyName, jobs.location, jobs.descriptionSnippet]),
    query.location ? ilike(jobs.location, containsPattern(query.location)) : undefined,
    query.jobType ? eq(jobs.jobType, query.jobType) : undefined,
    query.status ? eq(jobs.isActive, query.status === 'active') : undefined,
  ];
}

const newestFirst = [desc(jobs.postedDate), desc(jobs.id)];

export function jobRoutes(app: FastifyInstance, { db, auth, limiters }: Deps) {
  /** A page of the open jobs, newest first; `q`, `location` and `jobType` narrow it. */
  app.get('/jobs', async (request, reply) => {
    const query = parse(jobListQuerySchema, request.query);
    const where = and(isOpen(), ...jobFilters(query));
    const [rows, [counted]] = await Promise.all([
      db.select().from(jobs).where(where).orderBy(...newestFirst).limit(query.limit).offset(query.offset),
      db.select({ total: countAll }).from(jobs).where(where),
    ]);
    setPageHeaders(request, reply, query, rows.length, counted?.total ?? 0);
    return rows.map(toJob);
  });

  /** An employer's own postings; for an admin (moderation), every posting. Also by `status`. */
  app.get('/jobs/my-postings', async (request, reply) => {
    const me = await auth.require(request, ['employer', 'admin']);
    const query = parse(myJobsQuerySchema, request.query);
    const where = and(me.role === 'admin' ? undefined : eq(jobs.employerId, me.id), ...jobFilters(query));
    const [rows, [counted]] = await Promise.all([
      db
        .select({
          job: jobs,
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
    setPageHeaders(request, reply, query, rows.length, counted?.total ?? 0);
    return rows.map(({ job, applicationCount, newApplicationCount }) => ({ ...toJob(job), applicationCount, newApplicationCount }));
  });

  /**
   * Without a token: the public detail, open jobs only. With an employer's token: the edit view (spec §7
   * "token for edit"), their own jobs only, also inactive or closed ones. An admin sees any job.
   */
  app.get('/jobs/:id', async (request) => {
    const id = jobId(request.params);
    const caller = await auth.optional(request);
    if (caller?.role === 'employer' || caller?.role === 'admin') return toJob(await jobFor(db, caller, id));
    const [row] = await db.select().from(jobs).where(and(eq(jobs.id, id), isOpen())).limit(1);
    if (!row) throw notFound(PUBLIC_NOT_FOUND);
    return toJob(row);
  });

  app.post('/jobs', async (request, reply) => {
    const me = await auth.require(request, ['employer']);
    const values = cleanJob(parse(jobPayloadSchema, request.body));
    await enforceLimit(limiters.jobPosts, String(me.id), reply, (minutes) =>
      `You have posted many jobs in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
    const [row] = await db
      .insert(jobs)
      .values({ ...values, employerId: me.id })
      .returning();
    reply.status(201);
    return { message: `Job "${row!.title}" posted successfully!`, job: toJob(row!) };
  });

  /**
   * `{ isActive }` alone toggles the status; anything else is a full edit. The owner may do both; an admin
   * (moderation) may take any job down or put it back up, but not rewrite it.
   */
  app.put('/jobs/:id', async (request) => {
    const me = await auth.require(request, ['employer', 'admin']);
    const id = jobId(request.params);
    const job = await jobFor(db, me, id);
    const body = request.body;
    const statusOnly = !!body && typeof body === 'object' && Object.keys(body).join() === 'isActive';
    if (statusOnly) {
      const { isActive } = parse(jobStatusPayloadSchema, body);
      const [row] = await db.update(jobs).set({ isActive, updatedAt: new Date() }).where(eq(jobs.id, job.id)).returning();
      if (!row) throw jobNotFound(id);
      return { message: `Job status updated to ${isActive ? 'Active' : 'Inactive'}.`, job: toJob(row) };
    }
    if (me.role === 'admin') throw forbidden('Admins can deactivate or delete a job posting, but only its employer can edit it.');
    const values = cleanJob(parse(jobPayloadSchema, body));
    const [row] = await db
      .update(jobs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(jobs.id, job.id))
      .returning();
    // Deleted meanwhile (by its employer or an admin).
    if (!row) throw jobNotFound(id);
    return { message: `Job "${row.title}" updated successfully.`, job: toJob(row) };
  });

  app.delete('/jobs/:id', async (request) => {
    const me = await auth.require(request, ['employer', 'admin']);
    const id = jobId(request.params);
    const job = await jobFor(db, me, id);
    const deleted = await db.delete(jobs).where(eq(jobs.id, job.id)).returning({ id: jobs.id });
    if (deleted.length === 0) throw jobNotFound(id);
    return { message: 'Job deleted successfully.' };
  });
}

const jobNotFound = (id: number) => notFound(`Job posting with ID ${id} not found or you're not authorized to edit it.`);

/** An employer's own job, or for an admin any job; another employer's job is answered as not found. */
async function jobFor(db: Db, me: UserRow, id: number) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), me.role === 'admin' ? undefined : eq(jobs.employerId, me.id)))
    .limit(1);
  if (!row) throw jobNotFound(id);
  return row;
}

/** Employer HTML through the allow-list; a description that sanitises to nothing counts as missing. */
function cleanJob(payload: ReturnType<typeof jobPayloadSchema.parse>) {
  const description = sanitizeEmployerHtml(payload.description);
  const snippet = snippetOf(description);
  if (!snippet) throw badRequest(validation.jobRequired);
  const requirements = payload.requirements ? sanitizeEmployerHtml(payload.requirements) || null : null;
  return { ...payload, description, descriptionSnippet: snippet, requirements };
}
