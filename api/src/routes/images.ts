import { and, eq } from 'drizzle-orm';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { answers, binary, nonJson, type Api } from '../http/contract';
import { images, imageVariants } from '../db/schema';
import { notFound } from '../http/errors';

const IMAGE_ID = /^[0-9a-f]{64}$/;
const VARIANT = /^([1-9][0-9]{0,4})\.webp$/;

/** Any text: an address that is not an image's is a 404 like a missing image, never a 400. */
const imageParams = z.object({ id: z.string() });
const variantParams = z.object({ id: z.string(), variant: z.string() });
const imageAnswers = (what: string) =>
  answers({ 200: nonJson('image/*', what, binary), 304: z.undefined().describe('Not modified (If-None-Match)') });

export function imageRoutes(app: Api, { db }: Deps) {
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
        summary: "A WebP copy of an upload, `<width>.webp`; the widths are the course's `imageWidths`.",
        params: variantParams,
        response: imageAnswers('The WebP copy (image/webp)'),
      },
    },
    async (request, reply) => {
      const { id, variant } = request.params;
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
