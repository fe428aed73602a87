import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { progressPayloadSchema } from '@btls/shared-api/schemas';
import type { UserRow } from '../auth';
import type { Deps } from '../app';
import type { Db } from '../db/client';
import { progressRecords } from '../db/schema';
import { enrollmentVisibleTo, enrollmentWritableBy } from '../enrollment-access';
import { notFound, parse } from '../http/errors';
import { idParam } from '../http/params';
import { toProgressRecord } from '../serialize';

const enrollmentId = (params: unknown) => idParam(params, 'id', 'Invalid application ID.');
const recordId = (params: unknown) => idParam(params, 'recordId', 'Invalid progress record ID.');

export function progressRoutes(app: FastifyInstance, { db, auth }: Deps) {
  /** Read by the assigned trainer, the trainee who owns the enrollment, or an admin; newest first. */
  app.get('/progress/enrollment/:id', async (request) => {
    const me = await auth.require(request);
    const enrollment = await enrollmentVisibleTo(db, me, enrollmentId(request.params));
    const rows = await db
      .select()
      .from(progressRecords)
      .where(eq(progressRecords.enrollmentId, enrollment.id))
      .orderBy(desc(progressRecords.recordDate), desc(progressRecords.id));
    return rows.map(toProgressRecord);
  });

  app.post('/progress/enrollment/:id', async (request, reply) => {
    const me = await auth.require(request, ['trainer']);
    const enrollment = await enrollmentWritableBy(db, me, enrollmentId(request.params));
    const payload = parse(progressPayloadSchema, request.body);
    const [row] = await db
      .insert(progressRecords)
      .values({ ...payload, enrollmentId: enrollment.id, recordedById: me.id })
      .returning();
    reply.status(201);
    return { message: 'Progress record added.', record: toProgressRecord(row!) };
  });

  app.put('/progress/:recordId', async (request) => {
    const me = await auth.require(request, ['trainer']);
    const record = await recordWritableBy(db, me, recordId(request.params));
    const payload = parse(progressPayloadSchema, request.body);
    const [row] = await db
      .update(progressRecords)
      .set({ ...payload, updatedAt: new Date() })
      .where(eq(progressRecords.id, record.id))
      .returning();
    // Deleted meanwhile.
    if (!row) throw notFound('Progress record not found.');
    return { message: 'Progress record updated.', record: toProgressRecord(row) };
  });

  app.delete('/progress/:recordId', async (request) => {
    const me = await auth.require(request, ['trainer']);
    const record = await recordWritableBy(db, me, recordId(request.params));
    await db.delete(progressRecords).where(eq(progressRecords.id, record.id));
    return { message: 'Progress record deleted.' };
  });
}

/** A record whose enrollment the trainer may write; anyone else's record is answered as not found. */
async function recordWritableBy(db: Db, trainer: UserRow, id: number) {
  const [record] = await db.select().from(progressRecords).where(eq(progressRecords.id, id)).limit(1);
  if (!record) throw notFound('Progress record not found.');
  await enrollmentWritableBy(db, trainer, record.enrollmentId);
  return record;
}
