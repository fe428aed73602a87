import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_TRAINING_CENTER } from '@btls/shared-api/constants';
import { validation } from '@btls/shared-api/messages';
import { courseCreatePayloadSchema, courseListQuerySchema, courseUpdatePayloadSchema } from '@btls/shared-api/schemas';
import type { Deps } from '../app';
import { isForeignKeyViolation, type Db } from '../db/client';
import { courses, images } from '../db/schema';
import { badRequest, conflict, notFound, parse } from '../http/errors';
import { idParam } from '../http/params';
import { IMAGE_PATH, imageFactsFor, lockImages, prepareImage, storeImage, type PreparedImage } from '../image-store';
import { countAll, distinctValues, searchAny, setPageHeaders } from '../http/paging';
import { sniffImageType } from '../images';
import { toCourse } from '../serialize';

const courseId = (params: unknown) => idParam(params, 'id', 'Invalid course ID.');
const courseNotFound = (id: number) => notFound(`Course with ID ${id} not found.`);

export function courseRoutes(app: FastifyInstance, { db, auth }: Deps) {
  /**
   * A page of the active courses, newest first; an admin's token also lists inactive ones (and `status`
   * chooses). `q` searches title, description and tags; `category`, `level` and `trainingCenter` filter.
   */
  app.get('/courses', async (request, reply) => {
    const isAdmin = (await auth.optional(request))?.role === 'admin';
    const query = parse(courseListQuerySchema, request.query);
    const status = isAdmin ? query.status : 'active';
    const where = and(
      status ? eq(courses.isActive, status === 'active') : undefined,
      searchAny(query.q, [courses.title, courses.description, sql`array_to_string(${courses.tags}, ' ')`]),
      query.category ? eq(courses.category, query.category) : undefined,
      query.level ? eq(courses.level, query.level) : undefined,
      query.trainingCenter ? eq(courses.trainingCenter, query.trainingCenter) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      db.select().from(courses).where(where).orderBy(desc(courses.id)).limit(query.limit).offset(query.offset),
      db.select({ total: countAll }).from(courses).where(where),
    ]);
    setPageHeaders(request, reply, query, rows.length, counted?.total ?? 0);
    const facts = await imageFactsFor(db, rows.map((row) => row.imageUrl));
    return rows.map((row) => toCourse(row, facts.get(row.imageUrl ?? '')));
  });

  /** The public catalogue's filter options: what the active courses hold, so every option finds something. */
  app.get('/courses/facets', async () => {
    const distinct = (column: typeof courses.category | typeof courses.level | typeof courses.trainingCenter) =>
      distinctValues(db, column, eq(courses.isActive, true));
    const [categories, levels, trainingCenters] = await Promise.all([
      distinct(courses.category),
      distinct(courses.level),
      distinct(courses.trainingCenter),
    ]);
    return { categories, levels, trainingCenters };
  });

  /** An inactive course is hidden from everyone but admins. */
  app.get('/courses/:id', async (request) => {
    const id = courseId(request.params);
    const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
    if (!row) throw courseNotFound(id);
    if (!row.isActive && (await auth.optional(request))?.role !== 'admin') throw courseNotFound(id);
    return withImageFacts(db, row);
  });

  /** JSON, or a multipart form with the image as `courseImage` and tags as a JSON list or comma text. */
  app.post('/courses', async (request, reply) => {
    await auth.require(request, ['admin']);
    const input = await readCourseInput(request);
    const payload = parse(courseCreatePayloadSchema, input.fields);
    const created = await db.transaction(async (tx) => {
      const imageUrl = await chosenImage(tx, input, payload.imageUrl);
      const [row] = await tx
        .insert(courses)
        .values({
          ...payload,
          tags: payload.tags ?? [],
          trainingCenter: payload.trainingCenter ?? DEFAULT_TRAINING_CENTER,
          imageUrl,
          isActive: payload.isActive ?? true,
        })
        .returning();
      return row!;
    });
    reply.status(201);
    return { message: `Course "${created.title}" added successfully.`, course: await withImageFacts(db, created) };
  });

  app.put('/courses/:id', async (request) => {
    await auth.require(request, ['admin']);
    const id = courseId(request.params);
    const input = await readCourseInput(request);
    const { tags, isActive, imageUrl: givenUrl, ...payload } = parse(courseUpdatePayloadSchema, input.fields);
    // An edit that names no image (no upload, no imageUrl field at all) keeps the course's image; an empty or
    // null imageUrl removes it.
    const imageNamed = input.image !== undefined || hasField(input.fields, 'imageUrl');
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx.select({ imageUrl: courses.imageUrl }).from(courses).where(eq(courses.id, id)).for('update');
      if (!before) return undefined;
      const imageUrl = imageNamed ? await chosenImage(tx, input, givenUrl, before.imageUrl) : before.imageUrl;
      const [row] = await tx
        .update(courses)
        .set({
          ...payload,
          trainingCenter: payload.trainingCenter ?? DEFAULT_TRAINING_CENTER,
          imageUrl,
          // Left out when not given (tags: neither a string nor a list, spec §5).
          ...(tags !== undefined ? { tags } : {}),
          ...(isActive !== undefined ? { isActive } : {}),
          updatedAt: new Date(),
        })
        .where(eq(courses.id, id))
        .returning();
      if (imageUrl !== before.imageUrl) await forgetImage(tx, before.imageUrl);
      return row;
    });
    if (!updated) throw courseNotFound(id);
    return { message: `Course "${updated.title}" updated successfully.`, course: await withImageFacts(db, updated) };
  });

  /** Refused while applications refer to the course: deactivating keeps the history. */
  app.delete('/courses/:id', async (request) => {
    await auth.require(request, ['admin']);
    const id = courseId(request.params);
    try {
      await db.transaction(async (tx) => {
        const [deleted] = await tx.delete(courses).where(eq(courses.id, id)).returning({ imageUrl: courses.imageUrl });
        if (!deleted) throw courseNotFound(id);
        await forgetImage(tx, deleted.imageUrl);
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw conflict('This course has applications or certificates and cannot be deleted. Deactivate it instead.');
      }
      throw error;
    }
    return { message: 'Course deleted successfully.' };
  });
}

