import type { FastifyRequest } from 'fastify';

/**
 * The compression an answer goes out in: brotli where the browser takes it (every current browser over
 * https, and a tenth to a fifth smaller than gzip on our scripts and pages), else gzip, else none.
 */
export function encodingFor(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}
