/**
 * What the API's log lines may hold (issue 30, item 7): JSON lines whose size does not grow with what a
 * stranger sends. Paths and messages are clipped; a failed query is logged by the database's own words and
 * code, never with its SQL and parameters (which carry what was sent, and could carry a password's hash).
 */
import type { FastifyServerOptions } from 'fastify';
import { pgErrorCode } from '../db/client';

/** The longest path, address or message a log line repeats. */
export const MAX_LOGGED_CHARS = 300;

/** The text, cut to `max` characters with how long it was. */
export function clip(text: string, max = MAX_LOGGED_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** An error as a log line shows it: its type, code, clipped message and stack, never a query's SQL or values. */
export function loggedError(error: unknown): { type: string; message: string; stack: string; code?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: clip(String(error)), stack: '' };
  const code = pgErrorCode(error) ?? (error as { code?: unknown }).code;
  // Drizzle's "Failed query: <sql> params: <values>": its cause has the database's own words.
  const cause = (error as { cause?: unknown }).cause;
  const failedQuery = 'query' in error || /^Failed query:/.test(error.message);
  const message = failedQuery && cause instanceof Error ? cause.message : error.message;
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: clip(message),
    stack: clip((error.stack ?? '').replace(error.message, clip(message)), 2000),
  };
}

/** The logger of every API instance: JSON lines at `level`, with clipped requests and safe errors. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: clip(String(request.url ?? '')),
        remoteAddress: request.ip ?? request.socket?.remoteAddress,
      }),
      err: loggedError,
    },
  };
}