interface CourseInput {
  fields: unknown;
  image?: PreparedImage;
}

async function withImageFacts(db: Db, row: typeof courses.$inferSelect) {
  const facts = await imageFactsFor(db, [row.imageUrl]);
  return toCourse(row, facts.get(row.imageUrl ?? ''));
}

async function readCourseInput(request: FastifyRequest): Promise<CourseInput> {
  if (!request.isMultipart()) return { fields: request.body };
  const fields: Record<string, unknown> = {};
  let image: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // toBuffer() refuses files over the plugin's 5 MB limit with FST_REQ_FILE_TOO_LARGE (413).
      const bytes = await part.toBuffer();
      if (part.fieldname === 'courseImage' && bytes.length > 0) image = bytes;
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  if (!image) return { fields };
  const contentType = sniffImageType(image);
  if (!contentType) throw badRequest(validation.imageInvalidType);
  // The WebP copies are made here, before the transaction, so no lock is held while they are encoded.
  return { fields, image: await prepareImage(image, contentType) };
}

/**
 * The image a course is written with: a new upload, or the address given. An address of an earlier upload the
 * course does not show yet is taken under the images lock and must still exist, so it cannot vanish while this
 * course adopts it. (The one it already shows is safe: its row, locked for the update, still names it.)
 */
async function chosenImage(
  tx: Db,
  input: CourseInput,
  givenUrl: string | null,
  current: string | null = null,
): Promise<string | null> {
  if (input.image) return storeImage(tx, input.image);
  if (givenUrl?.startsWith(IMAGE_PATH) && givenUrl !== current) {
    await lockImages(tx);
    const [kept] = await tx.select({ id: images.id }).from(images).where(eq(images.id, givenUrl.slice(IMAGE_PATH.length))).limit(1);
    if (!kept) throw badRequest('This image is no longer stored. Please upload it again.');
  }
  return givenUrl;
}

const hasField = (fields: unknown, name: string) => typeof fields === 'object' && fields !== null && Object.hasOwn(fields, name);

/**
 * Deletes an uploaded image no course shows any more (the same bytes may serve several courses). Call inside
 * the transaction that dropped the URL; the lock keeps a course that is adopting the same image meanwhile
 * from losing it.
 */
async function forgetImage(tx: Db, url: string | null): Promise<void> {
  if (!url?.startsWith(IMAGE_PATH)) return;
  await lockImages(tx);
  const stillShown = tx.select({ id: courses.id }).from(courses).where(eq(courses.imageUrl, url));
  await tx.delete(images).where(and(eq(images.id, url.slice(IMAGE_PATH.length)), notExists(stillShown)));
}
