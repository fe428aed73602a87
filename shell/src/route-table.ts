/**
 * The only map of paths to remotes (the pages themselves are named once, in `paths` of shared-auth). Each remote renders its own <Routes> for the paths listed here,
 * written in full (e.g. "admin/users"), under the shell's router. Anything else is the shell's not-found.
 */
import type { RemoteName } from '@btls/build-config/remotes';
import { matchRoutes, PUBLIC_PAGES, TRAINEE_PAGES } from '@btls/shared-auth';

export type Layout = 'public' | 'panel';

export interface Area {
  remote: RemoteName;
  layout: Layout;
  paths: string[];
  /** Its pages are rendered on the server too (with their data), and the browser takes them over. */
  serverRendered?: boolean;
}

export const ROUTE_TABLE: Area[] = [
  {
    remote: 'mfe_public',
    layout: 'public',
    serverRendered: true,
    paths: PUBLIC_PAGES,
  },
  { remote: 'mfe_trainee', layout: 'public', paths: TRAINEE_PAGES },
  { remote: 'mfe_admin', layout: 'panel', paths: ['/admin/*'] },
  { remote: 'mfe_trainer', layout: 'panel', paths: ['/trainer/*'] },
  { remote: 'mfe_employer', layout: 'panel', paths: ['/employer/*'] },
];

const routes = ROUTE_TABLE.flatMap((area) => area.paths.map((path) => ({ path, area })));

/** The area serving `pathname`, or undefined for the not-found placeholder. */
export function areaFor(pathname: string): Area | undefined {
  return matchRoutes(routes, pathname)?.[0]?.route.area;
}
