/**
 * Remote URLs are decided at run time: /remotes.json (federation name → entry URL) is fetched at start and
 * registered with the federation runtime. Redeploying a remote elsewhere means editing remotes.json only.
 */
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import type { CatalogueLoader } from '@btls/shared-api';
import { forgetFailure, rememberEntries, reportError, reportLoad } from './area-reports';

let registered: Promise<void> | undefined;

async function fetchAndRegister(force: boolean): Promise<void> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  const entries = (await response.json()) as Record<string, string>;
  rememberEntries(entries);
  registerRemotes(
    Object.entries(entries).map(([name, entry]) => ({
      name,
      entry: new URL(entry, location.href).href,
      type: 'module',
    })),
    { force },
  );
}

/** Registers the remotes once; a failure is remembered until `retry` asks again. */
export function ensureRemotesRegistered(): Promise<void> {
  registered ??= fetchAndRegister(false).catch((error: unknown) => {
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
    registered = fetchAndRegister(true);
  }
  try {
    await ensureRemotesRegistered();
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
