/** Settings from the environment (docs/configuration.md lists them). */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { Limits } from './deps';
import type { PostgresOptions } from './db/client';
import { parseIssuerSeed } from './credentials/issuer';
import { clip, PROXY_RANGES } from './http/logging';
import { localTrialUrl } from './releases/trial-origin';
import { localAdminUrl } from './http/admin-origin';
import { isReleaseOrigin } from './releases/base';
import { DEFAULT_REGRESSION_RULE, type RegressionRule } from './releases/regression';

export interface Config {
  port: number;
  host: string;
  /** Embedded PGlite's folder (also holds the generated JWT secret); unused with DATABASE_URL. */
  dataDir: string;
  databaseUrl?: string;
  /** The PostgreSQL pool's size and timeouts (BTLS_DB_POOL_SIZE, BTLS_DB_STATEMENT_TIMEOUT_MS, BTLS_DB_ACQUIRE_TIMEOUT_MS). */
  postgres: PostgresOptions;
  jwtSecret?: string;
  /** The seed of the credential issuer's Ed25519 key (BTLS_ISSUER_KEY); generated into the data directory when embedded. */
  issuerKey?: Uint8Array;
  tokenLifetime: string;
  admin?: { email: string; password: string };
  /** Seed the demo data on first start: always in embedded mode (unless BTLS_DEMO=0), with PostgreSQL only when BTLS_DEMO=1. */
  demo: boolean;
  /** A hop count or proxy addresses/CIDRs; undefined when no proxy is trusted. */
  trustProxy?: number | string[];
  /** Rate-limit counters in this Redis instead of the database. */
  redisUrl?: string;
  /**
   * The site's public address without a trailing slash (PUBLIC_URL): canonical, share and sitemap links (else
   * each request's own origin), the address written into credentials and e-mails (else localhost); https
   * turns HSTS on.
   */
  publicUrl?: string;
  logLevel: string;
  limits: Partial<Limits>;
  /** Send the outbox through this SMTP server; without it e-mails stay in the outbox for admins to read. */
  smtpUrl?: string;
  mailFrom: string;
  /** On SIGTERM, how long open requests may take before the process exits anyway (BTLS_SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /**
   * On SIGTERM, how long the instance keeps serving with readiness at 503 before it stops accepting
   * (BTLS_DRAIN_DELAY_MS, default 0): for a load balancer that checks readiness, a little more than its interval.
   */
  drainDelayMs: number;
  /** GET /metrics answers only with `Authorization: Bearer <this>` when set (BTLS_METRICS_TOKEN). */
  metricsToken?: string;
  /**
   * Where candidate releases are tried (TRIAL_URL): an origin of its own, served by this server. Without one, a
   * developer's machine (no PUBLIC_URL) uses trial.localhost on its port; a site with a PUBLIC_URL has no trials.
   */
  trialUrl: string | null;
  /**
   * Where admins sign in and work (ADMIN_URL): an origin of its own, served by this server, where no other team's
   * code runs. Required with a PUBLIC_URL; a developer's machine uses admin.localhost on its port.
   */
  adminUrl: string;
  /** How long an admin's proof (password or passkey) lets dangerous actions through (BTLS_SUDO_WINDOW_SECONDS). */
  sudoWindowMs?: number;
  /** What one area may keep stored (BTLS_RELEASE_QUOTA_RELEASES, BTLS_RELEASE_QUOTA_MB). */
  releaseQuota: { releases?: number; bytes?: number };
  /** What the operator should know of this configuration that does not stop the start (logged at start). */
  warnings: string[];
  /**
   * Origins the operator trusts for releases whose files live elsewhere (BTLS_RELEASE_ORIGINS), besides any
   * https origin of a public host name: e.g. a CDN on the operator's own network.
   */
  releaseOrigins: string[];
  /**
   * When a rollout is stopped on its own, and whose word it takes (BTLS_ROLLBACK_FALSE_STOP,
   * BTLS_ROLLBACK_MIN_BROWSERS, BTLS_ROLLBACK_RETURN_SECONDS, BTLS_ROLLBACK_BROWSERS_PER_IP).
   */
  rollback: RegressionRule;
}

