/**
 * Uploaded images in the database: the original and its WebP copies, stored together so every API instance
 * serves both; and the start-up backfill that gives uploads from before the copies existed theirs.
 */
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { validation } from '@btls/shared-api/messages';
import type { Db } from './db/client';
import { courses, images, imageVariants } from './db/schema';
import { badRequest, notFound } from './http/errors';
import { deriveImage, sniffImageType, type DerivedImage } from './images';

/** An upload's URL; each copy is at that URL plus `/<width>.webp` (the client builds `srcset` by this rule). */
export const IMAGE_PATH = '/api/images/';

/** pg_advisory_xact_lock key ("img" in ASCII): storing, completing and forgetting images take turns. */
const IMAGES_LOCK_KEY = 0x696d67;
export const lockImages = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${IMAGES_LOCK_KEY})`);

/** An upload checked by its bytes, with its copies made before any transaction opens (that takes a while). */
export interface PreparedImage {
  bytes: Buffer;
  contentType: string;
  derived: DerivedImage | null;
}

export async function prepareImage(bytes: Buffer, contentType: string): Promise<PreparedImage> {
  return { bytes, contentType, derived: await deriveImage(bytes) };
}

const factsOf = (derived: DerivedImage | null) => ({
  width: derived?.width ?? null,
  height: derived?.height ?? null,
  variantWidths: derived?.variants.map((v) => v.width) ?? [],
});

/**
 * Stores the bytes once (keyed by their SHA-256) with their copies and answers the URL that serves them. Call
 * inside the transaction that points a course at the URL. The same bytes stored before the copies existed get
 * them now.
 */
export async function storeImage(tx: Db, image: PreparedImage): Promise<string> {
  const id = createHash('sha256').update(image.bytes).digest('hex');
  await lockImages(tx);
  const facts = factsOf(image.derived);
  const [written] = await tx
    .insert(images)
    .values({ id, contentType: image.contentType, bytes: image.bytes, size: image.bytes.length, ...facts })
    .onConflictDoUpdate({ target: images.id, set: facts, setWhere: isNull(images.variantWidths) })
    .returning({ id: images.id });
  if (written) await storeVariants(tx, id, image.derived);
  return `${IMAGE_PATH}${id}`;
}

async function storeVariants(tx: Db, imageId: string, derived: DerivedImage | null) {
  if (!derived?.variants.length) return;
  await tx
    .insert(imageVariants)
    .values(derived.variants.map((v) => ({ imageId, width: v.width, bytes: v.bytes })))
    .onConflictDoNothing();
}

/**
 * Makes the missing copies of every stored image, one image at a time, and answers how many it completed.
 * Idempotent and safe with several instances running it at once: the decoding happens outside any
 * transaction, and only the first instance to finish an image writes it (the others' work is wasted, not
 * doubled). `signal` stops it between images, for a shutdown.
 */
export async function backfillImageVariants(db: Db, signal?: AbortSignal): Promise<number> {
  const pending = await db
    .select({ id: images.id })
    .from(images)
    .where(isNull(images.variantWidths))
    .orderBy(images.id);
  let completed = 0;
  for (const { id } of pending) {
    if (signal?.aborted) break;
    const [image] = await db
      .select({ bytes: images.bytes })
      .from(images)
      .where(and(eq(images.id, id), isNull(images.variantWidths)));
    if (!image) continue; // completed by another instance, or forgotten meanwhile
    const derived = await deriveImage(image.bytes);
    const done = await db.transaction(async (tx) => {
      // Under the images lock the image cannot be forgotten between the update and its copies' insert.
      await lockImages(tx);
      const [updated] = await tx
        .update(images)
        .set(factsOf(derived))
        .where(and(eq(images.id, id), isNull(images.variantWidths)))
        .returning({ id: images.id });
      if (updated) await storeVariants(tx, id, derived);
      return Boolean(updated);
    });
    if (done) completed++;
  }
  return completed;
}

/** Runs the backfill in the background after start; `stop()` lets a shutdown wait for the image in hand. */
export function startImageBackfill(db: Db, log: { info(msg: string): void; error(msg: string): void }) {
  const controller = new AbortController();
  const running = backfillImageVariants(db, controller.signal).then(
    (completed) => {
      if (completed > 0) log.info(`Image backfill: made the WebP copies of ${completed} earlier upload(s).`);
    },
    (error: Error) => log.error(`Image backfill stopped: ${error.message}`),
  );
  return {
    async stop() {
      controller.abort();
      await running;
    },
  };
}

/** What a page needs to build `srcset` for an uploaded image, as the course JSON carries it. */
export interface ImageFacts {
  imageWidth: number;
  imageHeight: number;
  imageWidths: number[];
}

/** The facts of the uploaded images among `urls` that have copies; other URLs (external, pending) are absent. */
export async function imageFactsFor(db: Db, urls: (string | null)[]): Promise<Map<string, ImageFacts>> {
  const ids = [
    ...new Set(urls.filter((u): u is string => !!u?.startsWith(IMAGE_PATH)).map((u) => u.slice(IMAGE_PATH.length))),
  ];
  const facts = new Map<string, ImageFacts>();
  if (ids.length === 0) return facts;
  const rows = await db
    .select({ id: images.id, width: images.width, height: images.height, variantWidths: images.variantWidths })
    .from(images)
    .where(inArray(images.id, ids));
  for (const row of rows) {
    if (row.width && row.height && row.variantWidths?.length) {
      facts.set(`${IMAGE_PATH}${row.id}`, {
        imageWidth: row.width,
        imageHeight: row.height,
        imageWidths: row.variantWidths,
      });
    }
  }
  return facts;
}

/** A JSON body, or a multipart form's text fields and its one image upload (checked by its bytes, copies made). */
export interface FormWithImage {
  fields: unknown;
  image?: PreparedImage;
}

/**
 * The request's fields and, for a multipart form, the image sent as `fileField`. Files over the multipart
 * plugin's 5 MB limit are refused (413); bytes that are not an image are a 400. The WebP copies are made here,
 * before any transaction opens, so no lock is held while they are encoded.
 */
export async function readFormWithImage(request: FastifyRequest, fileField: string): Promise<FormWithImage> {
  if (!request.isMultipart()) return { fields: request.body };
  const fields: Record<string, unknown> = {};
  let image: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // toBuffer() refuses files over the plugin's 5 MB limit with FST_REQ_FILE_TOO_LARGE (413).
      const bytes = await part.toBuffer();
      if (part.fieldname === fileField && bytes.length > 0) image = bytes;
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  if (!image) return { fields };
  const contentType = sniffImageType(image);
  if (!contentType) throw badRequest(validation.imageInvalidType);
  return { fields, image: await prepareImage(image, contentType) };
}

/**
 * The image a course is written with: a new upload, or the address given. An address of an earlier upload the
 * course does not show yet is taken under the images lock and must still exist, so it cannot vanish while this
 * course adopts it. (The one it already shows is safe: its row, locked for the update, still names it.)
 */
export async function chosenImage(
  tx: Db,
  upload: PreparedImage | undefined,
  givenUrl: string | null,
  current: string | null = null,
): Promise<string | null> {
  if (upload) return storeImage(tx, upload);
  if (givenUrl?.startsWith(IMAGE_PATH) && givenUrl !== current) {
    await lockImages(tx);
    const [kept] = await tx
      .select({ id: images.id })
      .from(images)
      .where(eq(images.id, givenUrl.slice(IMAGE_PATH.length)))
      .limit(1);
    if (!kept) throw notFound(texts.image.noLongerStored);
  }
  return givenUrl;
}

/**
 * Deletes an uploaded image no course shows any more (the same bytes may serve several courses). Call inside
 * the transaction that dropped the URL; the lock keeps a course that is adopting the same image meanwhile
 * from losing it.
 */
export async function forgetImage(tx: Db, url: string | null): Promise<void> {
  if (!url?.startsWith(IMAGE_PATH)) return;
  await lockImages(tx);
  const stillShown = tx.select({ id: courses.id }).from(courses).where(eq(courses.imageUrl, url));
  await tx.delete(images).where(and(eq(images.id, url.slice(IMAGE_PATH.length)), notExists(stillShown)));
}
