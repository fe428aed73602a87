/**
 * What the API's log lines may hold: JSON lines whose size does not grow with what a
 * stranger sends. Paths and messages are clipped; a failed query is logged by the database's own words and
 * code, never with its SQL and parameters (which carry what was sent, and could carry a password's hash).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { pino, type Logger } from 'pino';
import { pgErrorCode } from '../db/client';

/** The longest path, address or message a log line repeats. */
export const MAX_LOGGED_CHARS = 300;

/** The text, cut to `max` characters with how long it was. */
export function clip(text: string, max = MAX_LOGGED_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/**
 * A URL as a log line may repeat it: a password-reset link's token (the path of links mailed before the token
 * moved into their fragment, however its letters are escaped), any `token`, `password`, `secret` or `key`
 * parameter, and a trial link's `release` ticket (its signature opens a candidate release) hidden: no secret is
 * ever logged.
 */
export const withoutSecrets = (url: string) =>
  withoutResetToken(url).replace(/([?&](?:token|password|secret|key|release)=)[^&#]*/gi, '$1(hidden)');

/** The path read as the router reads it (each escape decoded), so no spelling of the reset page shows its token. */
function withoutResetToken(url: string): string {
  const at = url.search(/[?#]/);
  const [path, rest] = at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not decodable: matched as it came.
  }
  return /^\/+reset-password\/./i.test(decoded) ? `/reset-password/(hidden)${rest}` : url;
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
        url: clip(withoutSecrets(String(request.url ?? ''))),
        remoteAddress: request.ip ?? request.socket?.remoteAddress,
      }),
      err: loggedError,
    },
  };
}

/**
 * The process's logger: JSON lines on standard output at `level`, with the serializers above.
 * Fastify takes it as its own (`loggerInstance`), so a line of a request carries its `reqId`; the start,
 * the shutdown and the background workers write through it too, never through `console`.
 */
export function createLogger(level: string, stream?: { write(line: string): void }): Logger<string> {
  const { serializers } = loggerOptions(level);
  return pino({ level, serializers }, stream ?? pino.destination({ dest: 1, sync: true }));
}

/** Where a part with no logger of its own writes (a pool's error, a worker's failure): standard error. */
export const fallbackLogger = createLogger('warn', pino.destination({ dest: 2, sync: true }));

/** The address ranges TRUST_PROXY may name (proxy-addr's names); config.ts accepts these names. */
export const PROXY_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** A request id someone else chose is taken only when it is short and plain. */
const GIVEN_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/**
 * Each request's id (the `reqId` of its log lines and the `X-Request-Id` of its answer): the proxy's
 * `X-Request-Id` when the request came through a trusted proxy (TRUST_PROXY: a hop count trusts the peer, a
 * list trusts those addresses), else a new UUID. A client talking to the API directly cannot choose its id.
 */
export function requestIds(trustProxy: number | string[] | undefined): (request: IncomingMessage) => string {
  if (trustProxy === undefined || trustProxy === 0) return () => randomUUID();
  let trusted: (address: string | undefined) => boolean = () => true;
  if (Array.isArray(trustProxy)) {
    const list = new BlockList();
    for (const entry of trustProxy) {
      for (const [address, prefix, family] of PROXY_RANGES[entry] ?? []) list.addSubnet(address, prefix, family);
      if (PROXY_RANGES[entry]) continue;
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
    trusted = (address) => {
      if (!address) return false;
      const plain = address.replace(/^::ffff:(?=\d+\.)/, '');
      return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
    };
  }
  return (request) => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && GIVEN_REQUEST_ID.test(given) && trusted(request.socket.remoteAddress)
      ? given
      : randomUUID();
  };
}
