/**
 * The admin console lives on an origin of its own (ADMIN_URL; `http://admin.localhost:<port>` on a developer's
 * machine, which browsers resolve to this machine). Every team's browser code runs on the site's origin, for
 * every visitor, admins included: a page's storage belongs to its origin, so an admin's session kept on the
 * console's is out of their reach, and a document no other team's code enters is the only place where asking for
 * the password again means something.
 *
 * A session signed in on the console carries a claim; an admin's session is good only with that claim and only
 * on a request that names the console and nothing else. The server answers every origin on one port; what names
 * a request's origin is its Host (or the trusted proxy's), each X-Forwarded-Host (which a page's script may add),
 * its Origin and its Sec-Fetch-Site.
 */
import type { FastifyRequest } from 'fastify';

export interface AdminOrigin {
  /** Where the console is: an origin, e.g. `https://admin.btls.example.rw`. */
  origin: string;
  /** Whether the request came to the console's host (the page to serve, the session to make). */
  isConsole(request: FastifyRequest): boolean;
  /**
   * Whether everything that names the request's origin names the console: its host names, its Origin when it
   * has one, and its Sec-Fetch-Site (a browser's request from another site, or a site of the same registrable
   * domain, says so). What an admin's session needs to count.
   */
  onlyConsole(request: FastifyRequest): boolean;
}

/** The host name of a Host-like header value (`Admin.localhost:8080` → `admin.localhost`), or ''. */
export function hostnameOf(value: string): string {
  try {
    return new URL(`http://${value.trim()}`).hostname;
  } catch {
    return '';
  }
}

/** The host names a request is addressed to: its Host, Fastify's (a trusted proxy's), and each X-Forwarded-Host. */
export function hostNamesOf(request: FastifyRequest): string[] {
  const forwarded = [request.headers['x-forwarded-host'] ?? []].flat().flatMap((value) => value.split(','));
  return [request.hostname, request.headers.host ?? '', ...forwarded].map(hostnameOf);
}

/** Sec-Fetch-Site values of a request made by the console's own page, or typed by its admin. */
const OWN_SITE = new Set(['same-origin', 'none']);

/** The console of a configured address (an origin, checked by the configuration). */
export function adminOriginOf(url: string): AdminOrigin {
  const { origin, hostname } = new URL(url);
  return {
    origin,
    isConsole: (request) => hostNamesOf(request).some((name) => name === hostname),
    onlyConsole(request) {
      if (!hostNamesOf(request).every((name) => name === hostname)) return false;
      const from = request.headers.origin;
      if (from !== undefined && from !== origin) return false;
      const site = request.headers['sec-fetch-site'];
      return site === undefined || OWN_SITE.has(String(site));
    },
  };
}

/** On a developer's machine (no PUBLIC_URL): the site's port on `admin.localhost`. */
export const localAdminUrl = (port: number) => `http://admin.localhost:${port}`;
