/**
 * The map of areas (federation name → entry and pages) is decided at run time, from the active releases: the page
 * comes with it (`#btls-areas`, written in by the server), else `/remotes.json` gives it (a page the service worker
 * kept without one). Its entries are registered with the federation runtime once.
 */
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import type { CatalogueLoader } from '@btls/shared-api';
import { AREAS_ELEMENT_ID, ticketsOfTiming, type RemotesJson } from '@btls/build-config/remotes';
import { forgetFailure, pageTickets, rememberEntries, reportError, reportLoad } from './area-reports';

let registered: Promise<RemotesJson> | undefined;

function register({ areas, tickets }: { areas: RemotesJson; tickets: string | undefined }, force: boolean) {
  rememberEntries(areas, tickets);
  registerRemotes(
    Object.entries(areas).map(([name, area]) => ({
      name,
      entry: new URL(area.entry, location.href).href,
      type: 'module',
    })),
    { force },
  );
}

/** The server's map of areas, with the load tickets its answer brought. */
async function fetchAreas(): Promise<{ areas: RemotesJson; tickets: string | undefined }> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  return {
    areas: (await response.json()) as RemotesJson,
    tickets: ticketsOfTiming(response.headers.get('Server-Timing')),
  };
}

/** The page's own map of areas, when the server wrote one into it. */
function embeddedAreas(): RemotesJson | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById(AREAS_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as RemotesJson) : undefined;
}

/** The map of areas of this page, registered once; a failure is remembered until a retry asks again. */
export function areasOfThePage(): Promise<RemotesJson> {
  registered ??= (async () => {
    const embedded = embeddedAreas();
    const map = embedded ? { areas: embedded, tickets: pageTickets() } : await fetchAreas();
    register(map, false);
    return map.areas;
  })().catch((error: unknown) => {
    registered = undefined;
    throw error;
  });
  return registered;
}

/**
 * The routes component a remote exposes. `retry` re-reads remotes.json and re-registers with `force`,
 * which drops the runtime's cached (failed) entry, so a new attempt really fetches again.
 */
/** What a remote's './routes' module gives: its routes component and its catalogues' loader. */
export interface AreaModule {
  default: ComponentType;
  loadMessages?: CatalogueLoader;
}

export async function loadAreaRoutes(remote: string, retry = false): Promise<AreaModule> {
  if (retry) {
    forgetFailure(remote);
    // A new map from the server, registered with force: the runtime drops its cached (failed) entry.
    registered = fetchAreas().then((map) => {
      register(map, true);
      return map.areas;
    });
  }
  try {
    await areasOfThePage();
  } catch (error) {
    reportError(remote, error, 'remotes');
    throw error;
  }
  // Each load counts, failed or not: the errors of a release are read against its loads.
  reportLoad(remote);
  try {
    const module = await loadRemote<AreaModule>(`${remote}/routes`);
    if (!module?.default) throw new Error(`${remote} exposes no routes component`);
    return module;
  } catch (error) {
    reportError(remote, error);
    throw error;
  }
}
