/**
 * A trainee's applications for courses: applying, the admin's review (one or several at once, with a trainer),
 * the trainer's completion, and the lists each role reads. The reads and writes are in enrollments/repository.ts.
 */
import type { SQL } from 'drizzle-orm';
import { coded, codedWith } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  applyAnswerSchema,
  applyPayloadSchema,
  assignedTrainingsQuerySchema,
  assignTrainerPayloadSchema,
  enrollmentBulkStatusPayloadSchema,
  enrollmentListQuerySchema,
  enrollmentSchema,
  enrollmentStatusPayloadSchema,
  messageAnswerSchema,
  pageQuerySchema,
} from '@btls/shared-api/schemas';
import type { EnrollmentStatus } from '@btls/shared-api/constants';
import type { Deps } from '../deps';
import { answers, idParams, type Api } from '../http/contract';
import { isForeignKeyViolation, isUniqueViolation, type Db } from '../db/client';
import { enrollmentVisibleTo, pageOfEnrollments, type EnrollmentFilter } from '../enrollment-access';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { setPageHeaders, type Page } from '../http/paging';
import type { Notifications } from '../mail/notify';
import { findCourse } from '../courses/repository';
import { findUser } from '../users/repository';
import {
  assignedTrainingsWhere,
  assignTrainer,
  completeTraining,
  enrollmentById,
  enrollmentParties,
  findEnrollment,
  insertApplication,
  lockEnrollments,
  newestFirst,
  ORDERS,
  ownApplicationsWhere,
  reviewListWhere,
  runningFirst,
  setReview,
  shareLockedUser,
} from '../enrollments/repository';

const INVALID_ID = texts.enrollment.invalidApplicationId;
const enrollmentParams = idParams('id', INVALID_ID);
const enrollmentList = answers({ 200: enrollmentSchema.array() });

export function enrollmentRoutes(app: Api, deps: Deps) {
  applicationRoutes(app, deps);
  enrollmentListRoutes(app, deps);
  reviewRoutes(app, deps);
}