/** The log levels the logger knows (pino's). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Variables whose values a message never repeats. */
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'BTLS_ISSUER_KEY',
  'BTLS_ADMIN_PASSWORD',
  'BTLS_METRICS_TOKEN',
  'BTLS_BACKUP_KEY',
]);

/** The longest delay Node's timers keep (a longer one fires at once). */
const MAX_TIMER_MS = 2_147_483_647;

/** A variable set to nothing (or blanks) is unset; any other value is taken without its surrounding blanks. */
const setting = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() || undefined : value), schema.optional());

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  setting(
    z
      .string()
      .refine((text) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max, {
        message:
          max === Number.MAX_SAFE_INTEGER
            ? `expected a whole number of at least ${min}`
            : `expected a whole number from ${min} to ${max}`,
      })
      .transform(Number),
  );

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  setting(z.enum(values, { message: `expected one of ${values.join(', ')}` }));

const address = (protocols: string[], example: string) =>
  setting(
    z.string().refine(
      (text) => {
        try {
          return protocols.includes(new URL(text).protocol);
        } catch {
          return false;
        }
      },
      { message: `expected a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} address, e.g. ${example}` },
    ),
  );

/**
 * A token lifetime as the sign-in tokens take it (jose's time spans, here without "ago"/"from now"): a number
 * and a unit.
 */
const TIME_SPAN = /^(\d+|\d+\.\d+) ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)$/i;

/**
 * Every variable of the server's environment (docs/configuration.md's table), checked at boot: a wrong value stops the
 * start with a message naming the variable, the value and what is expected, instead of a
 * fallback in silence or a failure at the first sign-in.
 */
