/**
 * The addresses an area's pages take. The shell routes a path to the best-ranked pattern of every area's release
 * (react-router's ranking: a static segment beats a parameter, which beats a splat), so a pattern takes every
 * address it matches that no better one does, whatever its string: `/admin/:page` takes `/admin/dashboard` from
 * `/admin/*`. Patterns are therefore compared by the addresses they match, segment by segment, as the router
 * matches them. Which area a given address goes to is ./page-routes.ts, by the same ranking.
 */
import { existsSync, readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ReleaseManifest } from '@btls/build-config/release';
import type { RemoteArea } from '@btls/build-config/remotes';
import type { ClaimingRelease } from './manifest';

interface Segments {
  /** Its segments before a splat: each static (`jobs`) or a parameter (`:id`). */
  fixed: string[];
  /** It ends in `/*`: the rest of the path, however many segments (none too). */
  splat: boolean;
}

function segmentsOf(pattern: string): Segments {
  const segments = pattern.split('/').filter(Boolean);
  const splat = segments.at(-1) === '*';
  return { fixed: splat ? segments.slice(0, -1) : segments, splat };
}

/**
 * Whether one address segment can be matched by both: a parameter matches any one (never an empty one), a static
 * segment itself, letter case aside as the router compares.
 */
const segmentsMeet = (a: string, b: string) =>
  a.startsWith(':') || b.startsWith(':') || a.toLowerCase() === b.toLowerCase();

/**
 * Whether some address is matched by both patterns, as the shell's router matches them: a static segment matches
 * itself, a parameter any one non-empty segment, a trailing splat the rest of the path, nothing included (the
 * router matches `/a` with `/a/*`).
 */
export function patternsOverlap(a: string, b: string): boolean {
  const [x, y] = [segmentsOf(a), segmentsOf(b)];
  const common = Math.min(x.fixed.length, y.fixed.length);
  for (let at = 0; at < common; at++) if (!segmentsMeet(x.fixed[at]!, y.fixed[at]!)) return false;
  if (x.fixed.length === y.fixed.length) return true;
  // The longer one's further segments are the shorter one's splat, when it has one.
  return x.fixed.length < y.fixed.length ? x.splat : y.splat;
}

/**
 * Pages the platform gives an area inside another area's prefix: the employers' sign-up is a visitor's page (the
 * public area's: rendered on the server, nobody signed in yet) at an employer's address. The router gives the
 * address to the page itself (an all-static pattern outranks any other matching it); the area around it keeps
 * the rest of its prefix, and neither it nor a third area may claim the page.
 */
const LENT_PAGES: readonly { page: string; to: RemoteArea; within: RemoteArea }[] = [
  { page: '/employer/register', to: 'public', within: 'employer' },
];

/**
 * Addresses the server answers itself that an area's earlier releases served as pages: the reset page took its
 * link's token in the path before the token moved to the fragment, and the server now sends such links on
 * before any page is chosen. A release built before may keep claiming it (its page is never reached by a
 * link), so the area can still go back to it; nobody else may.
 */
const PLATFORM_PAGES_OF_OLD: readonly { path: string; to: RemoteArea }[] = [
  { path: '/reset-password/:token', to: 'public' },
];
const heldBefore = (area: RemoteArea, pattern: string, path: string) =>
  pattern === path && PLATFORM_PAGES_OF_OLD.some((old) => old.path === path && old.to === area);

interface Claim {
  area: RemoteArea;
  pattern: string;
}
const lentTo = (page: Claim, around: Claim) =>
  page.pattern !== around.pattern &&
  LENT_PAGES.some((lent) => lent.page === page.pattern && lent.to === page.area && lent.within === around.area);

/** Whether two areas' patterns share an address that the platform has not given the one of them. */
const contested = (a: Claim, b: Claim) =>
  a.area !== b.area && patternsOverlap(a.pattern, b.pattern) && !lentTo(a, b) && !lentTo(b, a);

/**
 * What the release's pages would take that is not theirs: an address of another area's active or rolling-out
 * release (`pages: /admin/:page of employer 1.0.0+… overlaps /admin/* of admin 1.0.0+…`), or one the server
 * answers itself (`pages: /:slug of public 1.0.0+… takes /metrics, the platform's own`).
 */
