/**
 * The calls of the contract: every endpoint function goes through `call`, which sends through the kernel's one
 * connection and applies the error rule of docs/product.md §8: on a non-OK answer the server's `message` when present,
 * else the call's fallback, with the texts bundled in each area (a new text never waits for a shell release).
 */
import {
  answerProblems,
  ApiError,
  currentToken,
  i18n,
  isOfflineMiss,
  reportFailure,
  send as sendRequest,
  type AnswerProblem,
} from '@btls/kernel';
import { fallback } from './texts';
import type { MessageCode, MessageParams } from './codes';
import { isKnownValue, valueText } from './value-texts';
import { registeredCode } from './text-codes';

// The kernel's part of a call, for the screens that handle its errors and its answers' time.
export { ApiError, apiHref, configureApi, isOfflineMiss, lastAnswer, type ApiSettings } from '@btls/kernel';

/**
 * The code of one of the texts the browser has (a form's own check, a fallback, an answer without a code), or
 * of a fallback function a call names: the server's other texts always come with their code.
 */
const codeOf = (value: unknown) => registeredCode(value) as MessageCode | undefined;

/**
 * The text to show for a failed call: the translation of the answer's `code` in the page's language when a
 * catalogue has one (the codes are the keys of messages.ts's groups, `validation.passwordTooShort`),
 * else the server's message (or the docs/product.md §8 fallback) that `call` put in the error, in English.
 */
export function errorMessage(error: unknown): string {
  // A page read without network says it will show once back online; a write says it was not sent.
  if (isOfflineMiss(error))
    return translateMessage(
      error instanceof ApiError && error.message === fallback.notSentOffline
        ? fallback.notSentOffline
        : fallback.notSavedOffline,
    );
  const message = error instanceof Error ? error.message : String(error);
  return translateMessage(
    message,
    error instanceof ApiError ? error.code : undefined,
    error instanceof ApiError ? error.params : undefined,
  );
}

/** The field a refusal of the server is about: a 400 of the request's schema names its path (`params.field`). */
export function fieldOfFailure(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const field = (error.params as Record<string, unknown> | undefined)?.field;
  return typeof field === 'string' && field ? field : undefined;
}

/** One problem of a failed call: the text to show (in the page's language) and the field it is about. */
export interface FailureProblem {
  message: string;
  /** The request's field (its path, `email`) the problem is about; absent for the call as a whole. */
  field?: string;
}

/**
 * Every problem of a failed call, each in the page's language with the field it is about: a 400 of the
 * request's schema lists each field's (`problems`); any other failure is its one message (`errorMessage`) on the
 * field it names, if any. Never empty.
 */
export function problemsOfFailure(error: unknown): FailureProblem[] {
  const listed = error instanceof ApiError && error.status === 400 ? answerProblems(error) : [];
  if (!listed.length) {
    const field = fieldOfFailure(error);
    return [{ message: errorMessage(error), ...(field ? { field } : {}) }];
  }
  return listed.map((problem) => ({
    message: translateMessage(problem.message, problem.code, problem.params as MessageParams | undefined),
    ...(problem.field ? { field: problem.field } : {}),
  }));
}

/**
 * One of messages.ts's texts in the page's language: by its code when given, else by the English text itself
 * (a form's own check, an answer without a code), as far as a catalogue has it; else the English as it is.
 */
export function translateMessage(english: string, code?: string, params?: MessageParams): string {
  if (!i18n.locale || i18n.locale === 'en') return english;
  code ??= codeOf(english);
  return code && i18n.messages[code] !== undefined ? i18n._(code, params && translatedParams(params)) : english;
}

/** The parameters that name a status ("… updated to {status}.", "… is {from} cannot be moved to {to}."). */
const STATUS_PARAMS = new Set(['status', 'from', 'to']);

/** A status named in a text is shown in the page's language too; names, titles and numbers stay as they are. */
function translatedParams(params: MessageParams): MessageParams {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      STATUS_PARAMS.has(name) && typeof value === 'string' && isKnownValue(value) ? i18n._(valueText(value)) : value,
    ]),
  );
}

/**
 * The text to show for a successful change: the server's notice (`{ message, code, params }`, e.g.
 * "3 applications updated to Approved.") in the page's language, by its code as `errorMessage` does for errors.
 */
export function noticeText(answer: { message: string; code?: string; params?: MessageParams }): string {
  return translateMessage(answer.message, answer.code, answer.params);
}

type Auth =
  /** A bearer token is required; without one the call is refused before any request. */
  | { bearer: 'required'; missingToken: string }
  /** Sent when the session has one (admins see inactive courses). */
  | { bearer: 'optional' }
  | { bearer: 'none' };

/**
 * The API operation a call makes, as the API's route names it: `GET /jobs/:id` (relative to `/api`). Written as
 * a literal at each call, so an area's build finds every operation its code can make in its own files and
 * records them in its release manifest: the API refuses the release, or fails its readiness, when it does not
 * serve one.
 */
export type Operation = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/** The HTTP method of an operation. */
const methodOf = (operation: Operation) =>
  operation.slice(0, operation.indexOf(' ')).toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Whether `path` (`jobs/7`) is an address of `operation`'s route (`GET /jobs/:id`). */