const environmentSchema = z
  .object({
    PORT: wholeNumber(0, 65_535),
    HOST: setting(z.string()),
    NODE_ENV: oneOf(['production', 'development', 'test']),
    BTLS_DATA_DIR: setting(z.string()),
    DATABASE_URL: address(['postgres:', 'postgresql:'], 'postgres://user:password@db.example.rw:5432/btls'),
    JWT_SECRET: setting(z.string().min(32, { message: 'expected at least 32 characters (openssl rand -base64 48)' })),
    BTLS_ISSUER_KEY: setting(
      z.string().refine((text) => Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length === 32, {
        message: 'expected 32 random bytes in base64 (openssl rand -base64 32)',
      }),
    ),
    BTLS_TOKEN_LIFETIME: setting(
      z.string().refine((text) => TIME_SPAN.test(text) && Number.parseFloat(text) > 0, {
        message: 'expected a time span such as 7d, 12h, 30 minutes or 2 weeks',
      }),
    ),
    BTLS_ADMIN_EMAIL: setting(z.email({ message: 'expected an e-mail address' })),
    BTLS_ADMIN_PASSWORD: setting(z.string()),
    BTLS_DEMO: oneOf(['0', '1']),
    TRUST_PROXY: setting(z.string()),
    REDIS_URL: address(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    PUBLIC_URL: address(['http:', 'https:'], 'https://btls.example.rw'),
    TRIAL_URL: address(['http:', 'https:'], 'https://try.btls.example.rw'),
    ADMIN_URL: address(['http:', 'https:'], 'https://admin.btls.example.rw'),
    LOG_LEVEL: oneOf(LOG_LEVELS),
    BTLS_LOG_SQL: oneOf(['0', '1']),
    BTLS_LOGIN_LIMIT_PER_IP: wholeNumber(1),
    BTLS_LOGIN_LIMIT_PER_EMAIL: wholeNumber(1),
    BTLS_REGISTER_LIMIT_PER_IP: wholeNumber(1),
    BTLS_JOB_POST_LIMIT_PER_HOUR: wholeNumber(1),
    BTLS_RENDER_LIMIT_PER_IP: wholeNumber(1),
    BTLS_CLIENT_REPORT_LIMIT_PER_IP: wholeNumber(1),
    BTLS_RELEASE_UPLOADS_PER_HOUR: wholeNumber(1),
    BTLS_RELEASE_QUOTA_RELEASES: wholeNumber(6, 100_000),
    BTLS_RELEASE_QUOTA_MB: wholeNumber(1, 1_000_000),
    BTLS_DB_POOL_SIZE: wholeNumber(1, 1_000),
    BTLS_DB_STATEMENT_TIMEOUT_MS: wholeNumber(1, MAX_TIMER_MS),
    BTLS_DB_ACQUIRE_TIMEOUT_MS: wholeNumber(1, MAX_TIMER_MS),
    BTLS_SHUTDOWN_TIMEOUT_MS: wholeNumber(1, MAX_TIMER_MS),
    BTLS_DRAIN_DELAY_MS: wholeNumber(0, MAX_TIMER_MS),
    BTLS_METRICS_TOKEN: setting(z.string().min(16, { message: 'expected at least 16 characters' })),
    BTLS_RELEASE_ORIGINS: setting(
      z.string().refine((text) => text.split(',').every((item) => isOrigin(item.trim())), {
        message: 'expected origins separated by commas, e.g. https://cdn.btls.example.rw,http://10.0.0.5:8081',
      }),
    ),
    BTLS_ROLLBACK_MIN_BROWSERS: wholeNumber(1, 1_000_000),
    BTLS_ROLLBACK_RETURN_SECONDS: wholeNumber(0, 24 * 60 * 60),
    BTLS_ROLLBACK_BROWSERS_PER_IP: wholeNumber(1, 1_000_000),
    BTLS_ROLLBACK_FALSE_STOP: setting(
      z.string().refine((text) => /^0\.\d+$/.test(text) && Number(text) > 0 && Number(text) <= 0.5, {
        message: 'expected a share above 0 and at most 0.5, e.g. 0.01 for one good rollout in a hundred',
      }),
    ),
    BTLS_LOAD_TICKETS_PER_IP: wholeNumber(1),
    BTLS_SUDO_WINDOW_SECONDS: wholeNumber(1, 24 * 60 * 60),
    SMTP_URL: address(['smtp:', 'smtps:'], 'smtp://user:password@smtp.example.rw:587'),
    MAIL_FROM: setting(
      z.string().regex(/[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+/, {
        message: 'expected a sender with an e-mail address, e.g. BTLS Coffee Training <no-reply@btls.rw>',
      }),
    ),
  })
  .superRefine((env, context) => {
    const require = (variable: string, message: string) =>
      context.addIssue({ code: 'custom', path: [variable], message });
    if (env.DATABASE_URL && !env.JWT_SECRET)
      require('JWT_SECRET', 'is required when DATABASE_URL is set: every API instance must sign tokens with the same secret');
    if (env.DATABASE_URL && !env.BTLS_ISSUER_KEY)
      require('BTLS_ISSUER_KEY', 'is required when DATABASE_URL is set: every API instance must sign credentials with the same key');
    if ((env.BTLS_DRAIN_DELAY_MS ?? 0) >= (env.BTLS_SHUTDOWN_TIMEOUT_MS ?? 10_000))
      require('BTLS_DRAIN_DELAY_MS', `must be shorter than BTLS_SHUTDOWN_TIMEOUT_MS (${env.BTLS_SHUTDOWN_TIMEOUT_MS ?? 10_000} ms): the deadline counts from the signal, so open requests would get no time to finish`);
    if (env.TRIAL_URL && new URL(env.TRIAL_URL).origin !== env.TRIAL_URL.replace(/\/+$/, ''))
      require('TRIAL_URL', 'must be an origin (scheme, host and port), with no path');
    if (env.TRIAL_URL && env.PUBLIC_URL && new URL(env.TRIAL_URL).hostname === new URL(env.PUBLIC_URL).hostname)
      require('TRIAL_URL', "must be another host name than PUBLIC_URL's: a trial's page must not share the site's storage");
    if (env.ADMIN_URL && new URL(env.ADMIN_URL).origin !== env.ADMIN_URL.replace(/\/+$/, ''))
      require('ADMIN_URL', 'must be an origin (scheme, host and port), with no path');
    if (env.PUBLIC_URL && !env.ADMIN_URL)
      require('ADMIN_URL', 'is required when PUBLIC_URL is set: admins sign in on a host name of their own, e.g. https://admin.btls.example.rw (docs/configuration.md)');
    for (const [other, value] of [
      ['PUBLIC_URL', env.PUBLIC_URL],
      ['TRIAL_URL', env.TRIAL_URL],
    ] as const)
      if (env.ADMIN_URL && value && new URL(env.ADMIN_URL).hostname === new URL(value).hostname)
        require('ADMIN_URL', `must be another host name than ${other}'s: the admin's session must not share that site's storage`);
    if (!!env.BTLS_ADMIN_EMAIL !== !!env.BTLS_ADMIN_PASSWORD)
      require(env.BTLS_ADMIN_EMAIL
        ? 'BTLS_ADMIN_PASSWORD'
        : 'BTLS_ADMIN_EMAIL', 'set both BTLS_ADMIN_EMAIL and BTLS_ADMIN_PASSWORD, or neither');
  });

/** A wrong environment: every wrong variable, a line each. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** How a message shows a variable's value: secrets by their length only, a password inside an address masked. */
function shown(variable: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') return `${variable} is not set`;
  if (SECRET_VARIABLES.has(variable)) return `${variable}=(hidden, ${value.length} characters)`;
  let text = value;
  try {
    const url = new URL(value);
    if (url.password) {
      url.password = '***';
      text = url.href;
    }
  } catch {
    // Not an address a parser takes, but it may still hold one's password (`redis://:secret@host:port/x y`).
    text = value.replace(/^([^:/?#\s]*:\/\/[^/?#@:]*:)[^@]*@/, '$1***@');
  }
  return `${variable}=${JSON.stringify(clip(text, 120))}`;
}

function checkedEnvironment(env: NodeJS.ProcessEnv) {
  const result = environmentSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const variable = String(issue.path[0]);
    return issue.code === 'custom' && !(variable in env && env[variable]?.trim())
      ? `${variable} ${issue.message}.`
      : `${shown(variable, env[variable])}: ${issue.message}.`;
  });
  throw new ConfigError(`The environment is not valid:\n  ${lines.join('\n  ')}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const checked = checkedEnvironment(env);
  const { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret } = checked;
  const publicUrl = checked.PUBLIC_URL?.replace(/\/+$/, '');
  const host = checked.HOST ?? '0.0.0.0';
  let trustProxy: Config['trustProxy'];
  try {
    trustProxy = parseTrustProxy(checked.TRUST_PROXY);
  } catch (error) {
    throw new ConfigError(`The environment is not valid:\n  ${(error as Error).message}`);
  }
  // In production the site's address is configured, not taken from requests (a forged Host header
  // would end up in links), unless the server listens on this machine only (behind a local proxy, a test).
  if (checked.NODE_ENV === 'production' && !publicUrl && !isLoopback(host)) {
    throw new ConfigError(
      `PUBLIC_URL is required in production when HOST (${host}) is reachable from other machines: set it to the ` +
        "site's address as users reach it, e.g. PUBLIC_URL=https://btls.example.rw",
    );
  }
  const limits: Partial<Limits> = {
    ...(checked.BTLS_LOGIN_LIMIT_PER_IP && { loginPerIp: checked.BTLS_LOGIN_LIMIT_PER_IP }),
    ...(checked.BTLS_LOGIN_LIMIT_PER_EMAIL && { loginFailuresPerEmail: checked.BTLS_LOGIN_LIMIT_PER_EMAIL }),
    ...(checked.BTLS_REGISTER_LIMIT_PER_IP && { registerPerIp: checked.BTLS_REGISTER_LIMIT_PER_IP }),
    ...(checked.BTLS_JOB_POST_LIMIT_PER_HOUR && { jobPostsPerHour: checked.BTLS_JOB_POST_LIMIT_PER_HOUR }),
    ...(checked.BTLS_RENDER_LIMIT_PER_IP && { rendersPerIpPerMinute: checked.BTLS_RENDER_LIMIT_PER_IP }),
    ...(checked.BTLS_LOAD_TICKETS_PER_IP && { loadTicketsPerIpPerMinute: checked.BTLS_LOAD_TICKETS_PER_IP }),
    ...(checked.BTLS_CLIENT_REPORT_LIMIT_PER_IP && {
      clientReportsPerIpPerMinute: checked.BTLS_CLIENT_REPORT_LIMIT_PER_IP,
    }),
    ...(checked.BTLS_RELEASE_UPLOADS_PER_HOUR && { releaseUploadsPerHour: checked.BTLS_RELEASE_UPLOADS_PER_HOUR }),
  };
  const postgres: PostgresOptions = {
    poolSize: checked.BTLS_DB_POOL_SIZE,
    statementTimeoutMs: checked.BTLS_DB_STATEMENT_TIMEOUT_MS,
    acquireTimeoutMs: checked.BTLS_DB_ACQUIRE_TIMEOUT_MS,
    logSql: checked.BTLS_LOG_SQL === '1',
  };
  return {
    port: checked.PORT ?? 8080,
    host,
    dataDir: resolve(checked.BTLS_DATA_DIR ?? './data'),
    databaseUrl,
    postgres,
    jwtSecret,
    issuerKey: checked.BTLS_ISSUER_KEY ? parseIssuerSeed(checked.BTLS_ISSUER_KEY) : undefined,
    tokenLifetime: checked.BTLS_TOKEN_LIFETIME ?? '7d',
    admin:
      checked.BTLS_ADMIN_EMAIL && env.BTLS_ADMIN_PASSWORD
        ? { email: checked.BTLS_ADMIN_EMAIL, password: env.BTLS_ADMIN_PASSWORD }
        : undefined,
    demo: databaseUrl ? checked.BTLS_DEMO === '1' : checked.BTLS_DEMO !== '0',
    trustProxy,
    redisUrl: checked.REDIS_URL,
    logLevel: checked.LOG_LEVEL ?? 'info',
    limits,
    publicUrl,
    smtpUrl: checked.SMTP_URL,
    mailFrom: checked.MAIL_FROM ?? 'BTLS Coffee Training <no-reply@btls.rw>',
    shutdownTimeoutMs: checked.BTLS_SHUTDOWN_TIMEOUT_MS ?? 10_000,
    drainDelayMs: checked.BTLS_DRAIN_DELAY_MS ?? 0,
    metricsToken: checked.BTLS_METRICS_TOKEN,
    trialUrl: checked.TRIAL_URL
      ? new URL(checked.TRIAL_URL).origin
      : publicUrl
        ? null
        : localTrialUrl(checked.PORT ?? 8080),
    adminUrl: checked.ADMIN_URL ? new URL(checked.ADMIN_URL).origin : localAdminUrl(checked.PORT ?? 8080),
    ...(checked.BTLS_SUDO_WINDOW_SECONDS && { sudoWindowMs: checked.BTLS_SUDO_WINDOW_SECONDS * 1000 }),
    warnings: configurationWarnings(checked),
    releaseQuota: {
      ...(checked.BTLS_RELEASE_QUOTA_RELEASES && { releases: checked.BTLS_RELEASE_QUOTA_RELEASES }),
      ...(checked.BTLS_RELEASE_QUOTA_MB && { bytes: checked.BTLS_RELEASE_QUOTA_MB * 1024 * 1024 }),
    },
    releaseOrigins: (checked.BTLS_RELEASE_ORIGINS ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
    rollback: {
      minBrowsers: checked.BTLS_ROLLBACK_MIN_BROWSERS ?? DEFAULT_REGRESSION_RULE.minBrowsers,
      returnSeconds: checked.BTLS_ROLLBACK_RETURN_SECONDS ?? DEFAULT_REGRESSION_RULE.returnSeconds,
      browsersPerAddress: checked.BTLS_ROLLBACK_BROWSERS_PER_IP ?? DEFAULT_REGRESSION_RULE.browsersPerAddress,
      falseStop: checked.BTLS_ROLLBACK_FALSE_STOP
        ? Number(checked.BTLS_ROLLBACK_FALSE_STOP)
        : DEFAULT_REGRESSION_RULE.falseStop,
    },
  };
}

/**
 * What is allowed but unwise. A database or cache that takes connections without a password takes them from
 * anything on this machine that can reach it; render processes cannot (they have no network), but nothing else
 * should be able to either.
 */
function configurationWarnings(env: z.infer<typeof environmentSchema>): string[] {
  const warnings: string[] = [];
  for (const [variable, value] of [
    ['DATABASE_URL', env.DATABASE_URL],
    ['REDIS_URL', env.REDIS_URL],
  ] as const) {
    if (value && !new URL(value).password)
      warnings.push(
        `${variable} carries no password: the server accepts anyone on this network as this user; give it a password (docs/operations.md)`,
      );
  }
  if (env.PUBLIC_URL && !env.TRIAL_URL)
    warnings.push('TRIAL_URL is not set: no trial link can be made (docs/releasing.md, "Try before activating")');
  if (!env.BTLS_METRICS_TOKEN && env.DATABASE_URL)
    warnings.push('BTLS_METRICS_TOKEN is not set: GET /metrics answers nobody (docs/operations.md)');
  return warnings;
}

/** An origin as a browser writes it: http(s), a host, maybe a port, nothing else. */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.origin === text && isReleaseOrigin(text);
  } catch {
    return false;
  }
}

/** Whether HOST is reachable from this machine only. */
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

/**
 * TRUST_PROXY: the number of proxies in front of the API (X-Forwarded-For is read that many hops from the
 * right), or a comma-separated list of the proxies' addresses/CIDRs. Never "true": trusting every hop lets a
 * client choose its own address by sending X-Forwarded-For itself.
 */
export function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new Error(
      'TRUST_PROXY=true would let any client choose its address. Set the number of proxies in front of the API ' +
        '(e.g. TRUST_PROXY=1) or their addresses/CIDRs (e.g. TRUST_PROXY=10.0.0.0/8,192.168.1.5).',
    );
  }
  const list = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!Object.hasOwn(PROXY_RANGES, entry) && (!family || !prefixOk || extra !== undefined)) {
      throw new Error(`TRUST_PROXY: "${entry}" is neither a hop count nor an IP address or CIDR.`);
    }
  }
  return list;
}

/** Embedded mode: a secret generated once and kept in the data directory, so tokens survive restarts. */
export function embeddedJwtSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, 'jwt-secret');
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  } catch {
    /* not generated yet */
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Embedded mode: the token GET /metrics asks for (BTLS_METRICS_TOKEN unset), generated once in the data directory. */
export function embeddedMetricsToken(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, 'metrics-token');
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    if (token.length >= 16) return token;
  }
  const token = randomBytes(24).toString('base64url');
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}

/** Embedded mode: the issuer key's seed generated once and kept in the data directory, like the JWT secret. */
export function embeddedIssuerKey(dataDir: string): Uint8Array {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'issuer-key');
  // A damaged key file stops the start instead of being replaced: a new key would disown every credential.
  if (existsSync(file)) return parseIssuerSeed(readFileSync(file, 'utf8'));
  const seed = randomBytes(32);
  writeFileSync(file, seed.toString('base64'), { mode: 0o600 });
  return new Uint8Array(seed);
}
