/**
 * Which area serves a page's address, decided by the API before anything of the page is sent to a render
 * process: the page goes to that area's processes only. It is decided as the shell's router decides it
 * (react-router's `matchRoutes` over every area's patterns): each pattern ranked by its segments (a static one
 * 10, a parameter 3, an empty one 1, and 2 less for a splat), the best-ranked pattern that matches the decoded
 * path wins, letter case and trailing slashes aside. Where two areas' patterns of the same rank both match, the
 * router would go by their order; the API names neither (activation refuses such overlaps), and the page is the
 * browser's.
 */
import type { RemoteArea } from '@btls/build-config/remotes';

interface Route {
  area: RemoteArea;
  rank: number;
  matcher: RegExp;
}

/** What serves a path: an area, no area (the shell's not-found page), or two areas at once (nobody, here). */
export type PageArea = RemoteArea | 'none' | 'ambiguous';

const PARAMETER = /^:[\w-]+$/;

/** The router's score of a pattern (react-router's computeScore). */
function rankOf(pattern: string): number {
  const segments = pattern.split('/');
  const splat = segments.includes('*') ? -2 : 0;
  return segments
    .filter((segment) => segment !== '*')
    .reduce((rank, segment) => rank + (PARAMETER.test(segment) ? 3 : segment === '' ? 1 : 10), segments.length + splat);
}

/** The router's expression for a pattern (react-router's compilePath, for the patterns a release may have). */
function matcherOf(pattern: string): RegExp {
  const fixed = pattern
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:[\w-]+/g, '/([^\\/]+)');
  return new RegExp(`^${fixed}${pattern.endsWith('*') ? '(?:\\/(.+)|\\/*)$' : '\\/*$'}`, 'i');
}

/** The path as the router matches it: each segment decoded (an encoded `/` stays one segment). */
function decoded(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The routes of a set of releases (each area's page patterns), ranked once; `areaFor` then only matches. */
export function pageRoutes(patterns: Iterable<[RemoteArea, readonly string[]]>) {
  const routes: Route[] = [...patterns]
    .flatMap(([area, own]) => own.map((pattern) => ({ area, rank: rankOf(pattern), matcher: matcherOf(pattern) })))
    // (A stable sort: equal ranks keep their order, as the router's do.)
    .sort((a, b) => b.rank - a.rank);
  return {
    /** The area that serves `pathname` (a URL's pathname, still encoded). */
    areaFor(pathname: string): PageArea {
      const path = decoded(pathname);
      const best = routes.find((route) => route.matcher.test(path));
      if (!best) return 'none';
      const rival = routes.find(
        (route) => route.rank === best.rank && route.area !== best.area && route.matcher.test(path),
      );
      return rival ? 'ambiguous' : best.area;
    },
  };
}
