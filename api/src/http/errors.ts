import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  codedText,
  codedWith,
  codeOf,
  type CatalogueText,
  type CodedMessage,
  type MessageCode,
  type MessageParams,
} from '@btls/shared-api/codes';
import { request as requestText, session } from '@btls/shared-api/messages';

/** A text of the catalogue, or one with parameters made by `codedWith`: never a text without a code. */
export type ErrorText = CatalogueText | CodedMessage;

/**
 * An answer with a status and `{ message, code, params? }` (the product's English words and the stable
 * code the client translates); thrown from handlers, rendered by the app's error handler.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: MessageCode;
  readonly params?: MessageParams;
  /** Headers the answer carries (Retry-After of a 429 or 503). */
  readonly headers: Readonly<Record<string, string>>;
  constructor(statusCode: number, text: ErrorText, headers: Record<string, string> = {}) {
    const { message, code, params } = typeof text === 'string' ? codedText(text) : text;
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    if (params) this.params = params;
    this.headers = headers;
  }

  /** The answer's body. */
  get body(): CodedMessage {
    return { message: this.message, code: this.code, ...(this.params ? { params: this.params } : {}) };
  }
}

export const badRequest = (text: ErrorText) => new HttpError(400, text);
export const unauthorized = (text: ErrorText = session.notLoggedIn) => new HttpError(401, text);
export const forbidden = (text: ErrorText = session.forbidden) => new HttpError(403, text);
export const notFound = (text: ErrorText) => new HttpError(404, text);
export const conflict = (text: ErrorText) => new HttpError(409, text);
/** The one way a 429 is made: the limit's own words and when to come back. */
export const tooManyRequests = (text: ErrorText, retryAfterSeconds: number) =>
  new HttpError(429, text, { 'Retry-After': String(retryAfterSeconds) });
/** The database or the counter store could not serve in time: try again shortly. */
export const serviceBusy = () => new HttpError(503, requestText.serviceBusy, { 'Retry-After': '5' });

/**
 * Validates input with a contract schema; the first problem becomes a 400 with the schema's own words, their
 * code and the field's path (`params.field`). A check that names no text of the catalogue answers zod's words with `request.invalidData`.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(storable(data ?? {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue || (issue.path.length === 0 && issue.code === 'invalid_type')) {
    throw badRequest(requestText.notAnObject);
  }
  throw badRequest(codedIssue(issue));
}

/** The issue's text with its code, and the field it is about (its path) for the form to mark. */
function codedIssue(issue: z.core.$ZodIssue): CodedMessage {
  const field = issue.path.join('.');
  const about = field ? { field } : undefined;
  const code = codeOf(issue.message);
  if (code) return { message: issue.message, code, ...(about ? { params: about } : {}) };
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
    const tooLong = codedWith('request.textTooLong', { max: issue.maximum });
    if (tooLong.message === issue.message) return { ...tooLong, params: { ...tooLong.params, ...about } };
  }
  return { message: issue.message, code: 'request.invalidData', params: { field } };
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
  if (depth >= MAX_DEPTH) throw badRequest(requestText.nestedTooDeeply);
  if (Array.isArray(value)) return value.map((v) => storable(v, depth + 1));
  if (Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storable(v, depth + 1)]));
  }
  return value;
}

/** Unknown routes under /api: a JSON 404 like every other API answer. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  return reply.status(404).send(codedWith('request.noSuchEndpoint', { method: request.method, path }));
}
