/** `npm start`: open the database, migrate, bootstrap, serve; drain and close on SIGTERM. */
import { resolve } from 'node:path';
import { buildApp } from './app';
import { API_ROOT } from './paths';
import { embeddedIssuerKey, embeddedJwtSecret, loadConfig } from './config';
import { openPglite, openPostgres, type Database } from './db/client';
import { startImageBackfill } from './image-store';
import { startOutboxWorker, type OutboxWorker } from './mail/outbox';
import { ensureAdmin } from './seed/admin';
import { seedDemoData } from './seed/demo';

async function main() {
  const config = loadConfig();
  const database: Database = config.databaseUrl
    ? openPostgres(config.databaseUrl, console.error, config.postgres)
    : await openPglite(config.dataDir);
  const jwtSecret = config.jwtSecret ?? embeddedJwtSecret(config.dataDir);

  let seeded = false;
  await database.migrateAndPrepare(async (db) => {
    if (config.admin) await ensureAdmin(db, config.admin.email, config.admin.password);
    if (config.demo) seeded = await seedDemoData(db);
  });

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
    logger: { level: config.logLevel },
    web: { root: resolve(API_ROOT, '..'), publicUrl: config.publicUrl },
  });

  // Uploads from before the WebP copies existed get theirs in the background; serving starts meanwhile.
  const imageBackfill = startImageBackfill(database.db, app.log);
  // Each instance drains the outbox; without SMTP the e-mails wait there for admins to read (/admin/outbox).
  const outboxWorker: OutboxWorker | undefined = config.smtpUrl
    ? startOutboxWorker({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom })
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: finishing open requests, then closing the database.`);
    try {
      await imageBackfill.stop();
      await app.close();
      // After the last request, so the e-mail being sent is finished and none is left half-claimed.
      await outboxWorker?.stop();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`Database: ${where}${seeded ? ' — demo data seeded' : ''}`);
  console.log(
    config.smtpUrl
      ? 'E-mail: sent through SMTP_URL.'
      : 'E-mail: no SMTP_URL, so e-mails are kept in the outbox (admins read them at /admin/outbox).',
  );
  console.log(`Ready: http://localhost:${config.port}/  (API under http://localhost:${config.port}/api)`);
}

main().catch((error: Error) => {
  console.error(`Could not start: ${error.message}`);
  process.exit(1);
});
