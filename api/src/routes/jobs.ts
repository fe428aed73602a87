/**
 * The jobs: the public board and its filter options, the employers' postings and their changes, and the admins'
 * moderation. The reads and writes are in jobs/repository.ts.
 */
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { z } from 'zod';
import { validation } from '@btls/shared-api/messages';
import {
  jobAnswerSchema,
  jobFacetsSchema,
  jobListQuerySchema,
  jobPayloadSchema,
  jobReadQuerySchema,
  jobSchema,
  jobStatusPayloadSchema,
  messageAnswerSchema,
  myJobsQuerySchema,
  DEFAULT_SALARY_CURRENCY,
  parseSalaryText,
} from '@btls/shared-api/schemas';
import type { UserRow } from '../auth';
import type { Deps } from '../deps';
import { answers, checkedInHandler, idParams, type Api } from '../http/contract';
import type { Db } from '../db/client';
import {
  deleteJob,
  findOpenJob,
  insertJob,
  jobOwnedBy,
  openJobFacets,
  pageOfOpenJobs,
  pageOfPostings,
  updateJob,
} from '../jobs/repository';
import { badRequest, forbidden, notFound, parse } from '../http/errors';
import { coded, codedWith } from '@btls/shared-api/codes';
import { setPageHeaders } from '../http/paging';
import { sanitizeEmployerHtml, snippetOf } from '../sanitize';
import { salaryColumnsOf, toJob } from '../serialize';
import { readerLanguage } from '../content-language';
import type { JobRow, JobTranslations } from '../db/schema';
import type { Language } from '@btls/shared-api/constants';

const jobParams = idParams('id', texts.job.invalidId);
/** `{ isActive }` alone toggles the status; anything else is a full edit. */
const isStatusOnly = (body: unknown) => !!body && typeof body === 'object' && Object.keys(body).join() === 'isActive';
const jobUpdateBody = checkedInHandler(
  z.union([jobStatusPayloadSchema, jobPayloadSchema]),
  '`{ "isActive": … }` alone changes the status; any other body is a full edit (the fields of POST /api/jobs). ' +
    'Which of the two is meant is told by the keys, so the handler checks it.',
);
const PUBLIC_NOT_FOUND = texts.fallback.publicJobNotFound;

