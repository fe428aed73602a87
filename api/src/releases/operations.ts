/**
 * The API operations this server serves, and the ones the active releases call (consumer contracts: each area's
 * release lists the operations its code can call). A release calling one this API lacks is not activated, and
 * an API build that drops one an active release calls is not ready: both name the release and the operation.
 */
import type { FastifyInstance } from 'fastify';
import type { ReleaseManifest } from '@btls/build-config/release';

/** An operation with its path's parameters unnamed: `GET /jobs/:id` and `GET /jobs/{jobId}` are one. */
export const operationKey = (operation: string) => operation.replace(/:[^/]+|\{[^/}]+\}/g, ':');

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