export function territoryProblems(
  manifest: ReleaseManifest,
  others: readonly ClaimingRelease[],
  platform: readonly string[],
): string[] {
  const own = (pattern: string) => `${pattern} of ${manifest.area} ${manifest.version}`;
  return (manifest.pages?.patterns ?? []).flatMap((pattern) => {
    const mine = { area: manifest.area, pattern };
    const taken = platform.find((path) => patternsOverlap(pattern, path) && !heldBefore(manifest.area, pattern, path));
    return [
      ...(taken ? [`pages: ${own(pattern)} takes ${taken}, the platform's own`] : []),
      ...others.flatMap((other) =>
        (other.manifest.pages?.patterns ?? [])
          .filter((theirs) => contested(mine, { area: other.area, pattern: theirs }))
          .map((theirs) => `pages: ${own(pattern)} overlaps ${theirs} of ${other.area} ${other.version}`),
      ),
    ];
  });
}

/**
 * Whether the release's pages can be routed beside the other areas' releases and the server's own addresses: it
 * says which pages it serves, and they take nothing of anyone else's (territoryProblems).
 */
export function pageProblems(
  manifest: ReleaseManifest,
  others: readonly ClaimingRelease[],
  platform: readonly string[],
): string[] {
  if (!manifest.pages)
    return ['pages: the release does not say which pages it serves (built before areas recorded them): rebuild it'];
  return territoryProblems(manifest, others, platform);
}

/** A route as it was registered: its address pattern, and the prefix of the plugin it was registered in. */
export interface ServedRoute {
  url: string;
  prefix?: string;
}

/** Every route registered on `app` from now on (call it before any is): what the server answers itself. */
export function collectServedRoutes(app: FastifyInstance): readonly ServedRoute[] {
  const routes: ServedRoute[] = [];
  app.addHook('onRoute', ({ url, prefix }) => void routes.push({ url, prefix }));
  return routes;
}

/** A route's address as a pattern: a segment with a parameter (`:id(\\d+)`, `page-:n`) matches any one segment. */
const asPattern = (segments: string[]) =>
  `/${segments.map((segment) => (segment.includes(':') ? segment.slice(segment.indexOf(':')) : segment)).join('/')}`;

/**
 * The addresses the server answers itself, as patterns: each route's (`/metrics`, `/sitemap.xml`,
 * `/reset-password/:token`), the whole of a plugin's prefix (`/api/*`: its not-found is the API's), the whole
 * folder a route serves files from (`/assets/*`, `/remotes/*`), and the shell's top-level files
 * (`/manifest.webmanifest`). The site's root and its catch-all are where the pages are answered, not the
 * platform's. Routes first, then folders, then files: a refusal names the first a pattern takes.
 */
export function platformPathsOf(routes: Iterable<ServedRoute>, shellFiles: Iterable<string>): string[] {
  const paths = new Set<string>();
  const folders = new Set<string>();
  for (const { url, prefix } of routes) {
    const segments = url.split('/').filter(Boolean);
    const plugin = prefix?.split('/').find(Boolean);
    if (plugin) folders.add(`/${plugin}/*`);
    if (!segments.length || segments[0] === '*') continue;
    if (segments.at(-1) === '*') {
      const folder = segments.slice(
        0,
        segments.findIndex((segment) => segment === '*' || segment.includes(':')),
      );
      folders.add(asPattern([...folder, '*']));
    } else paths.add(asPattern(segments));
  }
  const inFolder = (path: string) => [...folders].some((folder) => path.startsWith(folder.slice(0, -1)));
  const files = [...shellFiles].map((file) => `/${file}`);
  return [...[...paths].filter((path) => !inFolder(path)).sort(), ...[...folders].sort(), ...files.sort()];
}

/** The shell's top-level files the server sends as they are (web.ts: a name with an extension, found there). */
export function shellFilesOf(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /^[\w.-]+\.[a-z0-9]+$/i.test(entry.name))
    .map((entry) => entry.name);
}
