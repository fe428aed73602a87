import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** An answer with a status and `{ message }`; thrown from handlers, rendered by the app's error handler. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Headers the answer carries (Retry-After of a 429 or 503). */
  readonly headers: Readonly<Record<string, string>>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not authorized. Please log in.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** The one way a 429 is made: the limit's own words and when to come back. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'Retry-After': String(retryAfterSeconds) });
/** The database or the counter store could not serve in time: try again shortly. */
export const serviceBusy = () =>
  new HttpError(503, 'The service is busy right now. Please try again in a moment.', { 'Retry-After': '5' });

/** Validates input with a contract schema; the first problem becomes a 400 with the schema's own words. */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(storable(data ?? {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue || (issue.path.length === 0 && issue.code === 'invalid_type')) {
    throw badRequest('The request body must be a JSON object.');
  }
  throw badRequest(issue.message);
}

/** No contract nests deeper than this; a deeper body is refused instead of being walked. */
const MAX_DEPTH = 20;

/**
 * Text as PostgreSQL can store it: without NUL characters (which text columns refuse) and without lone
 * surrogates. Applied to every validated input, so such characters can never turn into a 500.
 */
function storable(value: unknown, depth = 0): unknown {
  // eslint-disable-next-line no-control-regex -- NUL is the one character PostgreSQL text cannot hold.
  if (typeof value === 'string') return value.replace(/\u0000/g, '').toWellFormed();
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) throw badRequest('The request body is nested too deeply.');
  if (Array.isArray(value)) return value.map((v) => storable(v, depth + 1));
  if (Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storable(v, depth + 1)]));
  }
  return value;
}

/** Unknown routes under /api: a JSON 404 like every other API answer. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: `No such API endpoint: ${request.method} ${request.url.split('?')[0]}` });
}