export function pathOfOperation(operation: Operation, path: string): boolean {
  const template = operation.slice(operation.indexOf(' ') + 2);
  const pattern = template
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`).test(path);
}

export interface CallOptions {
  operation: Operation;
  /** Relative to the API base, without a leading slash: `courses/3`. */
  path: string;
  auth: Auth;
  /**
   * docs/product.md §8 fallback text for a non-OK answer without a message; a new call may leave it out and
   * get the generic `HTTP error! status: N` until its resource has words of its own for it.
   */
  fallback?: (status: number) => string;
  json?: unknown;
  body?: FormData;
  searchParams?: Record<string, string>;
  /** Message when an OK answer is not JSON; the fallback by default. */
  notJson?: string;
  /** Sees the OK answer before its body is read (e.g. for paging headers). */
  onResponse?: (response: Response) => void;
  /** The write's Idempotency-Key, kept when the write waits on the phone for the network. */
  idempotencyKey?: string;
}

/** Paging and search of a list: at most 100 a page, 50 when `limit` is not given. */
export interface PageParams {
  limit?: number;
  offset?: number;
  /** Search text. */
  q?: string;
}

/** One page of a list and how many items match in all (the answer's X-Total-Count). */
export interface Page<T> {
  items: T[];
  total: number;
  /** The server stopped counting at `total`: there are more (X-Total-Count-Capped). */
  capped?: boolean;
}

/** The query of a list call: empty values are left out. */
export function listQuery(params: object | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query[key] = String(value);
  }
  return Object.keys(query).length > 0 ? query : undefined;
}

/** A list call that also reads the total (X-Total-Count; the page's length when the server sends none). */
export async function callPage<T>(options: CallOptions): Promise<Page<T>> {
  let total = Number.NaN;
  let capped = false;
  const items = await call<T[]>({
    ...options,
    onResponse: (response) => {
      total = Number(response.headers.get('X-Total-Count') ?? Number.NaN);
      capped = response.headers.get('X-Total-Count-Capped') === 'true';
    },
  });
  return Number.isFinite(total) ? { items, total, ...(capped ? { capped } : {}) } : { items, total: items.length };
}

/**
 * The docs/product.md §8 fallback of a call, with its code: a fallback that names the status (`courseFallback.fetchCourses`, in its resource's texts.ts) is
 * found by the function itself, so its text can be shown in the page's language with the status in it.
 */
function failWithFallback(options: CallOptions, status: number): never {
  const text = options.fallback ?? fallback.httpError;
  const code = codeOf(text);
  return fail(text(status), status, code, code && { status });
}

function fail(
  message: string,
  status: number,
  code = codeOf(message),
  params?: MessageParams,
  problems?: readonly AnswerProblem[],
): never {
  const error = new ApiError(message, status, code, params);
  // The answer's list of every field's problem goes with the error (`problemsOfFailure`).
  if (problems?.length) answerProblems(error, problems);
  reportFailure(message);
  throw error;
}

/**
 * Sends the request through the kernel's connection with the token the options ask for. A refusal, a network
 * failure or a non-OK answer is an ApiError with the server's message or the docs/product.md §8 fallback.
 */
async function send(options: CallOptions): Promise<Response> {
  // In tests (never in a page or a render), a call whose address is not one of its declared operation fails.
  const environment = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  if (environment?.NODE_ENV === 'test' && !pathOfOperation(options.operation, options.path))
    throw new Error(`${options.path} is not an address of ${options.operation}`);
  if (options.auth.bearer === 'required' && !currentToken()) fail(options.auth.missingToken, 401);
  try {
    return await sendRequest({
      method: methodOf(options.operation),
      path: options.path,
      bearer: options.auth.bearer !== 'none',
      json: options.json,
      body: options.body,
      searchParams: options.searchParams,
      idempotencyKey: options.idempotencyKey,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0) return fail(methodOf(options.operation) === 'get' ? fallback.network : notSent(), 0);
    // (Without a code of the server's, `fail` finds the text's own.)
    if (error.message)
      return fail(
        error.message,
        error.status,
        error.code as MessageCode | undefined,
        error.params,
        answerProblems(error),
      );
    return failWithFallback(options, error.status);
  }
}

export async function call<T>(options: CallOptions): Promise<T> {
  const response = await send(options);
  options.onResponse?.(response);
  try {
    return (await response.json()) as T;
  } catch {
    return options.notJson ? fail(options.notJson, response.status) : failWithFallback(options, response.status);
  }
}

/**
 * A file behind the bearer token (a CV, an export): fetched with the token, then handed to the browser as a
 * download under `filename`. A link cannot carry the token, so the browser cannot fetch it alone.
 */
export async function downloadFile(options: Omit<CallOptions, 'json' | 'body'>, filename: string): Promise<void> {
  const response = await send(options);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  // The server's name when it gives one: a CV may be a PDF, a Word document or a photo, named by its kind.
  link.download = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A write that got no answer: offline, it was not sent; online (a dropped link), it may not have been. */
const notSent = () =>
  typeof navigator !== 'undefined' && !navigator.onLine ? fallback.notSentOffline : fallback.network;

/** `encodeURIComponent` for one path segment. */
export const seg = (value: string | number) => encodeURIComponent(String(value));
