/**
 * Records the contract's shapes: every operation this API serves, with the shapes of its request and answer
 * (src/releases/shapes.ts), in shared-api/contract.json. An area's build copies the shapes of the operations it
 * calls into its release, and the API refuses a release it no longer serves compatibly. Run after changing a
 * route's schemas (`npm test` fails until it is recorded):
 *
 *   npm run contract -w @btls/api
 */
import { writeFileSync } from 'node:fs';
import { contractFile, currentContract } from '../src/releases/contract';

const { operations } = await currentContract();
writeFileSync(contractFile, `${JSON.stringify({ operations }, null, 2)}\n`);
console.log(`Recorded the shapes of the contract's operations in ${contractFile}.`);
