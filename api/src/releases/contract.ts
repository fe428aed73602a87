/**
 * The contract's shapes as this checkout's API serves them (built in memory: no port, an empty in-memory
 * database), and where they are recorded for the areas' builds (in the contract package, one file per resource:
 * @btls/build-config/contract-shapes). For the recording
 * script, the check that it is current, and `npm run check-releases`.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { readContractRecord, writeContractRecord } from '@btls/build-config/contract-shapes';
import { buildApp } from '../app';
import { openPglite } from '../db/client';
import { servedOperationsOf, servedShapesOf } from './operations';
import type { RecordedShape } from './shapes';

/** The contract package's folder, which keeps the record. */
export const contractFolder = dirname(createRequire(import.meta.url).resolve('@btls/shared-api/package.json'));

export interface Contract {
  operations: Record<string, RecordedShape>;
}

/** The record as it is (all its files put together). */
export const recordedContract = (): Contract => readContractRecord<RecordedShape>(contractFolder);

/** Records `contract` into its files; the files written. */
export const recordContract = (contract: Contract): string[] => writeContractRecord(contractFolder, contract);

/** What this checkout's API serves: its operations, with their shapes. */
export async function currentContract(): Promise<Contract & { served: ReadonlySet<string> }> {
  const database = await openPglite();
  const app = await buildApp({ database, jwtSecret: randomBytes(32).toString('hex') });
  try {
    await app.ready();
    const shapes = servedShapesOf(app)();
    const operations = Object.fromEntries(
      Object.keys(shapes)
        .sort()
        .map((key) => [key, shapes[key]!]),
    );
    return { operations, served: servedOperationsOf(app) };
  } finally {
    await app.close();
    await database.close();
  }
}
