/** Settings from the environment (the README lists them). */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Limits } from './app';

export interface Config {
  port: number;
  host: string;
  /** Embedded PGlite's folder (also holds the generated JWT secret); unused with DATABASE_URL. */
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  tokenLifetime: string;
  admin?: { email: string; password: string };
  /** Seed the demo data on first start: always in embedded mode (unless BTLS_DEMO=0), with PostgreSQL only when BTLS_DEMO=1. */
  demo: boolean;
  trustProxy: boolean;
  logLevel: string;
  limits: Partial<Limits>;
  /** A remotes.json to serve instead of the built shell's own. */
  remotesFile?: string;
  /** The site's address as users reach it, for links in e-mails. */
  publicUrl?: string;
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
  const adminEmail = env.BTLS_ADMIN_EMAIL?.trim();
  const adminPassword = env.BTLS_ADMIN_PASSWORD;
  if (!!adminEmail !== !!adminPassword) {
    throw new Error('Set both BTLS_ADMIN_EMAIL and BTLS_ADMIN_PASSWORD, or neither.');
  }
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+/.test(publicUrl)) {
    throw new Error('PUBLIC_URL must be an http(s) address, e.g. https://btls.example.rw');
  }
  const number = (name: string) => (env[name] ? Number(env[name]) : undefined);
  const limits: Partial<Limits> = {};
  const loginPerIp = number('BTLS_LOGIN_LIMIT_PER_IP');
  const loginFailuresPerEmail = number('BTLS_LOGIN_LIMIT_PER_EMAIL');
  if (loginPerIp) limits.loginPerIp = loginPerIp;
  if (loginFailuresPerEmail) limits.loginFailuresPerEmail = loginFailuresPerEmail;

  return {
    port: number('PORT') ?? 8080,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: resolve(env.BTLS_DATA_DIR?.trim() || './data'),
    databaseUrl,
    jwtSecret,
    tokenLifetime: env.BTLS_TOKEN_LIFETIME?.trim() || '7d',
    admin: adminEmail && adminPassword ? { email: adminEmail, password: adminPassword } : undefined,
    demo: databaseUrl ? env.BTLS_DEMO === '1' : env.BTLS_DEMO !== '0',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL?.trim() || 'warn',
    limits,
    remotesFile: env.BTLS_REMOTES_FILE?.trim() || undefined,
    publicUrl,
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'BTLS Coffee Training <no-reply@btls.rw>',
  };
}

/** Embedded mode: a secret generated once and kept in the data directory, so tokens survive restarts. */
export function embeddedJwtSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
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
