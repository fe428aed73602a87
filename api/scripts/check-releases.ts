/**
 * Before deploying this API build: does it serve every operation the active area releases of a running site
 * call, as they were built against (the shapes of each request and answer)? Builds this checkout's API in memory
 * (no port, an empty in-memory database), reads the site's active releases with a release token, and names each
 * operation it would drop or answer otherwise, by field. Exit code 1 when one is.
 *
 *   BTLS_RELEASE_TOKEN=btlsr_… npm run check-releases -- https://btls.example.rw
 *   BTLS_RELEASE_TOKEN=btlsr_… npm run check-releases -- --contract ../other-checkout/shared-api https://btls.example.rw
 *
 * `--contract`: an API build's recorded contract instead of this checkout's API: its contract package's folder
 * (`npm run contract` records there, one file per resource), or one JSON file holding the whole record.
 */
import { readContractRecord } from '@btls/build-config/contract-shapes';
import type { ReleaseManifest } from '@btls/build-config/release';
import { readFileSync, statSync } from 'node:fs';
import { currentContract, type Contract } from '../src/releases/contract';
import { operationKey, shapeProblems } from '../src/releases/operations';

interface Listed {
  area: string;
  active: string | null;
  rollout: { version: string } | null;
}

const args = process.argv.slice(2);
const contractAt = args.indexOf('--contract');
const contractFile = contractAt >= 0 ? args[contractAt + 1] : undefined;
const site = args.find((argument, at) => !argument.startsWith('-') && !(contractAt >= 0 && at === contractAt + 1));
const token = process.env.BTLS_RELEASE_TOKEN;
if (!site || !token) {
  console.error(
    "Usage: BTLS_RELEASE_TOKEN=<a release token, or an admin's with the console's URL> npm run check-releases -- [--contract <folder or file>] <site URL>",
  );
  process.exit(2);
}

async function read<T>(path: string): Promise<T> {
  const answer = await fetch(new URL(`/api${path}`, site), { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) {
    console.error(`${site} answered ${answer.status} to GET /api${path}: ${(await answer.text()).slice(0, 300)}`);
    process.exit(2);
  }
  return (await answer.json()) as T;
}

const listed = await read<Listed[]>('/releases');
// The releases browsers get now: each area's active one, and the version it rolls out.
const running = listed.flatMap(({ area, active, rollout }) =>
  [active, rollout?.version].flatMap((version) => (version ? [{ area, version }] : [])),
);
const manifests = await Promise.all(
  running.map(async ({ area, version }) => ({
    area,
    version,
    manifest: await read<ReleaseManifest>(`/releases/${area}/${encodeURIComponent(version)}/manifest`),
  })),
);

const { operations: shapes, served } = contractFile
  ? (() => {
      const { operations } = (
        statSync(contractFile).isDirectory()
          ? readContractRecord(contractFile)
          : JSON.parse(readFileSync(contractFile, 'utf8'))
      ) as Contract;
      return { operations, served: new Set(Object.keys(operations)) };
    })()
  : await currentContract();
const problems: string[] = [];
let calls = 0;
for (const { area, version, manifest } of manifests) {
  for (const operation of manifest.operations ?? []) {
    calls += 1;
    if (!served.has(operationKey(operation))) problems.push(`${area} ${version}: ${operation} is not served`);
  }
  for (const problem of shapeProblems(manifest, shapes))
    problems.push(`${area} ${version}: ${problem.replace(/^shapes: /, '')}`);
}
if (problems.length) {
  console.error(`This API build does not serve what the active releases of ${site} call:`);
  for (const line of problems) console.error(`  ${line}`);
  console.error('Keep these operations as they are (or release the areas without them first), then deploy.');
  process.exit(1);
}
console.log(
  `This API build serves every operation the active releases of ${site} call, as they were built against (${calls} calls of ${manifests.length} releases).`,
);
