import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../app';
import { images } from '../db/schema';
import { notFound } from '../http/errors';

const IMAGE_ID = /^[0-9a-f]{64}$/;

export function imageRoutes(app: FastifyInstance, { db }: Deps) {
  /** Content-addressed, so the bytes behind a URL never change: cache for a year, revalidate by ETag. */
  app.get('/images/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!IMAGE_ID.test(id)) throw notFound('Image not found.');
    const etag = `"${id}"`;
    reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const [image] = await db.select().from(images).where(eq(images.id, id)).limit(1);
    if (!image) {
      reply.removeHeader('Cache-Control').removeHeader('ETag');
      throw notFound('Image not found.');
    }
    return reply
      .header('Content-Type', image.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(image.bytes));
  });
}
