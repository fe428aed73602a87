/**
 * The page's one HTTP connection to the API: where it is, the session's token on each call, a 401 that ends the
 * session, the retry of what a flaky mobile link drops, and the time of the last answer (the offline banner's).
 * The texts of a failure are not here: each area's contract code says what its calls show (`call` in
 * `@btls/shared-api`), so a new call never waits for a shell release.
 */
import ky, { HTTPError, type KyInstance } from 'ky';
import { SW_SAVED_AT_HEADER } from './basics';
import { externalStore } from './external-store';

export class ApiError extends Error {
  /** HTTP status of the answer; 0 when no answer arrived (network failure, timeout). */
  readonly status: number;
  /**
   * The stable code of the message, to translate by: the server's, or the catalogue's code of a text the
   * client chose. Absent for a fallback with a status and for a network failure: the caller knows those texts.
   */
  readonly code?: string;
  /** The values of a text with parameters, e.g. `{ id: 5 }` for `user.notFound`. */
  readonly params?: Record<string, string | number>;
  constructor(message: string, status: number, code?: string, params?: Record<string, string | number>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (code) this.code = code;
    if (params) this.params = params;
  }
}

/** One problem of a refused request, as the answer listed it (a 400's `problems`: one per field). */
export interface AnswerProblem {
  message: string;
  code?: string;
  params?: Record<string, string | number>;
  /** The path of the field it is about; absent for the request as a whole. */
  field?: string;
}

/** The problems each refusal's answer listed: kept beside the error, so ApiError's own shape never changes. */
const problemsOfError = new WeakMap<object, readonly AnswerProblem[]>();

/**
 * Every problem the answer `error` was made from listed (`problems` of a 400: each field's), or `keep` them
 * with an error of one's own made from it. Empty when the answer listed none (every other error).
 */
export function answerProblems(error: unknown, keep?: readonly AnswerProblem[]): readonly AnswerProblem[] {
  if (typeof error !== 'object' || error === null) return [];
  if (keep) problemsOfError.set(error, keep);
  return problemsOfError.get(error) ?? [];
}

/** The well-formed problems of an answer's `problems` (anything else in it is left out). */
function problemsIn(value: unknown): AnswerProblem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { message, code, params, field } = item as Record<string, unknown>;
    if (typeof message !== 'string' || !message.trim()) return [];
    return [
      {
        message: message.trim(),
        ...(typeof code === 'string' && code ? { code } : {}),
        ...(params && typeof params === 'object' && !Array.isArray(params)
          ? { params: params as Record<string, string | number> }
          : {}),
        ...(typeof field === 'string' && field ? { field } : {}),
      },
    ];
  });
}

/**
 * A read that got no answer while the phone is offline: what the page asked for was not saved on it (the
 * service worker answers what it kept). Not a failure of the server's: screens say so plainly.
 */
export function isOfflineMiss(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && typeof navigator !== 'undefined' && !navigator.onLine;
}

export interface ApiSettings {
  /** Where the API lives; `/api/` on the same origin by default. */
  baseUrl: string;
  /** The session's token, read at each call (the session store owns it). */
  getToken: () => string | null | undefined;
  /** Called when an answer to a call that carried a token is 401: the session is no longer valid. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  /**
   * Where a failed call is reported: the browser's console by default. The server's render reports nothing
   * (the API logs each call it answers).
   */
  report?: (message: string) => void;
}

const settings: ApiSettings = { baseUrl: '/api/', getToken: () => null, report: (message) => console.error(message) };
const RETRY_STATUSES = [408, 502, 503, 504];
/** How long one call may take on the network before the page gives up on it. */
const CALL_DEADLINE_MS = 30_000;
let http: KyInstance = createHttp();

function createHttp(): KyInstance {
  return ky.create({
    prefixUrl: settings.baseUrl,
    // A page that gives its own fetch times its calls itself: the console's may hold one while it asks the admin
    // to confirm it is them, which takes a person longer than any network should.
    timeout: settings.fetch ? false : CALL_DEADLINE_MS,
    // Retry only what a proxy or a flaky mobile link produces; never replay a refused request. ky retries only
    // answers it throws, so those statuses throw (and `send` reads the answer from the error); others don't.
    throwHttpErrors: (status) => RETRY_STATUSES.includes(status),
    // The wait before it is at most 1 s, whatever a proxy's Retry-After asks (ky's default waits it all out).
    retry: { limit: 1, methods: ['get'], statusCodes: RETRY_STATUSES, maxRetryAfter: 1000, backoffLimit: 1000 },
    ...(settings.fetch ? { fetch: settings.fetch } : {}),
  });
}

export function configureApi(options: Partial<ApiSettings>): void {
  Object.assign(settings, options);
  if (!settings.baseUrl.endsWith('/')) settings.baseUrl += '/';
  http = createHttp();
}

/** The session's token now, if any. */
export const currentToken = (): string | null => settings.getToken() || null;

/** Reports a failed call where the page reports them (the console; nothing on the server). */
export const reportFailure = (message: string): void => settings.report?.(message);

/** The URL of an API path, for what the browser opens itself (a download link). */
export const apiHref = (path: string) => `${settings.baseUrl}${path}`;

/**
 * When the last answer the page got was made: now for the network's, the saved time for one the service worker
 * answered from its saved copy. The offline banner says it.
 */
export const lastAnswer = (() => {
  /** An ISO time, or null before any answer. */
  const at = externalStore<string | null>(null);
  return {
    subscribe: at.subscribe,
    current: at.current,
    note: (response: Response) => at.set(response.headers.get(SW_SAVED_AT_HEADER) ?? new Date().toISOString()),
  };
})();

export interface HttpRequest {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Relative to the API base, without a leading slash: `courses/3`. */
  path: string;
  /** Whether the session's token is sent (when there is one). */
  bearer: boolean;
  json?: unknown;
  body?: FormData;
  searchParams?: Record<string, string>;
  /** The write's Idempotency-Key, kept when the write waits on the phone for the network. */
  idempotencyKey?: string;
}

/**
 * Sends one request. An OK answer is returned as it is; otherwise an `ApiError` with the server's message,
 * code and params when the answer has a message (and its `problems`, read by `answerProblems`), an empty
 * message when it has none (the caller's fallback says it), status 0 when no answer came. A 401 to a call that carried a token ends the session.
 */
export async function send(request: HttpRequest): Promise<Response> {
  const token = request.bearer ? currentToken() : null;
  let response: Response;
  try {
    response = await http(request.path, {
      method: request.method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(request.idempotencyKey ? { 'Idempotency-Key': request.idempotencyKey } : {}),
      },
      json: request.json,
      body: request.body,
      searchParams: request.searchParams,
    });
  } catch (error) {
    if (!(error instanceof HTTPError)) throw new ApiError('', 0);
    response = error.response;
  }
  lastAnswer.note(response);
  if (response.ok) return response;
  const data: unknown = await response.json().catch(() => undefined);
  if (response.status === 401 && token) settings.onUnauthorized?.();
  const { message, code, params, problems } = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const error = new ApiError(
    typeof message === 'string' ? message.trim() && message : '',
    response.status,
    typeof code === 'string' && code ? code : undefined,
    params && typeof params === 'object' && !Array.isArray(params)
      ? (params as Record<string, string | number>)
      : undefined,
  );
  const listed = problemsIn(problems);
  if (listed.length) answerProblems(error, listed);
  throw error;
}
