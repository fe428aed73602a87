/**
 * What the page tells the server about its areas, so each release's error rate is known (a rollout is stopped
 * on its own when it breaks): every load of an area, and what broke — a load phase of the federation (the map
 * of areas, the entry, its init, the exposed module), a render caught by the area's boundary, a rejection its
 * code left unhandled. Sent with `navigator.sendBeacon` a moment after the page used its areas, and when the
 * page is hidden; the address is sent as a template (`/jobs/:id`), never with ids or a query.
 */
import { registerPlugins } from '@module-federation/runtime';
import type { RemotesJson } from '@btls/build-config/remotes';
import type { ClientErrorPhase, ClientReport } from '@btls/shared-api/schemas';

type Report = Required<ClientReport>;
let pending: Report = { loads: [], errors: [] };
let timer: ReturnType<typeof setTimeout> | undefined;
/** Each area's entry URL, as the map of areas gave it (`mfe_trainer` → `/remotes/trainer/1.2.0+…/remoteEntry.js`). */
const entries = new Map<string, string>();
/** The load phase an area's load failed in, as the federation runtime told it. */
const failedIn = new Map<string, ClientErrorPhase>();
/** Errors already reported where they happened (a failed load is also what the boundary then catches). */
const reported = new WeakSet<object>();

export function rememberEntries(areas: RemotesJson) {
  for (const [name, area] of Object.entries(areas)) entries.set(name, area.entry);
}

/** The address as a template: words stay, anything else (an id, a code) becomes `:id`. */
const template = (path: string) =>
  '/' +
  path
    .split('/')
    .filter(Boolean)
    .map((part) => (/^[a-z][a-z-]{0,29}$/.test(part) ? part : ':id'))
    .join('/');

function send() {
  clearTimeout(timer);
  timer = undefined;
  if (!pending.loads.length && !pending.errors.length) return;
  const body = JSON.stringify(pending);
  pending = { loads: [], errors: [] };
  try {
    navigator.sendBeacon('/api/client-errors', new Blob([body], { type: 'application/json' }));
  } catch {
    // No beacon (an old browser, a blocked request): the figures are lost, the page is not.
  }
}

function queue(add: (report: Report) => void) {
  add(pending);
  // At most ten of each per report: a page that breaks in a loop sends once, not forever.
  pending.loads = pending.loads.slice(0, 10);
  pending.errors = pending.errors.slice(0, 10);
  timer ??= setTimeout(send, 2000);
}

/** An area was loaded (or its load tried) on this page. */
export function reportLoad(remote: string) {
  const entry = entries.get(remote);
  if (entry) queue((report) => report.loads.push({ entry }));
}

/** Something of an area broke; `phase` by default the one the federation runtime saw its load fail in. */
export function reportError(remote: string, error: unknown, phase?: ClientErrorPhase) {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const entry = entries.get(remote);
  queue((report) =>
    report.errors.push({
      area: remote.replace(/^mfe_/, ''),
      ...(entry ? { entry } : {}),
      phase: phase ?? failedIn.get(remote) ?? (entry ? 'expose' : 'remotes'),
      path: template(location.pathname),
      message: String(error instanceof Error ? error.message : error).slice(0, 500),
      trace: crypto.randomUUID?.() ?? Math.random().toString(36).slice(2),
    }),
  );
}

/** Watches the federation's load phases and the rejections an area's code leaves unhandled. */
export function watchAreas() {
  const failed =
    (phase: ClientErrorPhase) =>
    (args: { error?: unknown; remoteInfo?: { name: string }; moduleInfo?: { name: string } }) => {
      const name = args.remoteInfo?.name ?? args.moduleInfo?.name;
      if (args.error && name && !failedIn.has(name)) failedIn.set(name, phase);
      return args;
    };
  registerPlugins([
    {
      name: 'btls-load-phases',
      afterLoadEntry: failed('entry'),
      afterInitRemote: failed('init'),
      afterGetExpose: failed('expose'),
      afterExecuteFactory: failed('expose'),
    } as never,
  ]);
  addEventListener('unhandledrejection', (event) => {
    const stack = String((event.reason as Error | undefined)?.stack ?? '');
    for (const [remote, entry] of entries) {
      const folder = new URL('.', new URL(entry, location.href)).href;
      if (stack.includes(folder)) return reportError(remote, event.reason, 'rejection');
    }
  });
  addEventListener('pagehide', send);
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
}

/** A retry starts the area's phases afresh. */
export const forgetFailure = (remote: string) => failedIn.delete(remote);
