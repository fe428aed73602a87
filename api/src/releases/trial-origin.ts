/**
 * Candidate releases are tried on an origin of their own (TRIAL_URL; `http://trial.localhost:<port>` on a
 * developer's machine, which browsers resolve to this machine), never on the site's. A candidate's browser code
 * then runs where nothing of the site's session is: a page's storage belongs to its origin, so the site's sign-in
 * token is not there to read. A session signed in on the trial origin is a trial session, and a request to the
 * trial origin is a trial request: the API refuses both every admin, release and token operation, so a candidate
 * tried by an admin cannot act as that admin. The server answers both origins on one port; the request's host
 * (the Host header, or the trusted proxy's) says which.
 */
import type { FastifyRequest } from 'fastify';

export interface TrialOrigin {
  /** Where trial links open, or null when there are no trials (a site with a PUBLIC_URL but no TRIAL_URL). */
  origin: string | null;
  /** Whether the request came to the trial origin. */
  isTrial(request: FastifyRequest): boolean;
}

/** The host name of a Host-like header value (`Trial.localhost:8080` → `trial.localhost`), or ''. */
function hostnameOf(value: string): string {
  try {
    return new URL(`http://${value.trim()}`).hostname;
  } catch {
    return '';
  }
}

/**
 * The trial origin of a configured address (an origin, checked by the configuration). A request is a trial's when
 * any of what names its host names the trial origin: the Host header, and each X-Forwarded-Host (which a page's
 * script may add to its own requests, and Fastify reads behind a trusted proxy). Naming the site's host as well
 * never takes a request out of a trial; at worst a request of the site is refused more.
 */
export function trialOriginOf(url: string | null): TrialOrigin {
  if (!url) return { origin: null, isTrial: () => false };
  const { origin, hostname } = new URL(url);
  return {
    origin,
    isTrial(request) {
      const forwarded = [request.headers['x-forwarded-host'] ?? []].flat().flatMap((value) => value.split(','));
      return [request.hostname, request.headers.host ?? '', ...forwarded].some(
        (value) => hostnameOf(value) === hostname,
      );
    },
  };
}

/** On a developer's machine (no PUBLIC_URL): the site's port on `trial.localhost`. */
export const localTrialUrl = (port: number) => `http://trial.localhost:${port}`;
