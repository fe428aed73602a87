import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContractRecord, resourceOfOperation, writeContractRecord } from '../contract-shapes';

describe("the contract's record", () => {
  it("keeps each operation in its resource's folder and the site's own in the package's file", () => {
    const folder = mkdtempSync(join(tmpdir(), 'btls-contract-'));
    for (const resource of ['jobs', 'releases']) mkdirSync(join(folder, 'src', resource), { recursive: true });
    const operations = {
      'GET /jobs/:': { hash: 'a' },
      'POST /release-tokens': { hash: 'b' },
      'GET /health': { hash: 'c' },
    };
    writeContractRecord(folder, { operations });

    const part = (file: string) => Object.keys(JSON.parse(readFileSync(join(folder, file), 'utf8')).operations);
    expect(part('src/jobs/contract.json')).toEqual(['GET /jobs/:']);
    expect(part('src/releases/contract.json')).toEqual(['POST /release-tokens']);
    expect(part('contract.json')).toEqual(['GET /health']);
    expect(readContractRecord(folder)).toEqual({
      operations: { 'GET /health': { hash: 'c' }, 'GET /jobs/:': { hash: 'a' }, 'POST /release-tokens': { hash: 'b' } },
    });
  });

  it('finds no resource for a path no folder claims', () => {
    expect(resourceOfOperation('GET /jobs-board', ['jobs'])).toBeUndefined();
    expect(resourceOfOperation('GET /job-applications/:', ['jobs', 'job-applications'])).toBe('job-applications');
  });
});
