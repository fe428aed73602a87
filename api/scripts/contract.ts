/**
 * Records the contract's shapes: every operation this API serves, with the shapes of its request and answer
 * (src/releases/shapes.ts), in the contract package: each in its resource's folder (shared-api/src/jobs/contract.json),
 * the site's own in shared-api/contract.json. An area's build copies the shapes of the operations it
 * calls into its release, and the API refuses a release it no longer serves compatibly. Run after changing a
 * route's schemas (`npm test` fails until it is recorded):
 *
 *   npm run contract -w @btls/api
 */
import { relative } from 'node:path';
import { currentContract, recordContract } from '../src/releases/contract';

const { operations } = await currentContract();
const files = recordContract({ operations });
console.log(
  `Recorded the shapes of the contract's operations in ${files.map((file) => relative(process.cwd(), file)).join(', ')}.`,
);
