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

/** One problem of a refused input: its words and code, and the field (its path, `address.city`) it is about. */
export interface CodedProblem extends CodedMessage {
  field?: string;
}

/**
 * An answer with a status and `{ message, code, params? }` (the product's English words and the stable
 * code the client translates); thrown from handlers, rendered by the app's error handler. An input refused
 * for several problems also answers `problems`: every field's, so a form can say them all at once (the first
 * is the answer's own `message`; a refusal of one problem is its `message` alone).
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: MessageCode;
  readonly params?: MessageParams;
  /** Headers the answer carries (Retry-After of a 429 or 503). */
  readonly headers: Readonly<Record<string, string>>;
  readonly problems?: readonly CodedProblem[];
  constructor(
    statusCode: number,
    text: ErrorText,
    headers: Record<string, string> = {},
    problems?: readonly CodedProblem[],
  ) {
    const { message, code, params } = typeof text === 'string' ? codedText(text) : text;
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    if (params) this.params = params;
    this.headers = headers;
    // One problem is the answer itself: the list is for a refusal of several.
    if (problems && problems.length > 1) this.problems = problems;
  }

  /** The answer's body. */
  get body(): CodedMessage & { problems?: CodedProblem[] } {
    return {
      message: this.message,
      code: this.code,
      ...(this.params ? { params: this.params } : {}),
      ...(this.problems ? { problems: [...this.problems] } : {}),
    };
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
 * Validates input with a contract schema. A refusal is a 400 whose `message`, `code` and `params.field` are the
 * first problem's (the schema's own words, their code, the field's path), and whose `problems`, when there are
 * several, are every field's, its first problem each, in the schema's order: a form shows them all at once. A
 * check that names no text of the catalogue answers zod's words with `request.invalidData`.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(storable(data ?? {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue || (issue.path.length === 0 && issue.code === 'invalid_type')) {
    throw badRequest(requestText.notAnObject);
  }
  const problems = problemsOf(result.error.issues);
  throw new HttpError(400, codedIssue(issue), {}, problems);
}

/** Each field's first problem (a field may break several rules: its first is the one to fix first). */
function problemsOf(issues: readonly z.core.$ZodIssue[]): CodedProblem[] {
  const seen = new Set<string>();
  const problems: CodedProblem[] = [];
  for (const issue of issues) {
    const field = issue.path.join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push({ ...(field ? { field } : {}), ...codedIssue(issue) });
  }
  return problems;
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
