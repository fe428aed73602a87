import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  applyPayloadSchema,
  assignTrainerPayloadSchema,
  enrollmentListQuerySchema,
  enrollmentStatusPayloadSchema,
} from '@btls/shared-api/schemas';
import type { Deps } from '../app';
import { isUniqueViolation, type Db } from '../db/client';
import { courses, enrollments, users } from '../db/schema';
import { enrollmentVisibleTo, selectEnrollments } from '../enrollment-access';
import { badRequest, conflict, forbidden, notFound, parse } from '../http/errors';
import { idParam } from '../http/params';

const enrollmentId = (params: unknown, name = 'id') => idParam(params, name, 'Invalid application ID.');
const newestFirst = [desc(enrollments.applicationDate), desc(enrollments.id)];

export function enrollmentRoutes(app: FastifyInstance, { db, auth, notify }: Deps) {
  /** A trainee applies for an active course; one open (not Rejected) application per course. */
  app.post('/enrollments/apply', async (request, reply) => {
    const me = await auth.require(request, ['trainee']);
    const payload = parse(applyPayloadSchema, request.body);
    const [course] = await db.select().from(courses).where(eq(courses.id, payload.courseId)).limit(1);
    if (!course) throw notFound('Course not found.');
    if (!course.isActive) throw badRequest('This course is not open for applications.');
    let created;
    try {
      created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(enrollments)
          .values({ ...payload, courseId: course.id, traineeId: me.id, status: 'Pending' })
          .returning({ id: enrollments.id });
        await notify.applicationReceived(tx, me, course.title, row!.id);
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('You already have an open application for this course.');
      throw error;
    }
    reply.status(201);
    return {
      applicationId: created!.id,
      message: `Application for "${course.title}" submitted (application ID ${created!.id}). You will be notified once it is reviewed.`,
    };
  });

  /** Admin review list; `status` filters, none means all. */
  app.get('/enrollments', async (request) => {
    await auth.require(request, ['admin']);
    const { status } = parse(enrollmentListQuerySchema, request.query);
    return selectEnrollments(db, status ? eq(enrollments.status, status) : undefined, newestFirst);
  });

  app.get('/enrollments/my-applications', async (request) => {
    const me = await auth.require(request, ['trainee']);
    return selectEnrollments(db, eq(enrollments.traineeId, me.id), newestFirst);
  });

  /** The trainings a trainer runs or ran: their Approved and Completed assignments. */
  app.get('/enrollments/my-assigned-trainings', async (request) => {
    const me = await auth.require(request, ['trainer']);
    return selectEnrollments(
      db,
      and(eq(enrollments.assignedTrainerId, me.id), inArray(enrollments.status, ['Approved', 'Completed'])),
      newestFirst,
    );
  });

  app.get('/enrollments/:id', async (request) => {
    const me = await auth.require(request);
    const row = await enrollmentVisibleTo(db, me, enrollmentId(request.params));
    const [enrollment] = await selectEnrollments(db, eq(enrollments.id, row.id), []);
    return enrollment;
  });

  /**
   * Admin: Pending, Approved, Rejected and Waitlisted move freely; re-sending the same status edits the notes;
   * Completed keeps Completed (notes only). The assigned trainer: their own Approved enrollment → Completed.
   */
  app.put('/enrollments/:id/status', async (request) => {
    const me = await auth.require(request, ['admin', 'trainer']);
    const id = enrollmentId(request.params);
    const payload = parse(enrollmentStatusPayloadSchema, request.body);
    const current = await enrollmentVisibleTo(db, me, id);

    if (me.role === 'trainer') {
      if (payload.status !== 'Completed') throw forbidden('A trainer can only mark a training as completed.');
      if (current.status !== 'Approved') throw badRequest('Only an Approved training can be marked as completed.');
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(enrollments)
          .set({ status: 'Completed', updatedAt: new Date() })
          .where(and(eq(enrollments.id, id), eq(enrollments.status, 'Approved'), eq(enrollments.assignedTrainerId, me.id)))
          .returning({ id: enrollments.id });
        if (!done) throw conflict('The application changed meanwhile. Please reload and try again.');
        const { trainee, course } = await enrollmentParties(tx, id);
        await notify.trainingCompleted(tx, trainee, me, course.title, id);
      });
      return { message: 'Training marked as completed. The admin has been notified to issue the certificate.' };
    }

    if (current.status === 'Completed' && payload.status !== 'Completed') {
      throw badRequest('A completed enrollment keeps its status; only its notes can be edited.');
    }
    if (payload.status === 'Completed' && current.status !== 'Completed') {
      throw badRequest('Only the assigned trainer can mark a training as completed.');
    }
    await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(enrollments)
        .set({
          status: payload.status,
          ...(payload.adminNotes !== undefined ? { adminNotes: payload.adminNotes } : {}),
          updatedAt: new Date(),
        })
        // Guarded by the status read above, so a concurrent completion is never undone.
        .where(and(eq(enrollments.id, id), eq(enrollments.status, current.status)))
        .returning({ id: enrollments.id, adminNotes: enrollments.adminNotes });
      if (!changed) throw conflict('The application changed meanwhile. Please reload and try again.');
      // The trainee hears of a new status (with the notes); an edit of the notes alone sends nothing.
      if (payload.status !== current.status) {
        const { trainee, course } = await enrollmentParties(tx, id);
        await notify.applicationStatusChanged(tx, trainee, course.title, id, payload.status, changed.adminNotes);
      }
    });
    return {
      message:
        payload.status === current.status ? 'Admin notes updated.' : `Application status updated to ${payload.status}.`,
    };
  });

  /** Only an Approved application, and only a user whose role is trainer (and who is active). */
  app.put('/enrollments/:applicationId/assign-trainer', async (request) => {
    await auth.require(request, ['admin']);
    const id = enrollmentId(request.params, 'applicationId');
    const { trainerId } = parse(assignTrainerPayloadSchema, request.body);
    const [current] = await db.select().from(enrollments).where(eq(enrollments.id, id)).limit(1);
    if (!current) throw notFound('Application not found.');
    if (current.status !== 'Approved') throw badRequest('A trainer can only be assigned to an Approved application.');
    const [trainer] = await db.select().from(users).where(eq(users.id, trainerId)).limit(1);
    if (!trainer || trainer.role !== 'trainer' || !trainer.isActive) {
      throw badRequest('The selected user is not an active trainer.');
    }
    await db.transaction(async (tx) => {
      const [assigned] = await tx
        .update(enrollments)
        .set({ assignedTrainerId: trainer.id, updatedAt: new Date() })
        .where(and(eq(enrollments.id, id), eq(enrollments.status, 'Approved')))
        .returning({ id: enrollments.id });
      if (!assigned) throw conflict('The application changed meanwhile. Please reload and try again.');
      const { trainee, course } = await enrollmentParties(tx, id);
      await notify.trainerAssigned(tx, trainee, trainer, course.title, id);
    });
    return { message: `Trainer ${trainer.firstName} ${trainer.lastName} assigned successfully.` };
  });
}

/** The trainee and course of an enrollment, for the e-mails about it. */
async function enrollmentParties(tx: Db, id: number) {
  const [row] = await tx
    .select({ trainee: users, course: courses })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.traineeId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, id))
    .limit(1);
  if (!row) throw notFound('Application not found.');
  return row;
}
