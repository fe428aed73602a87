/**
 * The API operations this server serves, and the ones the active releases call (consumer contracts: each area's
 * release lists the operations its code can call). A release calling one this API lacks is not activated, and
 * an API build that drops one an active release calls is not ready: both name the release and the operation.
 */
import type { FastifyInstance } from 'fastify';
import { operationKey, type ReleaseManifest } from '@btls/build-config/release';
import { incompatibilities, sameShapes, shapesOfDocument, type OperationShape, type RecordedShape } from './shapes';

export { operationKey };

/**
 * Every operation the routes registered on `app` from now on serve under `/api` (`GET /jobs/:`, keyed as
 * above): call it before the routes are registered.
 */
export function collectOperations(app: FastifyInstance): ReadonlySet<string> {
  const served = new Set<string>();
  registry.set(app, served);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat())
      if (method !== 'HEAD' && method !== 'OPTIONS') served.add(operationKey(`${method} ${route.url.slice(4)}`));
  });
  return served;
}

const registry = new WeakMap<FastifyInstance, ReadonlySet<string>>();
/** What `app` serves (once its routes are registered): for `npm run check-releases`. */
export const servedOperationsOf = (app: FastifyInstance): ReadonlySet<string> => registry.get(app) ?? new Set();

/** The operations of `manifest` that `served` lacks. */
export const unserved = (manifest: ReleaseManifest, served: ReadonlySet<string>) =>
  (manifest.operations ?? []).filter((operation) => !served.has(operationKey(operation)));

/** Why the release cannot run against this API: the operations it calls that this API does not serve. */
export function operationProblems(manifest: ReleaseManifest, served: ReadonlySet<string> | undefined): string[] {
  const missing = served ? unserved(manifest, served) : [];
  return missing.length ? [`operations: this API does not serve ${missing.join(', ')}`] : [];
}

/** The shapes this API serves (shapes.ts), read from its own OpenAPI document once its routes are registered. */
export function servedShapesOf(app: FastifyInstance): () => Record<string, RecordedShape> {
  let shapes: Record<string, RecordedShape> | undefined;
  return () => (shapes ??= shapesOfDocument(app.swagger(), operationKey));
}

/**
 * Why the release cannot run against this API's shapes: each operation it calls whose request or answer changed
 * incompatibly since the contract it was built against, naming the field.
 */
export function shapeProblems(manifest: ReleaseManifest, served: Record<string, RecordedShape> | undefined): string[] {
  if (!served) return [];
  return Object.entries(manifest.shapes ?? {}).flatMap(([operation, expected]) => {
    const now = served[operationKey(operation)];
    if (!now || sameShapes(expected as OperationShape, now)) return [];
    return incompatibilities(expected as OperationShape, now).map((problem) => `shapes: ${operation}: ${problem}`);
  });
}
