/**
 * Trying a candidate release in one browser, for the people allowed to: an admin or a token of the area's team
 * asks the API for a trial link (POST /api/releases/:area/trial), signed by the server and short-lived. The
 * link's `?release=<ticket>` puts the ticket into this browser's `btlsReleases` cookie (SameSite=Strict: never
 * sent from another site's link), and pages and remotes.json follow the candidates of valid tickets only. A
 * bare `?release=<area>@<version>` (anybody's link) tries nothing.
 *
 * A ticket reads `<area>@<version>~<expiry, epoch seconds>~<HMAC-SHA256 of both, base64url>`; the shell's
 * trial bar reads the `<area>@<version>` part to say what is tried.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseReleaseTrial } from '@btls/shared-api/release-trial';
import { isRemoteArea } from './store';
import type { RemoteArea } from '@btls/build-config/remotes';

/** How long a trial link (and the trial it starts) lasts. */
export const TRIAL_SECONDS = 2 * 60 * 60;

const TICKET = /^([a-z]{1,30})@([\w.+-]{1,100})~(\d{1,12})~([\w-]{43})$/;

export function createTrialTickets(secret: string) {
  const sign = (claim: string) => createHmac('sha256', `release-trial:${secret}`).update(claim).digest('base64url');
  return {
    /** A ticket for `area@version`, valid for TRIAL_SECONDS from `now`. */
    issue(area: RemoteArea, version: string, now = Date.now()): { ticket: string; expiresAt: Date } {
      const expires = Math.floor(now / 1000) + TRIAL_SECONDS;
      const claim = `${area}@${version}~${expires}`;
      return { ticket: `${claim}~${sign(claim)}`, expiresAt: new Date(expires * 1000) };
    },
    /** The area and version of a ticket signed here and not expired; else undefined. */
    verify(ticket: string, now = Date.now()): { area: RemoteArea; version: string; expires: number } | undefined {
      const match = TICKET.exec(ticket);
      if (!match) return undefined;
      const [, area, version, expires, signature] = match as unknown as [string, string, string, string, string];
      if (!isRemoteArea(area) || Number(expires) * 1000 <= now) return undefined;
      const expected = Buffer.from(sign(`${area}@${version}~${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { area, version, expires: Number(expires) };
    },
    /**
     * The candidates of a cookie's or a link's valid tickets, by area, and when the first of them ends
     * (epoch seconds; undefined: none).
     */
    valid(text: string | null | undefined, now = Date.now()) {
      const trial: Partial<Record<RemoteArea, string>> = {};
      const tickets: string[] = [];
      let ends: number | undefined;
      for (const item of splitTickets(text)) {
        const ticket = this.verify(item, now);
        if (!ticket) continue;
        trial[ticket.area] = ticket.version;
        tickets.push(item);
        ends = Math.min(ends ?? Infinity, ticket.expires);
      }
      return { trial, tickets, ends };
    },
  };
}
export type TrialTickets = ReturnType<typeof createTrialTickets>;

/** The items of a trial's text (comma-separated, URL-encoded in a cookie; `+` arrives as a space in a query). */
function splitTickets(text: string | null | undefined): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(text ?? '');
  } catch {
    return [];
  }
  return decoded
    .replace(/ /g, '+')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item && Object.keys(parseReleaseTrial(item)).length === 1)
    .slice(0, 10);
}
