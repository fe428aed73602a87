/**
 * Job applications: a trainee applies for an open job with their verified certificates as the CV;
 * the job's employer moves applications through the pipeline; admins read them. Who sees what: the trainee
 * their own; the job's employer and admins the job's applications (anyone else: 404); the phone, cover note
 * and CV nobody else. The reads and writes are in job-applications/repository.ts.
 */
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { canMoveApplication, MAX_CV_BYTES, type JobApplicationStatus } from '@btls/shared-api/constants';
import { fallback, jobApplication as words } from '@btls/shared-api/messages';
import { wordsFor, type MailWords } from '../mail/words';
import {
  jobApplicantSchema,
  noticeFields,
  jobApplicantsQuerySchema,
  jobApplicationBulkStatusPayloadSchema,
  jobApplicationPayloadSchema,
  jobApplicationsSummarySchema,
  jobApplicationStatusPayloadSchema,
  myJobApplicationSchema,
  myJobApplicationsQuerySchema,
  type JobApplicant,
  type MyJobApplication,
} from '@btls/shared-api/schemas';
import type { Deps } from '../deps';
import type { UserRow } from '../auth';
import { cvKindOf } from '../job-applications/cv';
import { isRealPhoneNumber } from '../job-applications/phone';
import { idempotentWrites } from '../http/idempotency';
import { isForeignKeyViolation, isUniqueViolation, type Db } from '../db/client';
import { jobApplications, type JobRow } from '../db/schema';
import { answers, binary, checkedInHandler, idParams, nonJson, type Api } from '../http/contract';
import { badRequest, conflict, forbidden, HttpError, notFound, parse } from '../http/errors';
import { coded, codedWith } from '@btls/shared-api/codes';
import { setPageHeaders } from '../http/paging';
import {
  applicantFilter,
  applicationsSummary,
  countApplicants,
  cvOf,
  employerOf,
  findApplication,
  insertApplication,
  jobReadableBy,
  lockApplicationsOfJob,
  lockedOpenJob,
  lockOwnApplication,
  pageOfOwnApplications,
  recordMoves,
  selectApplicants,
  setApplicationStatus,
  validCertificateCount,
  withdrawApplication,
  type JobApplicationRow,
} from '../job-applications/repository';

const jobParams = idParams('id', texts.job.invalidId);
const applicationParams = idParams('id', texts.jobApplication.invalidId);
const applicationBody = checkedInHandler(
  jobApplicationPayloadSchema,
  'JSON `{ phone?, coverNote? }`, or a multipart form with the same fields and the CV as `cv` (a PDF, a Word ' +
    'document or a JPEG/PNG photo, at most 5 MB, checked by its bytes). Checked after the form is read.',
  { files: { cv: 'The CV: a PDF, .docx, .doc, JPEG or PNG, at most 5 MB' } },
);
/** The API's own check of the phone on top of the shared shape check: a number some country gives out. */
const applicationPayload = jobApplicationPayloadSchema.refine(
  (payload) => !payload.phone || isRealPhoneNumber(payload.phone),
  {
    message: words.invalidPhone,
    path: ['phone'],
  },
);
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

export function jobApplicationRoutes(app: Api, deps: Deps) {
  applicationRoutes(app, deps);
  applicantRoutes(app, deps);
}

