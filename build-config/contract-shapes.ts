/**
 * Where the contract records its operations' shapes: each operation in its resource's folder
 * (`shared-api/src/jobs/contract.json` for `/jobs/…`, `release-tokens` under `releases`), and the site's own
 * operations that belong to no resource (health, images, the issuer, …) in `shared-api/contract.json`. So the
 * API team recording a new endpoint of a resource (`npm run contract -w @btls/api`) changes that resource's file
 * only. Read whole by the areas' builds (release.ts), the API's check that the record is current, and
 * `npm run check-releases`.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A record of the contract: every operation's shapes by `operationKey`. */
export interface ContractRecord<Shape = unknown> {
  operations: Record<string, Shape>;
}

const CONTRACT_SHAPES = 'contract.json';

/** The record's file of a resource, or the package's own for the site's operations. */
const recordFile = (contractFolder: string, resource?: string) =>
  resource ? join(contractFolder, 'src', resource, CONTRACT_SHAPES) : join(contractFolder, CONTRACT_SHAPES);

/** The contract package's resources: the folders of its `src` (each may hold a `contract.json`). */
function resourcesOf(contractFolder: string): string[] {
  const source = join(contractFolder, 'src');
  if (!existsSync(source)) return [];
  return readdirSync(source).filter((name) => statSync(join(source, name)).isDirectory());
}

/**
 * The resource an operation belongs to: its path's first part when a resource of that name exists, or one whose
 * singular starts it (`/release-tokens` → releases); none for the site's own.
 */
export function resourceOfOperation(operation: string, resources: readonly string[]): string | undefined {
  const first = /^[A-Z]+ \/([^/]+)/.exec(operation)?.[1] ?? '';
  return (
    resources.find((resource) => resource === first) ??
    resources.find((resource) => first.startsWith(`${resource.replace(/s$/, '')}-`))
  );
}

/** The files the record is kept in, for a checkout's contract package. */
export function contractRecordFiles(contractFolder: string): string[] {
  return [
    recordFile(contractFolder),
    ...resourcesOf(contractFolder).map((resource) => recordFile(contractFolder, resource)),
  ].filter((file) => existsSync(file));
}

/** The whole record, put together from its files (operations sorted, as recorded). */
export function readContractRecord<Shape>(contractFolder: string): ContractRecord<Shape> {
  const operations: Record<string, Shape> = {};
  for (const file of contractRecordFiles(contractFolder))
    Object.assign(operations, (JSON.parse(readFileSync(file, 'utf8')) as ContractRecord<Shape>).operations);
  return {
    operations: Object.fromEntries(
      Object.keys(operations)
        .sort()
        .map((key) => [key, operations[key]!]),
    ),
  };
}

/** Writes the record into its files: each operation into its resource's, the rest into the package's own. */
export function writeContractRecord(contractFolder: string, record: ContractRecord): string[] {
  const resources = resourcesOf(contractFolder);
  const parts = new Map<string, Record<string, unknown>>([[recordFile(contractFolder), {}]]);
  for (const key of Object.keys(record.operations).sort()) {
    const resource = resourceOfOperation(key, resources);
    const file = recordFile(contractFolder, resource);
    parts.set(file, { ...parts.get(file), [key]: record.operations[key] });
  }
  for (const file of contractRecordFiles(contractFolder)) if (!parts.has(file)) parts.set(file, {});
  for (const [file, operations] of parts) writeFileSync(file, `${JSON.stringify({ operations }, null, 2)}\n`);
  return [...parts.keys()];
}