/** A trainee's application for a course. */
function applicationRoutes(app: Api, { db, auth, notify }: Deps) {
  /** A trainee applies for an active course; one open (not Rejected) application per course. */
  app.post(
    '/enrollments/apply',
    {
      preValidation: auth.guard(['trainee']),
      schema: {
        summary: 'A trainee applies for an active course.',
        body: applyPayloadSchema,
        response: answers({ 201: applyAnswerSchema }, [404]),
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const payload = request.body;
      const course = await findCourse(db, payload.courseId);
      if (!course) throw notFound(texts.course.notFound);
      if (!course.isActive) throw conflict(texts.course.notOpen);
      let created;
      try {
        created = await db.transaction(async (tx) => {
          const row = await insertApplication(tx, { ...payload, courseId: course.id, traineeId: me.id });
          await notify.applicationReceived(tx, me, course.title, row.id);
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(texts.enrollment.alreadyOpen);
        // The course was deleted meanwhile.
        if (isForeignKeyViolation(error)) throw notFound(texts.course.notFound);
        throw error;
      }
      reply.status(201);
      return {
        applicationId: created!.id,
        ...codedWith('notice.applicationSubmitted', { course: course.title, id: created!.id }),
      };
    },
  );
}

/** The lists each role reads, and one application for whoever may see it. */
function enrollmentListRoutes(app: Api, { db, auth }: Deps) {
  /**
   * Admin review list, a page at a time; `status` filters (none means all), `courseId` picks a course,
   * `awaitingCertificate` the Completed ones without a certificate, `q` searches; `sort` orders.
   */
  app.get(
    '/enrollments',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'The admin review list (paged; newest first unless `sort` says).',
        querystring: enrollmentListQuerySchema,
        response: enrollmentList,
      },
    },
    async (request, reply) => {
      const query = request.query;
      return pageWithHeaders(
        request,
        reply,
        query,
        { where: reviewListWhere(query), q: query.q },
        query.sort ? ORDERS[query.sort] : newestFirst,
      );
    },
  );

  app.get(
    '/enrollments/my-applications',
    {
      preValidation: auth.guard(['trainee']),
      schema: {
        summary: "The trainee's own applications, newest first (paged).",
        querystring: pageQuerySchema,
        response: enrollmentList,
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const query = request.query;
      return pageWithHeaders(request, reply, query, { where: ownApplicationsWhere(me.id), q: query.q });
    },
  );

  /**
   * The trainings a trainer runs or ran: their Approved and Completed assignments (`status` picks one), the
   * running ones first.
   */
  app.get(
    '/enrollments/my-assigned-trainings',
    {
      preValidation: auth.guard(['trainer']),
      schema: {
        summary: "The trainer's Approved and Completed assignments (paged).",
        querystring: assignedTrainingsQuerySchema,
        response: enrollmentList,
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const query = request.query;
      const where = assignedTrainingsWhere(me.id, query.status);
      return pageWithHeaders(request, reply, query, { where, q: query.q }, runningFirst);
    },
  );

  /** One page of the enrollments matching `where` (newest first unless told), with the paging headers. */
  async function pageWithHeaders(
    request: FastifyRequest,
    reply: FastifyReply,
    page: Page,
    filter: EnrollmentFilter,
    order: SQL[] = newestFirst,
  ) {
    const { rows, total } = await pageOfEnrollments(db, filter, order, page);
    setPageHeaders(request, reply, page, rows.length, total);
    return rows;
  }

  app.get(
    '/enrollments/:id',
    {
      preValidation: auth.guard(),
      schema: {
        summary: 'One application, for whoever may see it.',
        params: enrollmentParams,
        response: answers({ 200: enrollmentSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const row = await enrollmentVisibleTo(db, me, request.params.id);
      const enrollment = await enrollmentById(db, row.id);
      if (!enrollment) throw notFound(texts.jobApplication.notFound);
      return enrollment;
    },
  );
}

/** The admin's review (one or several at once, with a trainer), and the trainer's completion. */
function reviewRoutes(app: Api, { db, auth, notify }: Deps) {
  /**
   * Admin: Pending, Approved, Rejected and Waitlisted move freely; re-sending the same status edits the notes;
   * Completed keeps Completed (notes only). The assigned trainer: their own Approved enrollment → Completed.
   */
  app.put(
    '/enrollments/:id/status',
    {
      preValidation: auth.guard(['admin', 'trainer']),
      schema: {
        summary: 'An admin reviews an application; its trainer marks it Completed.',
        params: enrollmentParams,
        body: enrollmentStatusPayloadSchema,
        response: answers({ 200: messageAnswerSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const { id } = request.params;
      const payload = request.body;
      const current = await enrollmentVisibleTo(db, me, id);

      if (me.role === 'trainer') {
        if (payload.status !== 'Completed') throw forbidden(texts.enrollment.trainerOnlyCompletes);
        if (current.status !== 'Approved') throw conflict(texts.enrollment.onlyApprovedCompletes);
        await db.transaction(async (tx) => {
          const done = await completeTraining(tx, id, me.id);
          if (!done) throw conflict(texts.enrollment.changedMeanwhile);
          const { trainee, course } = await enrollmentParties(tx, id);
          await notify.trainingCompleted(tx, trainee, me, course.title, id);
        });
        return coded('notice.trainingCompleted');
      }

      const trainer = await review(db, notify, [id], payload.status, payload.adminNotes, payload.trainerId);
      const name = trainer && `${trainer.firstName} ${trainer.lastName}`;
      if (payload.status === current.status) {
        return name ? codedWith('notice.adminNotesUpdatedAndTrainer', { name }) : coded('notice.adminNotesUpdated');
      }
      return name
        ? codedWith('notice.applicationStatusUpdatedAndTrainer', { status: payload.status, name })
        : codedWith('notice.applicationStatusUpdated', { status: payload.status });
    },
  );

  /** The admin's queue: several applications moved to one status, with one note; all of them, or none. */
  app.post(
    '/enrollments/status',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Review several applications at once (all or none).',
        body: enrollmentBulkStatusPayloadSchema,
        response: answers({ 200: messageAnswerSchema }, [404]),
      },
    },
    async (request) => {
      const { ids, status, adminNotes, trainerId } = request.body;
      const unique = [...new Set(ids)];
      const trainer = await review(db, notify, unique, status, adminNotes, trainerId);
      const name = trainer && `${trainer.firstName} ${trainer.lastName}`;
      return name
        ? codedWith('notice.applicationsUpdatedAndTrainer', { count: unique.length, status, name })
        : codedWith('notice.applicationsUpdated', { count: unique.length, status });
    },
  );

  /** Only an Approved application, and only a user whose role is trainer (and who is active). */
  app.put(
    '/enrollments/:applicationId/assign-trainer',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Assign an active trainer to an Approved application.',
        params: idParams('applicationId', INVALID_ID),
        body: assignTrainerPayloadSchema,
        response: answers({ 200: messageAnswerSchema }),
      },
    },
    async (request) => {
      const id = request.params.applicationId;
      const { trainerId } = request.body;
      const current = await findEnrollment(db, id);
      // (An enrollment's own text, not a job application's.)
      if (!current) throw notFound(texts.enrollment.applicationNotFound);
      // What the enrollment or the trainer is now: a conflict, not a bad request.
      if (current.status !== 'Approved') throw conflict(texts.enrollment.assignOnlyApproved);
      const trainer = await findUser(db, trainerId);
      if (!trainer) throw notFound(texts.enrollment.trainerNotFound);
      if (trainer.role !== 'trainer' || !trainer.isActive) throw conflict(texts.enrollment.notActiveTrainer);
      try {
        await db.transaction(async (tx) => {
          const assigned = await assignTrainer(tx, id, trainer.id);
          if (!assigned) throw conflict(texts.enrollment.changedMeanwhile);
          const { trainee, course } = await enrollmentParties(tx, id);
          await notify.trainerAssigned(tx, trainee, trainer, course.title, id);
        });
      } catch (error) {
        // The trainer's account was deleted meanwhile.
        if (isForeignKeyViolation(error)) throw conflict(texts.enrollment.notActiveTrainer);
        throw error;
      }
      return codedWith('notice.trainerAssigned', { name: `${trainer.firstName} ${trainer.lastName}` });
    },
  );
}

/**
 * An admin's review of applications: each moves to `status` (with `adminNotes` when given), under row locks
 * so a concurrent completion is never undone; a trainee whose status changed hears of it. With `trainerId`
 * (an approval only) the trainer, who must be an active one, is assigned in the same transaction and the
 * trainee hears of them too; the trainer is answered. All, or none.
 */
async function review(
  db: Db,
  notify: Notifications,
  ids: number[],
  status: EnrollmentStatus,
  adminNotes: string | null | undefined,
  trainerId?: number,
) {
  if (trainerId !== undefined && status !== 'Approved') throw badRequest(texts.enrollment.assignOnlyApproved);
  try {
    return await db.transaction(async (tx) => {
      // Share-locked: the trainer cannot be deactivated or demoted before the assignment is committed.
      const trainer = trainerId === undefined ? undefined : await shareLockedUser(tx, trainerId);
      if (trainerId !== undefined) {
        if (!trainer) throw notFound(texts.enrollment.trainerNotFound);
        if (trainer.role !== 'trainer' || !trainer.isActive) throw conflict(texts.enrollment.notActiveTrainer);
      }
      const rows = await lockEnrollments(tx, ids);
      if (rows.length !== ids.length) throw notFound(texts.enrollment.applicationNotFound);
      for (const row of rows) {
        if (row.status === 'Completed' && status !== 'Completed') {
          throw conflict(texts.enrollment.completedKeepsStatus);
        }
        if (status === 'Completed' && row.status !== 'Completed')
          throw forbidden(texts.enrollment.onlyTrainerCompletes);
      }
      const changed = await setReview(tx, ids, { status, adminNotes, trainerId: trainer?.id });
      // The trainee hears of a new status (with the notes); an edit of the notes alone sends nothing.
      for (const row of rows) {
        const newTrainer = trainer && row.trainerId !== trainer.id;
        if (row.status === status && !newTrainer) continue;
        const { trainee, course } = await enrollmentParties(tx, row.id);
        const notes = changed.find((c) => c.id === row.id)?.adminNotes ?? null;
        if (row.status !== status)
          await notify.applicationStatusChanged(tx, trainee, course.title, row.id, status, notes);
        if (newTrainer) await notify.trainerAssigned(tx, trainee, trainer, course.title, row.id);
      }
      return trainer;
    });
  } catch (error) {
    // Reopening a Rejected application while the trainee has a newer open one for the same course.
    if (isUniqueViolation(error)) {
      throw conflict(texts.enrollment.cannotReopen);
    }
    throw error;
  }
}
