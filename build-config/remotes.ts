/**
 * The one list of remotes: every other place that names them derives from it — the shell's
 * `remotes.json` (written by its build), the API's static folders and server-render sources, each remote's
 * federation name and standalone dev port, the route table's types. Adding a remote starts here.
 */
export const REMOTES = [
  { area: 'public', devPort: 5174 },
  { area: 'trainee', devPort: 5175 },
  { area: 'admin', devPort: 5176 },
  { area: 'trainer', devPort: 5177 },
  { area: 'employer', devPort: 5178 },
] as const;

export type RemoteArea = (typeof REMOTES)[number]['area'];
/** The federation name: `mfe_admin`. */
export type RemoteName = `mfe_${RemoteArea}`;

export const REMOTE_AREAS: readonly RemoteArea[] = REMOTES.map((remote) => remote.area);

export const remoteName = (area: RemoteArea): RemoteName => `mfe_${area}`;
/** The remote's folder in this repository: `mfe-admin`. */
export const remoteFolder = (area: RemoteArea) => `mfe-${area}`;
/** Where one server serves a remote's built files: `/remotes/admin/`. */
export const remoteMount = (area: RemoteArea) => `/remotes/${area}/`;

/** How the shell lays out an area's pages: in the public layout (top bar, footer), or the area draws its own panel. */
export type Layout = 'public' | 'panel';

/**
 * The pages an area serves, as its own `src/pages.ts` declares them and its release records them: the shell routes
 * these patterns to it, the server renders them when the area has a server part, and the sitemap lists its
 * indexed ones. Written in full (`/courses/:id`); a panel area claims its whole prefix (`/admin/*`).
 */
export interface AreaPages {
  layout: Layout;
  /** Its pages are a signed-in user's: search engines are kept out of them (robots.txt). */
  signedIn: boolean;
  patterns: string[];
  /** The patterns without parameters that search engines are given (the sitemap). */
  indexed?: string[];
}

/** One area in `/remotes.json` (and in the page, `#btls-areas`): where its entry is and which pages it serves. */
export interface AreaRoute extends Pick<AreaPages, 'layout' | 'patterns'> {
  entry: string;
  /** The server renders its pages (its release has a server part); the browser takes them over. */
  serverRendered: boolean;
}

/** `/remotes.json`: the map of areas, by federation name, of the releases this browser gets. */
export type RemotesJson = Partial<Record<RemoteName, AreaRoute>>;

/** The element of a page holding its map of areas (the same JSON as `/remotes.json`), read by the shell at start. */
export const AREAS_ELEMENT_ID = 'btls-areas';

/**
 * The `Server-Timing` entry of a page or of `/remotes.json` whose description is that response's load tickets (a
 * header, not the body: a page answered 304, or kept by the service worker, still shows the browser this load's).
 */
export const LOAD_TICKET_TIMING = 'btls-load';

/**
 * One area's ticket out of a load's tickets (`<load>~<area>.<share>.<signature>~…`): the load's part and the
 * area's, which is what a report of that area brings back.
 */
export function areaTicket(tickets: string, area: string): string | undefined {
  const [load, ...areas] = tickets.split('~');
  const own = areas.find((part) => part.startsWith(`${area}.`));
  return load && own ? `${load}~${own}` : undefined;
}

/** The load tickets of a `Server-Timing` header's text, when it has them. */
export function ticketsOfTiming(header: string | null | undefined): string | undefined {
  return header ? new RegExp(`(?:^|,)\\s*${LOAD_TICKET_TIMING};desc="([^"]*)"`).exec(header)?.[1] : undefined;
}

/** The standalone dev server's port of a remote. */
export const devPortOf = (area: RemoteArea): number => REMOTES.find((remote) => remote.area === area)!.devPort;
