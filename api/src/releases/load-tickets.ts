/**
 * Load tickets: what makes a browser's report of an area count. Each page and each `/remotes.json` the server
 * sends carries, in its `Server-Timing` header, a ticket for every area of its map: this load's id, the
 * browser's id and bucket (its cookies), when it was issued, and per area the version given and the rollout's
 * share at that moment, signed with the server's secret. A report names what it loaded by its entry's URL and
 * brings that area's ticket; it counts when the signature holds for that area and version, the ticket is fresh,
 * and the request comes from the same browser (its cookies) — and each ticket counts once for a load, once for an
 * error and once for speed figures (client-reports.ts keeps what was used). So each vote costs a page load the
 * server really served, to a browser that keeps its cookies; anything else is dropped and counted by reason.
 * A ticket also says when the browser's bucket was drawn: the rollout rule takes a browser's word only from a
 * load well after that (a browser that came back), which a burst of fresh page loads never is.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
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
  /** When the server drew the browser's bucket (epoch 0: no bucket, or drawn before draws were timed). */
  drawnAt: Date;
  issuedAt: Date;
  area: string;
  version: string;
  percent: number;
}

const TICKET =
  /^([\w-]{12})\.([\w-]{16})\.(\d{1,3})\.([0-9a-z]{1,9})\.([0-9a-z]{1,9})~([a-z]{1,30})\.(\d{1,3})\.([\w-]{16})$/;

/** A browser's bucket as the server drew it, and when (epoch seconds; 0: none, or drawn before draws were timed). */
export interface Drawn {
  /** 0: none; NaN: one the server did not draw for this browser. */
  bucket: number;
  drawnAt: number;
}

/** Who a page load is for: the browser's id and its bucket. */
export interface Visitor extends Drawn {
  browser: string;
}

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
  /** A bucket's signature for this browser id; with the time of its draw, since draws were timed. */
  const signBucket = (browser: string, bucket: number, drawnAt?: number) =>
    createHmac('sha256', `bucket:${secret}`)
      .update(drawnAt === undefined ? `${browser}|${bucket}` : `${browser}|${bucket}|${drawnAt}`)
      .digest()
      .subarray(0, 12);
  const signatureHolds = (signature: string, expected: Buffer) => {
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  /**
   * The bucket this browser's cookie holds when the server drew it for this browser id, and when; bucket 0
   * without one; NaN for one it did not draw (written by hand, or another browser's). A bucket signed before
   * draws were timed holds, drawn at 0 (choice.ts signs it again with the time it is seen).
   */
  function drawnOf(browser: string | undefined, cookie: string | undefined): Drawn {
    const given = bucketCookieOf(cookie);
    if (!given) return { bucket: cookieValue(cookie, BUCKET_COOKIE) ? Number.NaN : 0, drawnAt: 0 };
    if (!browser || !signatureHolds(given.signature, signBucket(browser, given.bucket, given.drawnAt)))
      return { bucket: Number.NaN, drawnAt: 0 };
    return { bucket: given.bucket, drawnAt: given.drawnAt ?? 0 };
  }

  const seconds = () => Math.floor(now() / 1000);

  return {
    /** The tickets' clock, in epoch seconds (a bucket's draw is timed by it). */
    seconds,
    drawnOf,
    bucketOf: (browser: string | undefined, cookie: string | undefined) => drawnOf(browser, cookie).bucket,

    /** The bucket cookie's value for a bucket drawn for this browser, and when (now, unless given). */
    bucketCookie(browser: string, bucket: number, drawnAt = seconds()) {
      return `${bucket}.${drawnAt.toString(36)}.${signBucket(browser, bucket, drawnAt).toString('base64url')}`;
    },

    /** A client address as the rollout rule counts it (addressPrefix), keyed, never kept. */
    addressKey(ip: string): string {
      return createHmac('sha256', `address:${secret}`).update(addressPrefix(ip)).digest('base64url').slice(0, 22);
    },

    /** The `Server-Timing` description for one response: a ticket per area, sharing the load's part. */
    issue({ browser, bucket, drawnAt }: Visitor, areas: readonly TicketArea[]): string {
      const issued = seconds().toString(36);
      const drawn = (bucket > 0 ? drawnAt : 0).toString(36);
      const common = `${randomBytes(9).toString('base64url')}.${browser}.${bucket}.${issued}.${drawn}`;
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
      const [, load, browser, bucketText, issued, drawn, area, percentText, signature] = match as unknown as string[];
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
      if (drawnOf(browser, cookie).bucket !== bucket) return { rejected: 'bucket' };
      return {
        load: load!,
        browser: browser!,
        bucket,
        drawnAt: new Date(parseInt(drawn!, 36) * 1000),
        issuedAt: new Date(issuedAt),
        area: area!,
        version: claim.version,
        percent,
      };
    },
  };
}
export type LoadTickets = ReturnType<typeof createLoadTickets>;

/**
 * What of a client address names one client: an IPv4 address whole (also written inside IPv6, mapped or
 * translated by NAT64), an IPv6 address by its first 48 bits: one subscriber may be given a whole /48 (a home's
 * /56, a tunnel broker's /48), so anything narrower would let one client speak as thousands.
 */
export function addressPrefix(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip.toLowerCase());
  const embedded = `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  const leading = groups.slice(0, 5).every((group) => group === 0);
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64's well-known prefix) are IPv4 clients.
  if (leading && groups[5] === 0xffff) return embedded;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return embedded;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

/** An IPv6 address's eight 16-bit groups (`::` expanded, a trailing dotted IPv4 part read as two groups). */
function ipv6Groups(ip: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  const text = dotted
    ? `${ip.slice(0, dotted.index)}${((+dotted[1]! << 8) | +dotted[2]!).toString(16)}:${((+dotted[3]! << 8) | +dotted[4]!).toString(16)}`
    : ip;
  const [head = '', tail = ''] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = text.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.map((group) => parseInt(group, 16));
}