export function jobRoutes(app: Api, { db, auth, limiters }: Deps) {
  /** A page of the open jobs, newest first; `q`, `location` and `jobType` narrow it. */
  app.get(
    '/jobs',
    {
      schema: {
        summary: 'A page of the open jobs, newest first.',
        querystring: jobListQuerySchema,
        response: answers({ 200: jobSchema.array() }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, counted } = await pageOfOpenJobs(db, query);
      setPageHeaders(request, reply, query, rows.length, counted.total, counted.capped);
      const view = { reader: readerLanguage(request, reply) };
      return rows.map((row) => toJob(row, view));
    },
  );

  /** The public board's filter options: the locations and job types of the open jobs. */
  app.get(
    '/jobs/facets',
    {
      schema: { summary: "The public job board's filter options.", response: answers({ 200: jobFacetsSchema }) },
    },
    async () => openJobFacets(db),
  );

  /** An employer's own postings; for an admin (moderation), every posting. Also by `status`. */
  app.get(
    '/jobs/my-postings',
    {
      preValidation: auth.guard(['employer', 'admin']),
      schema: {
        summary: "An employer's own postings; for an admin, every posting (paged).",
        querystring: myJobsQuerySchema,
        response: answers({ 200: jobSchema.array() }),
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const query = request.query;
      const { rows, total } = await pageOfPostings(db, me.role === 'admin' ? undefined : me.id, query);
      setPageHeaders(request, reply, query, rows.length, total);
      const view = { reader: readerLanguage(request, reply), allTexts: true };
      return rows.map(({ job, applicationCount, newApplicationCount }) => ({
        ...toJob(job, view),
        applicationCount,
        newApplicationCount,
      }));
    },
  );

  /**
   * Without a token: the public detail, open jobs only. With an employer's token: the edit view (docs/product.md §7
   * "token for edit"), their own jobs only, also inactive or closed ones. An admin sees any job.
   */
  app.get(
    '/jobs/:id',
    {
      schema: {
        summary: "One open job; with an employer's token their own job in any state (any job for an admin).",
        params: jobParams,
        querystring: jobReadQuerySchema,
        response: answers({ 200: jobSchema }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const caller = await auth.optional(request);
      const reader = readerLanguage(request, reply);
      if (caller?.role === 'employer' || caller?.role === 'admin')
        return toJob(await jobFor(db, caller, id), { reader, allTexts: true });
      const row = await findOpenJob(db, id);
      if (!row) throw notFound(PUBLIC_NOT_FOUND);
      return toJob(row, { reader });
    },
  );

  app.post(
    '/jobs',
    {
      preValidation: auth.guard(['employer']),
      schema: {
        summary: 'Post a job (rate-limited per employer).',
        body: jobPayloadSchema,
        response: answers({ 201: jobAnswerSchema }, [429]),
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const values = cleanJob(request.body);
      await limiters.jobPosts.enforce(String(me.id));
      const row = await insertJob(db, { ...values, employerId: me.id });
      reply.status(201);
      return { ...codedWith('notice.jobPosted', { title: row.title }), job: ownView(row) };
    },
  );

  /**
   * `{ isActive }` alone toggles the status; anything else is a full edit. The owner may do both; an admin
   * (moderation) may take any job down or put it back up, but not rewrite it.
   */
  app.put(
    '/jobs/:id',
    {
      preValidation: auth.guard(['employer', 'admin']),
      schema: {
        summary: 'Change a job posting, or only its status.',
        params: jobParams,
        body: jobUpdateBody,
        response: answers({ 200: jobAnswerSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const { id } = request.params;
      const job = await jobFor(db, me, id);
      const body: unknown = request.body;
      if (isStatusOnly(body)) {
        const { isActive } = parse(jobStatusPayloadSchema, body);
        const row = await updateJob(db, job.id, { isActive });
        if (!row) throw jobNotFound(id);
        return { ...coded(isActive ? 'notice.jobActivated' : 'notice.jobDeactivated'), job: ownView(row) };
      }
      if (me.role === 'admin') throw forbidden(texts.job.adminCannotEdit);
      const values = cleanJob(parse(jobPayloadSchema, body), job);
      const row = await updateJob(db, job.id, values);
      // Deleted meanwhile (by its employer or an admin).
      if (!row) throw jobNotFound(id);
      return { ...codedWith('notice.jobUpdated', { title: row.title }), job: ownView(row) };
    },
  );

  app.delete(
    '/jobs/:id',
    {
      preValidation: auth.guard(['employer', 'admin']),
      schema: {
        summary: 'Delete a job posting (its employer, or an admin).',
        params: jobParams,
        response: answers({ 200: messageAnswerSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const { id } = request.params;
      const job = await jobFor(db, me, id);
      if (!(await deleteJob(db, job.id))) throw jobNotFound(id);
      return coded('notice.jobDeleted');
    },
  );
}

const jobNotFound = (id: number) => notFound(codedWith('job.notFoundOrNotYours', { id }));

/** An employer's own job, or for an admin any job; another employer's job is answered as not found. */
async function jobFor(db: Db, me: UserRow, id: number) {
  const row = await jobOwnedBy(db, me, id);
  if (!row) throw jobNotFound(id);
  return row;
}

/**
 * Employer HTML through the allow-list (a description that sanitises to nothing counts as missing), and the
 * salary's columns.
 */
function cleanJob(payload: z.output<typeof jobPayloadSchema>, before?: JobRow) {
  const { language: given, translations: givenTranslations, ...fields } = payload;
  const description = sanitizeEmployerHtml(fields.description);
  const snippet = snippetOf(description);
  if (!snippet) throw badRequest(validation.jobRequired);
  const requirements = fields.requirements ? sanitizeEmployerHtml(fields.requirements) || null : null;
  // A page that does not know languages sends neither: the posting keeps its language and its translations.
  const language = given ?? (before?.language as Language | undefined) ?? 'en';
  const translations = givenTranslations
    ? cleanTranslations(givenTranslations, language)
    : Object.fromEntries(Object.entries(before?.translations ?? {}).filter(([other]) => other !== language));
  return {
    ...fields,
    description,
    descriptionSnippet: snippet,
    requirements,
    language,
    translations,
    ...salaryColumns(payload),
  };
}

/**
 * The translations as kept: through the same allow-list as the posting's own texts, whole ones only (a description
 * that sanitises to nothing is refused beside its field), none in the posting's own language.
 */
function cleanTranslations(
  given: NonNullable<z.output<typeof jobPayloadSchema>['translations']>,
  own: Language,
): JobTranslations {
  const kept: JobTranslations = {};
  for (const [language, texts] of Object.entries(given) as [Language, (typeof given)[Language]][]) {
    if (language === own || !texts?.title || !texts.description) continue;
    const description = sanitizeEmployerHtml(texts.description);
    const snippet = snippetOf(description);
    if (!snippet) throw badRequest(validation.translationNeedsDescription);
    const requirements = texts.requirements ? sanitizeEmployerHtml(texts.requirements) || null : null;
    kept[language] = { title: texts.title, description, descriptionSnippet: snippet, requirements };
  }
  return kept;
}

/** A posting as its employer sees it after a change: in its own language, with every version. */
const ownView = (row: JobRow) => toJob(row, { reader: row.language as Language, allTexts: true });

/**
 * The salary as the jobs table keeps it: the amounts when given (the schema made sure they have a period), else
 * the free text a page released before amounts sends, as amounts when it says them plainly and as written
 * otherwise; a currency or period without amounts is no salary.
 */
function salaryColumns(payload: z.output<typeof jobPayloadSchema>) {
  const salary =
    payload.salaryMin !== null && payload.salaryPeriod !== null
      ? {
          min: payload.salaryMin,
          max: payload.salaryMax,
          currency: payload.salaryCurrency ?? DEFAULT_SALARY_CURRENCY,
          period: payload.salaryPeriod,
        }
      : parseSalaryText(payload.salaryRange);
  return { ...salaryColumnsOf(salary), salaryRange: salary ? null : payload.salaryRange };
}
