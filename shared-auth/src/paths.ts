/**
 * The one map of the platform's pages, put together from one file per area (paths/public.ts, paths/admin.ts, …),
 * so a team adds a page in its own file. Route tables read the patterns, links and redirects call the builders,
 * so a page moves in one place and a link to a page that does not exist does not compile.
 *
 * A page without parameters is its path (`paths.courses`); a page with one is a builder that fills and encodes
 * it (`paths.course(5)` → `/courses/5`) and keeps its pattern for route tables (`paths.course.pattern`).
 */
import type { PageWithParams } from './paths/page';
import { adminPaths } from './paths/admin';
import { employerPaths } from './paths/employer';
import { publicPaths } from './paths/public';
import { traineePaths } from './paths/trainee';
import { trainerPaths } from './paths/trainer';

export type { PageWithParams } from './paths/page';

export const paths = {
  ...publicPaths,
  ...traineePaths,
  admin: adminPaths,
  trainer: trainerPaths,
  employer: employerPaths,
} as const;

/** The route pattern of a page: its path, or the pattern of a page with parameters. */
export const patternOf = (page: string | PageWithParams<string>) => (typeof page === 'string' ? page : page.pattern);

/** A route path inside an area's own <Routes>: the pattern without its leading slash ("admin/users"). */
export const routePath = (page: string | PageWithParams<string>) => patternOf(page).slice(1);
