/**
 * The one pre-configured HTTP client. Every endpoint function goes through `call`, which applies the
 * error rule of spec §8: on a non-OK answer the server's `message` when present, else the call's fallback.
 */
import ky, { HTTPError, type KyInstance } from 'ky';
import { account, credentialCheck, fallback, jobApplication, session, validation } from './client-messages';
import type { MessageCode, MessageParams } from './codes';
import { i18n } from './i18n';
import { isKnownValue, valueText } from './value-texts';
import { externalStore } from './external-store';
import { SW_SAVED_AT_HEADER } from './service-worker';
import { textCodes } from './text-codes';

/**
 * The code of one of the texts the browser has (a form's own check, a fallback, an answer without a code), or
 * of a fallback function a call names: the server's other texts always come with their code.
 */
const codeOf = textCodes<MessageCode>({ validation, credentialCheck, account, jobApplication, fallback, session });

export class ApiError extends Error {
  /** HTTP status of the answer; 0 when no answer arrived (network failure, timeout). */
  readonly status: number;
  /**
   * The stable code of the message (issue 19), to translate by: the server's, or the catalogue's code of a
   * text the client chose (a refusal before the request). Absent for the §8 fallbacks with a status and for
   * a network failure: the caller knows those texts.
   */
  readonly code?: MessageCode;
  /** The values of a text with parameters, e.g. `{ id: 5 }` for `user.notFound`. */
  readonly params?: MessageParams;
  constructor(message: string, status: number, code?: MessageCode, params?: MessageParams) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (code) this.code = code;
    if (params) this.params = params;
  }
}

/**
 * The text to show for a failed call: the translation of the answer's `code` in the page's language when a
 * catalogue has one (issue 19; the codes are the keys of messages.ts's groups, `validation.passwordTooShort`),
 * else the server's message (or the §8 fallback) that `call` put in the error, in English.
 */
export function errorMessage(error: unknown): string {
  if (isOfflineMiss(error)) return translateMessage(fallback.notSavedOffline);
  const message = error instanceof Error ? error.message : String(error);
  return translateMessage(
    message,
    error instanceof ApiError ? error.code : undefined,
    error instanceof ApiError ? error.params : undefined,
  );
}

/**
 * A read that got no answer while the phone is offline: what the page asked for was not saved on it (the
 * service worker answers what it kept). Not a failure of the server's: screens say so plainly.
 */
export function isOfflineMiss(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && typeof navigator !== 'undefined' && !navigator.onLine;
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
   * (the API logs each call it answers, as a JSON line with its path clipped; issue 30).
   */
  report?: (message: string) => void;
}

const settings: ApiSettings = { baseUrl: '/api/', getToken: () => null, report: (message) => console.error(message) };
const RETRY_STATUSES = [408, 502, 503, 504];
let http: KyInstance = createHttp();

function createHttp(): KyInstance {
  return ky.create({
    prefixUrl: settings.baseUrl,
    timeout: 30_000,
    // Retry only what a proxy or a flaky mobile link produces; never replay a refused request. ky retries only
    // answers it throws, so those statuses throw (and `call` reads the answer from the error); others don't.
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

type Auth =
  /** A bearer token is required; without one the call is refused before any request. */
  | { bearer: 'required'; missingToken: string }
  /** Sent when the session has one (admins see inactive courses). */
  | { bearer: 'optional' }
  | { bearer: 'none' };

export interface CallOptions {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Relative to the API base, without a leading slash: `courses/3`. */
  path: string;
  auth: Auth;
  /** §8 fallback text for a non-OK answer without a message. */
  fallback: (status: number) => string;
  json?: unknown;
  body?: FormData;
  searchParams?: Record<string, string>;
  /** Message when an OK answer is not JSON; the fallback by default. */
  notJson?: string;
  /** Sees the OK answer before its body is read (e.g. for paging headers). */
  onResponse?: (response: Response) => void;
  /** Issue 28: the write's Idempotency-Key, kept when the write waits on the phone for the network. */
  idempotencyKey?: string;
}

/**
 * Issue 28: when the last answer the page got was made: now for the network's, the saved time for one the
 * service worker answered from its saved copy (its `X-Btls-Saved-At`). The offline banner says it.
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

/** Paging and search of a list (issue 14): at most 100 a page, 50 when `limit` is not given. */
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
  const items = await call<T[]>({
    ...options,
    onResponse: (response) => {
      total = Number(response.headers.get('X-Total-Count') ?? Number.NaN);
    },
  });
  return { items, total: Number.isFinite(total) ? total : items.length };
}

/** The error answer's message, code and params, when it has a message. */
function answerOf(data: unknown): { message: string; code?: MessageCode; params?: MessageParams } | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { message, code, params } = data as { message?: unknown; code?: unknown; params?: unknown };
  if (typeof message !== 'string' || !message.trim()) return undefined;
  return {
    message,
    code: typeof code === 'string' && code ? (code as MessageCode) : codeOf(message),
    params: params && typeof params === 'object' && !Array.isArray(params) ? (params as MessageParams) : undefined,
  };
}

/**
 * The §8 fallback of a call, with its code: a fallback that names the status (`fallback.fetchCourses`) is
 * found by the function itself, so its text can be shown in the page's language with the status in it.
 */
function failWithFallback(options: CallOptions, status: number): never {
  const code = codeOf(options.fallback);
  return fail(options.fallback(status), status, code, code && { status });
}

function fail(message: string, status: number, code = codeOf(message), params?: MessageParams): never {
  const error = new ApiError(message, status, code, params);
  settings.report?.(message);
  throw error;
}

/**
 * Sends the request with the token the options ask for. A refusal, a network failure or a non-OK answer is
 * an ApiError with the server's message or the §8 fallback; a 401 on a signed-in call ends the session.
 */
async function send(options: CallOptions): Promise<Response> {
  const token = options.auth.bearer === 'none' ? null : settings.getToken() || null;
  if (options.auth.bearer === 'required' && !token) fail(options.auth.missingToken, 401);

  let response: Response;
  try {
    response = await http(options.path, {
      method: options.method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
      },
      json: options.json,
      body: options.body,
      searchParams: options.searchParams,
    });
  } catch (error) {
    if (!(error instanceof HTTPError)) return fail(fallback.network, 0);
    response = error.response;
  }
  lastAnswer.note(response);

  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    if (response.status === 401 && token) settings.onUnauthorized?.();
    const answer = answerOf(data);
    if (answer) return fail(answer.message, response.status, answer.code, answer.params);
    return failWithFallback(options, response.status);
  }
  return response;
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
export async function downloadFile(
  options: Omit<CallOptions, 'method' | 'json' | 'body'>,
  filename: string,
): Promise<void> {
  const response = await send({ ...options, method: 'get' });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The URL of an API path, for what the browser opens itself (a download link). */
export const apiHref = (path: string) => `${settings.baseUrl}${path}`;

/** `encodeURIComponent` for one path segment. */
export const seg = (value: string | number) => encodeURIComponent(String(value));
