import { and, eq } from 'drizzle-orm';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { answers, binary, nonJson, type Api } from '../http/contract';
import { images, imageVariants } from '../db/schema';
import { notFound } from '../http/errors';
import { shareImageOf } from '../images';

const IMAGE_ID = /^[0-9a-f]{64}$/;
const VARIANT = /^([1-9][0-9]{0,4})\.webp$/;
/** The share picture of an upload: `/api/images/<id>/share.jpg`, 1200×630. */
export const SHARE_VARIANT = 'share.jpg';

/** Any text: an address that is not an image's is a 404 like a missing image, never a 400. */
const imageParams = z.object({ id: z.string() });
const variantParams = z.object({ id: z.string(), variant: z.string() });
const imageAnswers = (what: string) =>
  answers({ 200: nonJson('image/*', what, binary), 304: z.undefined().describe('Not modified (If-None-Match)') });

export function imageRoutes(app: Api, { db }: Deps) {
  /**
   * Share pictures, made from the original on first request and kept here (content-addressed, so never stale);
   * a few hundred KB each, the most recent 50 (they are asked for by link previews, rarely).
   */
  const shared = new Map<string, Promise<Buffer | null>>();
  const shareImage = (id: string) => {
    let made = shared.get(id);
    if (!made) {
      made = db
        .select({ bytes: images.bytes })
        .from(images)
        .where(eq(images.id, id))
        .limit(1)
        .then(([image]) => (image ? shareImageOf(image.bytes) : null));
      shared.set(id, made);
      if (shared.size > 50) shared.delete(shared.keys().next().value!);
      made.catch(() => shared.delete(id));
    }
    return made;
  };

  /** The original upload, as it was sent. */
  app.get(
    '/images/:id',
    {
      schema: {
        summary: 'An uploaded image as it was sent (PNG, JPEG, GIF or WebP); cached for a year, revalidated by ETag.',
        params: imageParams,
        response: imageAnswers('The original upload'),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!IMAGE_ID.test(id)) throw notFound(texts.image.notFound);
      return sendImmutable(request, reply, `"${id}"`, async () => {
        const [image] = await db
          .select({ contentType: images.contentType, bytes: images.bytes })
          .from(images)
          .where(eq(images.id, id))
          .limit(1);
        return image;
      });
    },
  );

  /** A WebP copy `width` pixels wide (`/api/images/<id>/640.webp`); the widths are in the course's `imageWidths`. */
  app.get(
    '/images/:id/:variant',
    {
      schema: {
        summary:
          "A WebP copy of an upload, `<width>.webp` (the widths are the course's `imageWidths`), or its share " +
          'picture, `share.jpg` (1200×630 JPEG; 404 for an upload smaller than 600×315).',
        params: variantParams,
        response: imageAnswers('The WebP copy (image/webp)'),
      },
    },
    async (request, reply) => {
      const { id, variant } = request.params;
      if (variant === SHARE_VARIANT && IMAGE_ID.test(id))
        return sendImmutable(request, reply, `"${id}-share"`, async () => {
          const bytes = await shareImage(id);
          return bytes ? { contentType: 'image/jpeg', bytes } : undefined;
        });
      const width = Number(VARIANT.exec(variant)?.[1]);
      if (!IMAGE_ID.test(id) || !width) throw notFound(texts.image.notFound);
      return sendImmutable(request, reply, `"${id}-${width}"`, async () => {
        const [copy] = await db
          .select({ bytes: imageVariants.bytes })
          .from(imageVariants)
          .where(and(eq(imageVariants.imageId, id), eq(imageVariants.width, width)))
          .limit(1);
        return copy && { contentType: 'image/webp', bytes: copy.bytes };
      });
    },
  );
}

/** Content-addressed, so the bytes behind a URL never change: cache for a year, revalidate by ETag. */
async function sendImmutable(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  load: () => Promise<{ contentType: string; bytes: Uint8Array } | undefined>,
) {
  reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  const image = await load();
  if (!image) {
    reply.removeHeader('Cache-Control').removeHeader('ETag');
    throw notFound(texts.image.notFound);
  }
  return reply
    .header('Content-Type', image.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .send(Buffer.from(image.bytes));
}
