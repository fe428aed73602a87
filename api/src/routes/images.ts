import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../app';
import { images, imageVariants } from '../db/schema';
import { notFound } from '../http/errors';

const IMAGE_ID = /^[0-9a-f]{64}$/;
const VARIANT = /^([1-9][0-9]{0,4})\.webp$/;

export function imageRoutes(app: FastifyInstance, { db }: Deps) {
  /** The original upload, as it was sent. */
  app.get('/images/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!IMAGE_ID.test(id)) throw notFound('Image not found.');
    return sendImmutable(request, reply, `"${id}"`, async () => {
      const [image] = await db.select({ contentType: images.contentType, bytes: images.bytes }).from(images).where(eq(images.id, id)).limit(1);
      return image;
    });
  });

  /** A WebP copy `width` pixels wide (`/api/images/<id>/640.webp`); the widths are in the course's `imageWidths`. */
  app.get('/images/:id/:variant', async (request, reply) => {
    const { id, variant } = request.params as { id: string; variant: string };
    const width = Number(VARIANT.exec(variant)?.[1]);
    if (!IMAGE_ID.test(id) || !width) throw notFound('Image not found.');
    return sendImmutable(request, reply, `"${id}-${width}"`, async () => {
      const [copy] = await db
        .select({ bytes: imageVariants.bytes })
        .from(imageVariants)
        .where(and(eq(imageVariants.imageId, id), eq(imageVariants.width, width)))
        .limit(1);
      return copy && { contentType: 'image/webp', bytes: copy.bytes };
    });
  });
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
    throw notFound('Image not found.');
  }
  return reply
    .header('Content-Type', image.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .send(Buffer.from(image.bytes));
}
