/**
 * Uploaded images in the database: the original and its WebP copies, stored together so every API instance
 * serves both; and the start-up backfill that gives uploads from before the copies existed theirs.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { images, imageVariants } from './db/schema';
import { deriveImage, type DerivedImage } from './images';

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
  const pending = await db.select({ id: images.id }).from(images).where(isNull(images.variantWidths)).orderBy(images.id);
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
  const ids = [...new Set(urls.filter((u): u is string => !!u?.startsWith(IMAGE_PATH)).map((u) => u.slice(IMAGE_PATH.length)))];
  const facts = new Map<string, ImageFacts>();
  if (ids.length === 0) return facts;
  const rows = await db
    .select({ id: images.id, width: images.width, height: images.height, variantWidths: images.variantWidths })
    .from(images)
    .where(inArray(images.id, ids));
  for (const row of rows) {
    if (row.width && row.height && row.variantWidths?.length) {
      facts.set(`${IMAGE_PATH}${row.id}`, { imageWidth: row.width, imageHeight: row.height, imageWidths: row.variantWidths });
    }
  }
  return facts;
}
