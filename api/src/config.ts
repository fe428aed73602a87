/** Settings from the environment (the README lists them). */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Limits } from './deps';
import type { PostgresOptions } from './db/client';
import { parseIssuerSeed } from './credentials/issuer';

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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const jwtSecret = env.JWT_SECRET?.trim() || undefined;
  if (databaseUrl && !jwtSecret) {
    throw new Error(
      'JWT_SECRET is required when DATABASE_URL is set: every API instance must sign tokens with the same secret.',
    );
  }
  if (jwtSecret && jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long.');
  const issuerKeyText = env.BTLS_ISSUER_KEY?.trim() || undefined;
  if (databaseUrl && !issuerKeyText) {
    throw new Error(
      'BTLS_ISSUER_KEY is required when DATABASE_URL is set: every API instance must sign credentials with the same key.',
    );
  }
  const issuerKey = issuerKeyText ? parseIssuerSeed(issuerKeyText) : undefined;
  const adminEmail = env.BTLS_ADMIN_EMAIL?.trim();
  const adminPassword = env.BTLS_ADMIN_PASSWORD;
  if (!!adminEmail !== !!adminPassword) {
    throw new Error('Set both BTLS_ADMIN_EMAIL and BTLS_ADMIN_PASSWORD, or neither.');
  }
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+/.test(publicUrl)) {
    throw new Error('PUBLIC_URL must be an http(s) address, e.g. https://btls.example.rw');
  }
  const host = env.HOST?.trim() || '0.0.0.0';
  // Issue 30: in production the site's address is configured, not taken from requests (a forged Host header
  // would end up in links), unless the server listens on this machine only (behind a local proxy, a test).
  if (env.NODE_ENV === 'production' && !publicUrl && !isLoopback(host)) {
    throw new Error(
      `PUBLIC_URL is required in production when HOST (${host}) is reachable from other machines: set it to the ` +
        "site's address as users reach it, e.g. PUBLIC_URL=https://btls.example.rw",
    );
  }
  const number = (name: string) => (env[name] ? Number(env[name]) : undefined);
  const limits: Partial<Limits> = {};
  const loginPerIp = number('BTLS_LOGIN_LIMIT_PER_IP');
  const loginFailuresPerEmail = number('BTLS_LOGIN_LIMIT_PER_EMAIL');
  if (loginPerIp) limits.loginPerIp = loginPerIp;
  if (loginFailuresPerEmail) limits.loginFailuresPerEmail = loginFailuresPerEmail;
  const registerPerIp = number('BTLS_REGISTER_LIMIT_PER_IP');
  if (registerPerIp) limits.registerPerIp = registerPerIp;
  const jobPostsPerHour = number('BTLS_JOB_POST_LIMIT_PER_HOUR');
  if (jobPostsPerHour) limits.jobPostsPerHour = jobPostsPerHour;

  const positive = (name: string) => {
    const value = number(name);
    return value && value > 0 ? value : undefined;
  };
  const postgres: PostgresOptions = {
    poolSize: positive('BTLS_DB_POOL_SIZE'),
    statementTimeoutMs: positive('BTLS_DB_STATEMENT_TIMEOUT_MS'),
    acquireTimeoutMs: positive('BTLS_DB_ACQUIRE_TIMEOUT_MS'),
    logSql: env.BTLS_LOG_SQL === '1',
  };

  const port = number('PORT') ?? 8080;
  return {
    port,
    host,
    dataDir: resolve(env.BTLS_DATA_DIR?.trim() || './data'),
    databaseUrl,
    postgres,
    jwtSecret,
    issuerKey,
    tokenLifetime: env.BTLS_TOKEN_LIFETIME?.trim() || '7d',
    admin: adminEmail && adminPassword ? { email: adminEmail, password: adminPassword } : undefined,
    demo: databaseUrl ? env.BTLS_DEMO === '1' : env.BTLS_DEMO !== '0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    logLevel: env.LOG_LEVEL?.trim() || 'warn',
    limits,
    publicUrl,
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'BTLS Coffee Training <no-reply@btls.rw>',
  };
}

/** Whether HOST is reachable from this machine only. */
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

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
    if (!PROXY_RANGE_NAMES.has(entry) && (!family || !prefixOk || extra !== undefined)) {
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
