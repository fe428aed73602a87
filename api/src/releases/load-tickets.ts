/**
 * Load tickets: what makes a browser's report of an area count. Each page and each `/remotes.json` the server
 * sends carries, in its `Server-Timing` header, a ticket for every area of its map: this load's id, the
 * browser's id and bucket (its cookies), when it was issued, and per area the version given and the rollout's
 * share at that moment, signed with the server's secret. A report names what it loaded by its entry's URL and
 * brings that area's ticket; it counts when the signature holds for that area and version, the ticket is fresh,
 * and the request comes from the same browser (its cookies) — and each ticket counts once for a load, once for an
 * error and once for speed figures (client-reports.ts keeps what was used). So each vote costs a page load the
 * server really served, to a browser that keeps its cookies; anything else is dropped and counted by reason.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieValue } from '@btls/shared-api/cookies';
import { BUCKET_COOKIE, bucketCookieOf } from './rollout';

/** The browser's id (random, nothing about the person): the rule counts browsers, not reports. */
export const BROWSER_COOKIE = 'btlsBrowser';
/** How long a ticket counts: the load's report leaves within seconds; its speed figures when the page is put away. */
export const TICKET_LIFETIME_S = 60 * 60;

/** Why a report (or a part of one) was not counted: the label of client_reports_rejected_total. */
export const REJECTION_REASONS = ['missing', 'forged', 'expired', 'replayed', 'version', 'bucket', 'browser'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** One area of a map: the version given, and the share of its rollout when one ran (0 when none). */
export interface TicketArea {
  area: string;
  version: string;
  percent: number;
}

/** What a verified ticket says. */
export interface Ticket {
  /** The load's id: each ticket counts once for each kind of figure. */
  load: string;
  browser: string;
  /** 0: the browser had no bucket (no rollout ran). */
  bucket: number;
  issuedAt: Date;
  area: string;
  version: string;
  percent: number;
}

const TICKET = /^([\w-]{12})\.([\w-]{16})\.(\d{1,3})\.([0-9a-z]{1,9})~([a-z]{1,30})\.(\d{1,3})\.([\w-]{16})$/;

/** A new browser id for the cookie; a cookie's value when it is one of ours. */
export const newBrowserId = () => randomBytes(12).toString('base64url');
export function browserOf(cookie: string | undefined): string | undefined {
  const value = cookieValue(cookie, BROWSER_COOKIE);
  return value && /^[\w-]{16}$/.test(value) ? value : undefined;
}

export function createLoadTickets(secret: string, now: () => number = Date.now) {
  const key = `load-ticket:${secret}`;
  const sign = (common: string, area: string, version: string, percent: number) =>
    createHmac('sha256', key).update(`${common}|${area}|${version}|${percent}`).digest().subarray(0, 12);
  const signBucket = (browser: string, bucket: number) =>
    createHmac('sha256', `bucket:${secret}`).update(`${browser}|${bucket}`).digest().subarray(0, 12);

  /**
   * The bucket this browser's cookie holds when the server drew it for this browser id; 0 without one; NaN for one
   * it did not draw (written by hand, or another browser's).
   */
  function bucketOf(browser: string | undefined, cookie: string | undefined): number {
    const given = bucketCookieOf(cookie);
    if (!given) return cookieValue(cookie, BUCKET_COOKIE) ? Number.NaN : 0;
    if (!browser) return Number.NaN;
    const signature = Buffer.from(given.signature, 'base64url');
    const expected = signBucket(browser, given.bucket);
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? given.bucket : Number.NaN;
  }

  return {
    bucketOf,

    /** The bucket cookie's value for a bucket just drawn for this browser. */
    bucketCookie: (browser: string, bucket: number) => `${bucket}.${signBucket(browser, bucket).toString('base64url')}`,

    /** The `Server-Timing` description for one response: a ticket per area, sharing the load's part. */
    issue(browser: string, bucket: number, areas: readonly TicketArea[]): string {
      const common = `${randomBytes(9).toString('base64url')}.${browser}.${bucket}.${Math.floor(now() / 1000).toString(36)}`;
      return [
        common,
        ...areas.map(
          ({ area, version, percent }) =>
            `${area}.${percent}.${sign(common, area, version, percent).toString('base64url')}`,
        ),
      ].join('~');
    },

    /**
     * The ticket a report brought for a load of `area` at `version`, when it holds; else why not. `others`: the
     * area's other versions in use, to tell a ticket of another version from a forged one.
     */
    verify(
      text: string | undefined,
      claim: { area: string; version: string; others: readonly string[] },
      cookie: string | undefined,
    ): Ticket | { rejected: RejectionReason } {
      if (!text) return { rejected: 'missing' };
      const match = TICKET.exec(text);
      if (!match) return { rejected: 'forged' };
      const [, load, browser, bucketText, issued, area, percentText, signature] = match as unknown as string[];
      const common = text.slice(0, text.indexOf('~'));
      const given = Buffer.from(signature!, 'base64url');
      const percent = Number(percentText);
      const holds = (version: string) => {
        const expected = sign(common, area!, version, percent);
        return given.length === expected.length && timingSafeEqual(given, expected);
      };
      // Another area's ticket is one for another release, as is one that holds for another version of this area.
      if (area !== claim.area) return { rejected: 'version' };
      if (!holds(claim.version)) return { rejected: claim.others.some(holds) ? 'version' : 'forged' };
      const issuedAt = parseInt(issued!, 36) * 1000;
      if (now() - issuedAt > TICKET_LIFETIME_S * 1000 || issuedAt - now() > 60_000) return { rejected: 'expired' };
      const bucket = Number(bucketText);
      if (browserOf(cookie) !== browser) return { rejected: 'browser' };
      if (bucketOf(browser, cookie) !== bucket) return { rejected: 'bucket' };
      return {
        load: load!,
        browser: browser!,
        bucket,
        issuedAt: new Date(issuedAt),
        area: area!,
        version: claim.version,
        percent,
      };
    },
  };
}
export type LoadTickets = ReturnType<typeof createLoadTickets>;
