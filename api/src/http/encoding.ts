import type { FastifyRequest } from 'fastify';

/** The compressions answers go out in, as Content-Encoding names them. */
export type Encoding = 'br' | 'gzip';

/**
 * The compression an answer goes out in: brotli where the browser takes it (every current browser over
 * https, and a tenth to a fifth smaller than gzip on our scripts and pages), else gzip, else none.
 */
export function encodingFor(request: FastifyRequest): Encoding | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}
