/**
 * What the page tells the server about its areas, so each release is judged on real page loads (a rollout is
 * stopped on its own when it breaks or is slow): every load of an area, what broke — a load phase of the
 * federation (the map of areas, the entry, its init, the exposed module), a render caught by the area's
 * boundary, a rejection its code left unhandled — and the page's speed (page-speed.ts). Each with the area's
 * load ticket, which the page's (or the map's) `Server-Timing` brought: without it nothing counts. Sent with
 * `navigator.sendBeacon` a moment after the page used its areas, and when the page is hidden; the address is
 * sent as a template (`/jobs/:id`), never with ids or a query.
 */
import { registerPlugins } from '@module-federation/runtime';
import { areaTicket, LOAD_TICKET_TIMING, type RemotesJson } from '@btls/build-config/remotes';
import type { ClientErrorPhase, ClientReport } from '@btls/shared-api/schemas';

type Report = Required<ClientReport>;
let pending: Report = { loads: [], errors: [], speed: [] };
let timer: ReturnType<typeof setTimeout> | undefined;
/** Each area's entry URL, as the map of areas gave it (`mfe_trainer` → `/remotes/trainer/1.2.0+…/remoteEntry.js`). */
const entries = new Map<string, string>();
/** Each area's ticket for this load of the map (a retry's map brings new ones). */
const tickets = new Map<string, string>();
/** Tickets whose load was reported: each counts once. */
const loadsSent = new Set<string>();
/** The page's speed while each area's page was shown (the slowest of each figure), sent once, when it is hidden. */
const speed = new Map<string, { lcp?: number; inp?: number; cls?: number }>();
let speedSent = false;
/** The load phase an area's load failed in, as the federation runtime told it. */
const failedIn = new Map<string, ClientErrorPhase>();
/** Errors already reported where they happened (a failed load is also what the boundary then catches). */
const reported = new WeakSet<object>();

/** The map's entries, and the load tickets its response brought (none: this page's loads do not count). */
export function rememberEntries(areas: RemotesJson, loadTickets: string | undefined) {
  for (const [name, area] of Object.entries(areas)) {
    entries.set(name, area.entry);
    const ticket = loadTickets && areaTicket(loadTickets, name.replace(/^mfe_/, ''));
    if (ticket) tickets.set(name, ticket);
    else tickets.delete(name);
  }
}

/** The load tickets the page itself came with (its navigation's `Server-Timing`, a 304's too). */
export function pageTickets(): string | undefined {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  return (navigation as PerformanceNavigationTiming | undefined)?.serverTiming?.find(
    (entry) => entry.name === LOAD_TICKET_TIMING,
  )?.description;
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
  if (!pending.loads.length && !pending.errors.length && !pending.speed.length) return;
  const body = JSON.stringify(pending);
  pending = { loads: [], errors: [], speed: [] };
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

/** An area was loaded (or its load tried) on this page: counted once per ticket. */
export function reportLoad(remote: string) {
  const entry = entries.get(remote);
  const ticket = tickets.get(remote);
  if (!entry || !ticket || loadsSent.has(ticket)) return;
  loadsSent.add(ticket);
  queue((report) => report.loads.push({ entry, ticket }));
}

/** A figure of the page's speed while `remote`'s page was shown; the slowest of each is kept. */
export function recordSpeed(remote: string, figure: 'lcp' | 'inp' | 'cls', value: number) {
  const figures = speed.get(remote) ?? {};
  figures[figure] = Math.max(figures[figure] ?? 0, value);
  speed.set(remote, figures);
}

/** The page is put away: its speed figures leave with the next report, once. */
export function sendSpeed() {
  if (speedSent) return;
  speedSent = true;
  for (const [remote, figures] of speed) {
    const entry = entries.get(remote);
    const ticket = tickets.get(remote);
    if (entry && ticket) pending.speed.push({ entry, ticket, ...figures });
  }
  pending.speed = pending.speed.slice(0, 10);
}

/** Something of an area broke; `phase` by default the one the federation runtime saw its load fail in. */
export function reportError(remote: string, error: unknown, phase?: ClientErrorPhase) {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const entry = entries.get(remote);
  const ticket = tickets.get(remote);
  queue((report) =>
    report.errors.push({
      area: remote.replace(/^mfe_/, ''),
      ...(entry ? { entry } : {}),
      ...(ticket ? { ticket } : {}),
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
  // (After the speed library's own listeners, which run in the capture phase: its last figures are in.)
  const hidden = () => {
    sendSpeed();
    send();
  };
  addEventListener('pagehide', hidden);
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && hidden());
}

/** A retry starts the area's phases afresh. */
export const forgetFailure = (remote: string) => failedIn.delete(remote);
