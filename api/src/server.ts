/** `npm start`: open the database, migrate, bootstrap, serve; drain and close on SIGTERM. */
import { resolve } from 'node:path';
import { buildApp } from './app';
import { API_ROOT } from './paths';
import { embeddedJwtSecret, loadConfig } from './config';
import { openPglite, openPostgres, type Database } from './db/client';
import { ensureAdmin } from './seed/admin';
import { seedDemoData } from './seed/demo';

async function main() {
  const config = loadConfig();
  const database: Database = config.databaseUrl
    ? openPostgres(config.databaseUrl)
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
    tokenLifetime: config.tokenLifetime,
    limits: config.limits,
    trustProxy: config.trustProxy,
    redisUrl: config.redisUrl,
    publicUrl: config.publicUrl,
    logger: { level: config.logLevel },
    web: { root: resolve(API_ROOT, '..'), remotesFile: config.remotesFile },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: finishing open requests, then closing the database.`);
    try {
      await app.close();
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
  console.log(`Ready: http://localhost:${config.port}/  (API under http://localhost:${config.port}/api)`);
}

main().catch((error: Error) => {
  console.error(`Could not start: ${error.message}`);
  process.exit(1);
});
