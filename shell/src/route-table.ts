/**
 * The only map of paths to remotes. Each remote renders its own <Routes> for the paths listed here,
 * written in full (e.g. "admin/users"), under the shell's router. Anything else is the shell's not-found.
 */
import type { RemoteName } from '@btls/build-config/remotes';
import { matchRoutes } from '@btls/shared-auth';

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
    paths: [
      '/',
      '/courses',
      '/courses/:id',
      '/rwanda-coffee-experience',
      '/jobs',
      '/jobs/:jobId',
      '/about',
      '/contact',
      '/login',
      '/register',
      '/employer/register',
      '/forgot-password',
      '/reset-password/:token',
      '/privacy-policy',
      '/terms-of-service',
      '/verify/:certificateCode',
    ],
  },
  { remote: 'mfe_trainee', layout: 'public', paths: ['/dashboard', '/apply-for-course', '/jobs/:jobId/apply', '/certificate/:certificateCode', '/profile'] },
  { remote: 'mfe_admin', layout: 'panel', paths: ['/admin/*'] },
  { remote: 'mfe_trainer', layout: 'panel', paths: ['/trainer/*'] },
  { remote: 'mfe_employer', layout: 'panel', paths: ['/employer/*'] },
];

const routes = ROUTE_TABLE.flatMap((area) => area.paths.map((path) => ({ path, area })));

/** The area serving `pathname`, or undefined for the not-found placeholder. */
export function areaFor(pathname: string): Area | undefined {
  return matchRoutes(routes, pathname)?.[0]?.route.area;
}
