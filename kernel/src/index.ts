/**
 * The kernel: what must be one per page, provided by the shell to every area as one federation singleton —
 * the session store, the router, the query client and its provider, the i18n runtime and the HTTP connection.
 * Small, and changed rarely: its surface (the names and types exported here) is recorded in `surface.json`,
 * and `npm test` fails when it changes without the version bump it needs (removal or change: major; addition:
 * minor). Each area records the names it uses; a release whose names the active shell lacks is refused.
 * Everything else an area needs (its calls, queries, texts, paths) is the contract's, bundled into the area.
 */
export * from './basics';
export * from './cookies';
export * from './external-store';
export * from './http';
export * from './i18n';
export * from './query';
export * from './router';
export * from './session';
export * from './use-i18n';
