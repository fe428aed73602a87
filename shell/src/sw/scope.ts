/// <reference lib="webworker" />
/** The worker's global scope, and the list of what to keep that the API writes in front of its code. */
import type { SwConfig } from '@btls/shared-api/service-worker';

export const scope = self as unknown as ServiceWorkerGlobalScope & { __BTLS_SW: SwConfig };
export const config = scope.__BTLS_SW;
