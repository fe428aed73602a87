/**
 * Which area serves a path, from the map of areas the page was given (`/remotes.json`, embedded in each page as
 * `#btls-areas`): each area's release says which pages it serves, so an area adds a page without a release of the
 * shell. Each remote renders its own <Routes> for its patterns, written in full (e.g. "/courses/:id"). Anything
 * else is the shell's not-found.
 */
import { createContext } from 'react';
import type { AreaRoute, RemoteName, RemotesJson } from '@btls/build-config/remotes';
import { matchRoutes } from '@btls/shared-auth';

export type { Layout } from '@btls/build-config/remotes';

export interface Area extends AreaRoute {
  remote: RemoteName;
}

/**
 * The map of areas of this page (the server render gives the one it rendered with); null when the browser could
 * not get one (offline, on a page the service worker never kept).
 */
export const AreasContext = createContext<RemotesJson | null>({});

const routesOf = new WeakMap<RemotesJson, { path: string; area: Area }[]>();

/** The area serving `pathname`, or undefined for the not-found page. */
export function areaFor(areas: RemotesJson, pathname: string): Area | undefined {
  let routes = routesOf.get(areas);
  if (!routes) {
    routes = Object.entries(areas).flatMap(([remote, route]) => {
      const area = { ...route, remote: remote as RemoteName };
      return route.patterns.map((path) => ({ path, area }));
    });
    routesOf.set(areas, routes);
  }
  return matchRoutes(routes, pathname)?.[0]?.route.area;
}