/** A trainee's applications (applying, reading, withdrawing), and the counts the employers see. */
function applicationRoutes(app: Api, { db, auth, notify }: Deps) {
  // An application made without network is sent by the phone when it is back, perhaps twice (the page and the
  // service worker, or again after a lost answer): with the same Idempotency-Key it is stored once.
  // What a key is for is the whole form: its fields and its CV, read once here and kept for the handler.
  const read = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof readApplication>>>();
  const idempotency = idempotentWrites(db, auth, async (request) => {
    const input = await readApplication(request);
    read.set(request, input);
    return { fields: input.fields, cv: input.cv ? createHash('sha256').update(input.cv).digest('base64url') : null };
  });
  /** A trainee applies for an open job: JSON `{phone?, coverNote?}`, or a multipart form with the CV as `cv`. */
  app.post(
    '/jobs/:id/applications',
    {
      preValidation: auth.guard(),
      ...idempotency,
      schema: {
        summary:
          'A trainee applies for an open job. With an `Idempotency-Key` header, a repeat answers the first answer ' +
          'again (`Idempotent-Replayed: true`) instead of a second application.',
        params: jobParams,
        body: applicationBody,
        response: answers({ 201: myJobApplicationSchema }, [403]),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const me = auth.caller(request);
      if (me.role !== 'trainee') throw forbidden(words.onlyTrainees);
      const input = read.get(request) ?? (await readApplication(request));
      const payload = parse(applicationPayload, input.fields);
      let created: JobApplicationRow;
      try {
        created = await db.transaction(async (tx) => {
          // Locked, so a job closed or deleted meanwhile cannot take an application after the check.
          const job = await lockedOpenJob(tx, id);
          if (!job) throw notFound(fallback.publicJobNotFound);
          const row = await insertApplication(tx, {
            jobId: job.id,
            traineeId: me.id,
            jobTitle: job.title,
            companyName: job.companyName,
            phone: payload.phone,
            coverNote: payload.coverNote,
            cv: input.cv ?? null,
          });
          await recordMoves(tx, [{ applicationId: row.id, toStatus: 'New', byId: me.id, byName: fullName(me) }]);
          const employer = await employerOf(tx, job.employerId);
          const shared = await validCertificateCount(tx, me.id);
          if (employer?.isActive) await notify.jobApplicationReceived(tx, employer, job, me, shared);
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(words.alreadyApplied);
        if (isForeignKeyViolation(error)) throw notFound(fallback.publicJobNotFound);
        throw error;
      }
      reply.status(201);
      return toMine(created);
    },
  );

  /** The trainee's own applications, newest first (`jobId` picks the one for a job). */
  app.get(
    '/job-applications/mine',
    {
      preValidation: auth.guard(['trainee']),
      schema: {
        summary: "The trainee's own job applications (paged).",
        querystring: myJobApplicationsQuerySchema,
        response: answers({ 200: myJobApplicationSchema.array() }),
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const query = request.query;
      const { rows, total } = await pageOfOwnApplications(db, me.id, query);
      setPageHeaders(request, reply, query, rows.length, total);
      return rows.map(toMine);
    },
  );

  /** Applications received: for an employer on their jobs, for an admin on every job; `new` still New. */
  app.get(
    '/job-applications/summary',
    {
      preValidation: auth.guard(['employer', 'admin']),
      schema: {
        summary: 'How many applications an employer (or, for an admin, the site) received, and how many are New.',
        response: answers({ 200: jobApplicationsSummarySchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      return applicationsSummary(db, me.role === 'admin' ? undefined : me.id);
    },
  );

  /** The trainee withdraws, while the application is still New. */
  app.delete(
    '/job-applications/:id',
    {
      preValidation: auth.guard(['trainee']),
      schema: {
        summary: 'The trainee withdraws an application that is still New.',
        params: applicationParams,
        response: answers({ 200: z.object({ ...noticeFields, application: myJobApplicationSchema }) }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const { id } = request.params;
      const row = await db.transaction(async (tx) => {
        const current = await lockOwnApplication(tx, id, me.id);
        if (!current) throw notFound(words.notFound);
        if (current.status !== 'New') throw conflict(words.withdrawOnlyNew);
        const updated = await withdrawApplication(tx, id);
        await recordMoves(tx, [
          { applicationId: id, fromStatus: 'New', toStatus: 'Withdrawn', byId: me.id, byName: fullName(me) },
        ]);
        return updated;
      });
      return { ...coded('notice.jobApplicationWithdrawn'), application: toMine(row) };
    },
  );
}

/** A job's applicants as its employer works them (admins read), and the CV. */
function applicantRoutes(app: Api, { db, auth, notify }: Deps) {
  /** A job's applications for its employer (and admins, read-only): `status` filters, `q` searches name or course. */
  app.get(
    '/jobs/:id/applications',
    {
      preValidation: auth.guard(['employer', 'admin']),
      schema: {
        summary: "A job's applications, for its employer and admins (paged; `status`, `q`).",
        params: jobParams,
        querystring: jobApplicantsQuerySchema,
        response: answers({ 200: jobApplicantSchema.array() }),
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const job = await jobReadableBy(db, me, request.params.id);
      const query = request.query;
      const where = applicantFilter(job.id, query);
      const [rows, total] = await Promise.all([selectApplicants(db, where, query), countApplicants(db, where)]);
      setPageHeaders(request, reply, query, rows.length, total);
      return rows;
    },
  );

  /** The same list (all of it, with the filters) as a CSV file for a spreadsheet. */
  app.get(
    '/jobs/:id/applications.csv',
    {
      preValidation: auth.guard(['employer', 'admin']),
      schema: {
        summary: "A job's applications (all of them, with the filters) as a CSV file.",
        params: jobParams,
        querystring: jobApplicantsQuerySchema,
        response: answers({
          200: nonJson('text/csv', 'One row per applicant: name, e-mail, phone, status, date, certificates, note, CV'),
        }),
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const job = await jobReadableBy(db, me, request.params.id);
      const query = request.query;
      const rows = await selectApplicants(db, applicantFilter(job.id, query), { limit: 100_000, offset: 0 });
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="applicants-job-${job.id}.csv"`);
      return applicantsCsv(rows, wordsFor(me.language));
    },
  );

  /** The job's employer moves one application along the pipeline, with an optional note. */
  app.patch(
    '/job-applications/:id',
    {
      preValidation: auth.guard(['employer', 'admin']),
      schema: {
        summary: "The job's employer moves an application along the pipeline (admins read only).",
        params: applicationParams,
        body: jobApplicationStatusPayloadSchema,
        response: answers({ 200: jobApplicantSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const { id } = request.params;
      const payload = request.body;
      const current = await findApplication(db, id);
      if (!current?.jobId) throw notFound(words.notFound);
      const job = await jobReadableBy(db, me, current.jobId, words.notFound);
      if (me.role !== 'employer') throw forbidden(words.adminReadOnly);
      await moveApplications(db, notify, me, job, [id], payload.status, payload.note);
      const [row] = await selectApplicants(db, eq(jobApplications.id, id), { limit: 1, offset: 0 });
      return row;
    },
  );

  /** Several at once: all move, or none (409 naming the first that cannot). */
  app.post(
    '/jobs/:id/applications/status',
    {
      preValidation: auth.guard(['employer', 'admin']),
      schema: {
        summary: 'Moves several applications of a job at once: all, or none.',
        params: jobParams,
        body: jobApplicationBulkStatusPayloadSchema,
        response: answers({ 200: z.object({ ...noticeFields, applications: jobApplicantSchema.array() }) }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const job = await jobReadableBy(db, me, request.params.id);
      if (me.role !== 'employer') throw forbidden(words.adminReadOnly);
      const payload = request.body;
      const ids = [...new Set(payload.ids)];
      await moveApplications(db, notify, me, job, ids, payload.status, payload.note);
      return {
        ...codedWith('notice.jobApplicationsMoved', { count: ids.length, status: payload.status }),
        applications: await selectApplicants(db, inArray(jobApplications.id, ids), { limit: ids.length, offset: 0 }),
      };
    },
  );

  /** The CV, for the job's employer, admins and the applicant. */
  app.get(
    '/job-applications/:id/cv',
    {
      preValidation: auth.guard(),
      schema: {
        summary: "An application's CV, for the job's employer, admins and the applicant.",
        params: applicationParams,
        response: answers({
          200: nonJson(
            'application/pdf',
            'The CV the applicant sent: a PDF, or a Word document or photo under its own type (' +
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document, application/msword, ' +
              'image/jpeg, image/png), named in Content-Disposition with its extension',
            binary,
          ),
        }),
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const { id } = request.params;
      const row = await cvOf(db, id);
      if (!row) throw notFound(words.notFound);
      if (row.traineeId !== me.id) {
        if ((me.role !== 'employer' && me.role !== 'admin') || !row.jobId) throw notFound(words.notFound);
        await jobReadableBy(db, me, row.jobId, words.notFound);
      }
      if (!row.cv) throw notFound(words.noCv);
      const cv = Buffer.from(row.cv);
      // Each kind under its own type and extension (a photo opens as a photo); a CV stored before other kinds
      // were taken is a PDF.
      const kind = cvKindOf(cv) ?? { extension: 'pdf', contentType: 'application/pdf' };
      const name = `cv-${row.lastName.replace(/[^A-Za-z0-9-]+/g, '') || 'applicant'}-${id}.${kind.extension}`;
      reply
        .header('Content-Type', kind.contentType)
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'private, no-store');
      return reply.send(cv);
    },
  );
}

type MoveNotify = Deps['notify'];

/**
 * Moves applications of `job` to `status` under row locks: each must be allowed by the pipeline from its
 * current status (409 otherwise, nothing changed); each move is recorded and its trainee told.
 */
async function moveApplications(
  db: Db,
  notify: MoveNotify,
  me: UserRow,
  job: JobRow,
  ids: number[],
  status: JobApplicationStatus,
  note: string | null,
) {
  await db.transaction(async (tx) => {
    const rows = await lockApplicationsOfJob(tx, ids, job.id);
    if (rows.length !== ids.length) throw notFound(words.notFound);
    for (const { application, trainee } of rows) {
      const from = application.status as JobApplicationStatus;
      if (!canMoveApplication(from, status)) {
        throw conflict(codedWith('jobApplication.moveNotAllowed', { name: fullName(trainee), from, to: status }));
      }
    }
    const now = new Date();
    await setApplicationStatus(tx, ids, status, now);
    await recordMoves(
      tx,
      rows.map(({ application }) => ({
        applicationId: application.id,
        fromStatus: application.status,
        toStatus: status,
        note,
        byId: me.id,
        byName: fullName(me),
        at: now,
      })),
    );
    for (const { trainee } of rows) {
      if (trainee.isActive) await notify.jobApplicationStatusChanged(tx, trainee, job, status, note);
    }
  });
}

function toMine(row: JobApplicationRow): MyJobApplication {
  return {
    id: row.id,
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    companyName: row.companyName,
    status: row.status as JobApplicationStatus,
    appliedAt: row.appliedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A CSV cell: quoted, and a leading =, +, - or @ defused so a spreadsheet never runs it as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** In the reader's language: the headers, the statuses and yes/no; the data as stored. */
function applicantsCsv(rows: JobApplicant[], w: MailWords): string {
  const header = w.applicantsCsv.header;
  const lines = rows.map((r) =>
    [
      fullName(r.trainee),
      r.trainee.email,
      r.phone ?? '',
      w.status(r.status),
      r.appliedAt.slice(0, 10),
      r.certificates.map((c) => `${c.courseTitle} (${c.code})`).join('; '),
      r.coverNote ?? '',
      r.hasCv ? w.applicantsCsv.yes : w.applicantsCsv.no,
    ]
      .map(csvCell)
      .join(','),
  );
  // A byte order mark, so spreadsheet programs read the names' accents as UTF-8.
  return `\uFEFF${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

const cvTooLarge = { ...coded('jobApplication.cvTooLarge'), params: { field: 'cv' } };

/** The form's text fields, and the CV when one was sent: a PDF, Word document or photo by its bytes, at most 5 MB. */
async function readApplication(request: FastifyRequest): Promise<{ fields: unknown; cv?: Buffer }> {
  if (!request.isMultipart()) return { fields: request.body };
  const fields: Record<string, unknown> = {};
  let cv: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        // Over the plugin's own limit (larger than any image we take): the CV's words, not the image's.
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, cvTooLarge);
        throw error;
      }
      if (part.fieldname === 'cv' && bytes.length > 0) cv = bytes;
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  if (cv) {
    if (cv.length > MAX_CV_BYTES) throw new HttpError(413, cvTooLarge);
    if (!cvKindOf(cv)) throw badRequest({ ...coded('jobApplication.cvWrongKind'), params: { field: 'cv' } });
  }
  return { fields, cv };
}
