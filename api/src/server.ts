/** `npm start`: check the environment, open the database, migrate, bootstrap, serve; drain and close on SIGTERM. */
import { resolve } from 'node:path';
import { buildApp } from './app';
import { API_ROOT } from './paths';
import { ConfigError, embeddedIssuerKey, embeddedJwtSecret, embeddedMetricsToken, loadConfig } from './config';
import { openPglite, openPostgres, type Database } from './db/client';
import type { Lifecycle } from './deps';
import { createLogger, fallbackLogger } from './http/logging';
import { startImageBackfill } from './image-store';
import { startOutboxWorker, type OutboxWorker } from './mail/outbox';
import { ensureAdmin } from './seed/admin';
import { seedDemoData } from './seed/demo';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database: Database = config.databaseUrl
    ? openPostgres(config.databaseUrl, (error) => log.error({ err: error }, 'PostgreSQL pool error'), config.postgres)
    : await openPglite(config.dataDir);
  const jwtSecret = config.jwtSecret ?? embeddedJwtSecret(config.dataDir);
  // Embedded mode keeps a metrics token beside its other secrets, for an operator on this machine to read.
  const metricsToken = config.metricsToken ?? (config.databaseUrl ? undefined : embeddedMetricsToken(config.dataDir));
  for (const warning of config.warnings) log.warn({ kind: 'configuration' }, warning);

  let seeded = false;
  await database.migrateAndPrepare(async (db) => {
    if (config.admin) await ensureAdmin(db, config.admin.email, config.admin.password);
    if (config.demo) seeded = await seedDemoData(db);
  });

  const lifecycle: Lifecycle = { draining: false };
  const app = await buildApp({
    database,
    jwtSecret,
    issuerKey: config.issuerKey ?? embeddedIssuerKey(config.dataDir),
    tokenLifetime: config.tokenLifetime,
    limits: config.limits,
    trustProxy: config.trustProxy,
    redisUrl: config.redisUrl,
    // Never the request's Host header: a forged one would put an attacker's address in reset links.
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    loggerInstance: log,
    lifecycle,
    metricsToken,
    trialUrl: config.trialUrl,
    adminUrl: config.adminUrl,
    sudoWindowMs: config.sudoWindowMs,
    releaseQuota: config.releaseQuota,
    releaseOrigins: config.releaseOrigins,
    rollback: config.rollback,
    web: { root: resolve(API_ROOT, '..'), publicUrl: config.publicUrl },
  });

  // Uploads from before the WebP copies existed get theirs in the background; serving starts meanwhile.
  const imageBackfill = startImageBackfill(database.db, app.log);
  // Each instance drains the outbox; without SMTP the e-mails wait there for admins to read (the console's outbox).
  const outboxWorker: OutboxWorker | undefined = config.smtpUrl
    ? startOutboxWorker({
        db: database.db,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        log: (message) => log.warn(message),
      })
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness answers 503 from now on; open requests finish; whatever is still open after the deadline is
    // cut, so a stuck client cannot hold a deploy.
    lifecycle.draining = true;
    log.info({ signal, deadlineMs: config.shutdownTimeoutMs }, `${signal}: finishing open requests, then closing.`);
    const deadline = setTimeout(() => {
      log.error({ signal }, `Still open after ${config.shutdownTimeoutMs} ms (BTLS_SHUTDOWN_TIMEOUT_MS): exiting now.`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    try {
      if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
      await imageBackfill.stop();
      await app.close();
      // After the last request, so the e-mail being sent is finished and none is left half-claimed.
      await outboxWorker?.stop();
    } finally {
      await database.close();
    }
    log.info('Closed.');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  log.info(`Database: ${where}${seeded ? ' — demo data seeded' : ''}`);
  log.info(
    config.smtpUrl
      ? 'E-mail: sent through SMTP_URL.'
      : `E-mail: no SMTP_URL, so e-mails are kept in the outbox (admins read them at ${config.adminUrl}/admin/outbox).`,
  );
  log.info(`Admin console: ${config.adminUrl}/`);
  if (config.trialUrl) log.info(`Trials of candidate releases: ${config.trialUrl}/`);
  log.info(`Ready: http://localhost:${config.port}/  (API under http://localhost:${config.port}/api)`);
}

main().catch((error: Error) => {
  // A wrong environment is said in its own words (each variable, its value, what is expected), without a stack.
  fallbackLogger.fatal(
    error instanceof ConfigError ? { kind: 'configuration' } : { err: error },
    `Could not start: ${error.message}`,
  );
  process.exit(error instanceof ConfigError ? 2 : 1);
});
