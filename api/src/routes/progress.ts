import { desc, eq } from 'drizzle-orm';
import { coded } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import {
  messageAnswerSchema,
  progressAnswerSchema,
  progressPayloadSchema,
  progressRecordSchema,
} from '@btls/shared-api/schemas';
import type { UserRow } from '../auth';
import type { Deps } from '../deps';
import { answers, idParams, type Api } from '../http/contract';
import type { Db } from '../db/client';
import { progressRecords } from '../db/schema';
import { enrollmentVisibleTo, enrollmentWritableBy } from '../enrollment-access';
import { notFound } from '../http/errors';
import { idempotentWrites } from '../http/idempotency';
import { toProgressRecord } from '../serialize';

const enrollmentParams = idParams('id', texts.enrollment.invalidApplicationId);
const recordParams = idParams('recordId', texts.enrollment.invalidProgressRecordId);

export function progressRoutes(app: Api, { db, auth }: Deps) {
  // A trainer's phone sends what it recorded offline once the network returns, and again when an
  // answer was lost: with the same Idempotency-Key, a record is stored (or edited) once.
  const idempotency = idempotentWrites(db, auth);

  /** Read by the assigned trainer, the trainee who owns the enrollment, or an admin; newest first. */
  app.get(
    '/progress/enrollment/:id',
    {
      preValidation: auth.guard(),
      schema: {
        summary: "An enrollment's progress records, newest first.",
        params: enrollmentParams,
        response: answers({ 200: progressRecordSchema.array() }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const enrollment = await enrollmentVisibleTo(db, me, request.params.id);
      const rows = await db
        .select()
        .from(progressRecords)
        .where(eq(progressRecords.enrollmentId, enrollment.id))
        .orderBy(desc(progressRecords.recordDate), desc(progressRecords.id));
      return rows.map(toProgressRecord);
    },
  );

  app.post(
    '/progress/enrollment/:id',
    {
      preValidation: auth.guard(['trainer']),
      ...idempotency,
      schema: {
        summary:
          'The assigned trainer records an assessment. With an `Idempotency-Key` header, a repeat (same key and ' +
          'body) answers the first answer again (`Idempotent-Replayed: true`) instead of storing a second record.',
        params: enrollmentParams,
        body: progressPayloadSchema,
        response: answers({ 201: progressAnswerSchema }),
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const enrollment = await enrollmentWritableBy(db, me, request.params.id);
      const payload = request.body;
      const [row] = await db
        .insert(progressRecords)
        .values({ ...payload, enrollmentId: enrollment.id, recordedById: me.id })
        .returning();
      reply.status(201);
      return { ...coded('notice.progressAdded'), record: toProgressRecord(row!) };
    },
  );

  app.put(
    '/progress/:recordId',
    {
      preValidation: auth.guard(['trainer']),
      ...idempotency,
      schema: {
        summary: 'The assigned trainer edits a record (`Idempotency-Key` as for a new record).',
        params: recordParams,
        body: progressPayloadSchema,
        response: answers({ 200: progressAnswerSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const record = await recordWritableBy(db, me, request.params.recordId);
      const payload = request.body;
      const [row] = await db
        .update(progressRecords)
        .set({ ...payload, updatedAt: new Date() })
        .where(eq(progressRecords.id, record.id))
        .returning();
      // Deleted meanwhile.
      if (!row) throw notFound(texts.enrollment.progressNotFound);
      return { ...coded('notice.progressUpdated'), record: toProgressRecord(row) };
    },
  );

  app.delete(
    '/progress/:recordId',
    {
      preValidation: auth.guard(['trainer']),
      schema: {
        summary: 'The assigned trainer deletes a record.',
        params: recordParams,
        response: answers({ 200: messageAnswerSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const record = await recordWritableBy(db, me, request.params.recordId);
      await db.delete(progressRecords).where(eq(progressRecords.id, record.id));
      return coded('notice.progressDeleted');
    },
  );
}

/** A record whose enrollment the trainer may write; anyone else's record is answered as not found. */
async function recordWritableBy(db: Db, trainer: UserRow, id: number) {
  const [record] = await db.select().from(progressRecords).where(eq(progressRecords.id, id)).limit(1);
  if (!record) throw notFound(texts.enrollment.progressNotFound);
  await enrollmentWritableBy(db, trainer, record.enrollmentId);
  return record;
}
