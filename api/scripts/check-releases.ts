/**
 * Before deploying this API build: does it serve every operation the active area releases of a running site
 * call? Builds this checkout's API in memory (no port, an empty in-memory database), reads the site's releases
 * with a release token, and names each operation it would drop. Exit code 1 when one is missing.
 *
 *   BTLS_RELEASE_TOKEN=btlsr_… npm run check-releases -- https://btls.example.rw
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app';
import { openPglite } from '../src/db/client';
import { operationKey, servedOperationsOf } from '../src/releases/operations';

interface Listed {
  area: string;
  active: string | null;
  versions: { version: string; operations?: string[] }[];
}

const site = process.argv.slice(2).find((argument) => !argument.startsWith('-'));
const token = process.env.BTLS_RELEASE_TOKEN;
if (!site || !token) {
  console.error('Usage: BTLS_RELEASE_TOKEN=<a release or admin token> npm run check-releases -- <site URL>');
  process.exit(2);
}

const answer = await fetch(new URL('/api/releases', site), { headers: { authorization: `Bearer ${token}` } });
if (!answer.ok) {
  console.error(`${site} answered ${answer.status} to GET /api/releases: ${(await answer.text()).slice(0, 300)}`);
  process.exit(2);
}
const listed = (await answer.json()) as Listed[];

const database = await openPglite();
const app = await buildApp({ database, jwtSecret: randomBytes(32).toString('hex') });
await app.ready();
const served = servedOperationsOf(app);
await app.close();
await database.close();

const missing: string[] = [];
let calls = 0;
for (const { area, active, versions } of listed) {
  const release = versions.find((item) => item.version === active);
  for (const operation of release?.operations ?? []) {
    calls += 1;
    if (!served.has(operationKey(operation))) missing.push(`${area} ${active}: ${operation}`);
  }
}
if (missing.length) {
  console.error(`This API build does not serve what the active releases of ${site} call:`);
  for (const line of missing) console.error(`  ${line}`);
  console.error('Keep these operations (or release the areas without them first), then deploy.');
  process.exit(1);
}
console.log(
  `This API build serves every operation the active releases of ${site} call (${calls} calls of ${listed.filter((a) => a.active).length} releases).`,
);
