import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { todayInKigali } from '@btls/shared-api/dates';
import { validation } from '@btls/shared-api/messages';
import { jobPayloadSchema, jobStatusPayloadSchema } from '@btls/shared-api/schemas';
import type { UserRow } from '../auth';
import type { Deps } from '../app';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { badRequest, notFound, parse } from '../http/errors';
import { idParam } from '../http/params';
import { sanitizeEmployerHtml, snippetOf } from '../sanitize';
import { enforceLimit } from '../rate-limit';
import { toJob } from '../serialize';

const jobId = (params: unknown) => idParam(params, 'id', 'Invalid job ID.');
const PUBLIC_NOT_FOUND = 'Job not found or no longer available.';

/** Open to the public: active, and not past its closing date (the job stays open through that day). */
const isOpen = () => and(eq(jobs.isActive, true), or(isNull(jobs.closingDate), gte(jobs.closingDate, todayInKigali())));

export function jobRoutes(app: FastifyInstance, { db, auth, limiters }: Deps) {
  app.get('/jobs', async () => {
    const rows = await db.select().from(jobs).where(isOpen()).orderBy(desc(jobs.postedDate), desc(jobs.id));
    return rows.map(toJob);
  });

  app.get('/jobs/my-postings', async (request) => {
    const me = await auth.require(request, ['employer']);
    const rows = await db.select().from(jobs).where(eq(jobs.employerId, me.id)).orderBy(desc(jobs.postedDate), desc(jobs.id));
    return rows.map(toJob);
  });

  /**
   * Without a token: the public detail, open jobs only. With an employer's token: the edit view (spec §7
   * "token for edit"), their own jobs only, also inactive or closed ones.
   */
  app.get('/jobs/:id', async (request) => {
    const id = jobId(request.params);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
    const caller = await auth.optional(request);
    if (caller?.role === 'employer') {
      if (!row || row.employerId !== caller.id) throw notFound(`Job posting with ID ${id} not found or you're not authorized to edit it.`);
      return toJob(row);
    }
    const open = row && row.isActive && (row.closingDate === null || row.closingDate >= todayInKigali());
    if (!row || !open) throw notFound(PUBLIC_NOT_FOUND);
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

  /** `{ isActive }` alone toggles the status; anything else is a full edit. Only the owner's jobs. */
  app.put('/jobs/:id', async (request) => {
    const me = await auth.require(request, ['employer']);
    const job = await ownJob(db, me, jobId(request.params));
    const body = request.body;
    const statusOnly = !!body && typeof body === 'object' && Object.keys(body).join() === 'isActive';
    if (statusOnly) {
      const { isActive } = parse(jobStatusPayloadSchema, body);
      const [row] = await db.update(jobs).set({ isActive, updatedAt: new Date() }).where(eq(jobs.id, job.id)).returning();
      return { message: `Job status updated to ${isActive ? 'Active' : 'Inactive'}.`, job: toJob(row!) };
    }
    const values = cleanJob(parse(jobPayloadSchema, body));
    const [row] = await db
      .update(jobs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(jobs.id, job.id))
      .returning();
    return { message: `Job "${row!.title}" updated successfully.`, job: toJob(row!) };
  });

  app.delete('/jobs/:id', async (request) => {
    const me = await auth.require(request, ['employer']);
    const job = await ownJob(db, me, jobId(request.params));
    await db.delete(jobs).where(eq(jobs.id, job.id));
    return { message: 'Job deleted successfully.' };
  });
}

/** Another employer's job is answered as not found. */
async function ownJob(db: Db, me: UserRow, id: number) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.employerId, me.id)))
    .limit(1);
  if (!row) throw notFound(`Job posting with ID ${id} not found or you're not authorized to edit it.`);
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
