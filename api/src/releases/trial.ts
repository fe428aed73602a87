/**
 * Trying a candidate release in one browser, for the people allowed to: an admin or a token of the area's team
 * asks the API for a trial link (POST /api/releases/:area/trial). The link opens on the trial origin
 * (./trial-origin.ts) with `?release=<ticket>`, which puts the ticket into that browser's `btlsReleases` cookie
 * there; pages and remotes.json of the trial origin follow the candidates of valid tickets only. A bare
 * `?release=<area>@<version>` (anybody's link) tries nothing.
 *
 * A ticket reads `<area>@<version>~<expiry, epoch seconds>~<link id>~<HMAC-SHA256 of the rest, base64url>`; the
 * shell's trial bar reads the `<area>@<version>` part to say what is tried. Each link is written down with its
 * maker, and checked whenever it is used: it works while its maker could still make it (the token alive, the
 * admin still an admin) and its version is still newer than the area's active one. Making a link and opening it
 * are in the audit log.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { parseReleaseTrial } from '@btls/shared-api/release-trial';
import type { RemoteArea } from '@btls/build-config/remotes';
import type { Db } from '../db/client';
import { releaseTrials } from '../db/schema';
import type { Audit } from './audit';
import { releaserAlive } from './releasers';
import { isRemoteArea, type ReleaseStore } from './store';

/** How long a trial link (and the trial it starts) lasts. */
export const TRIAL_SECONDS = 2 * 60 * 60;
/** Openings of one link written into the audit log (the link's row counts them all). */
const AUDITED_OPENINGS = 10;

const TICKET = /^([a-z]{1,30})@([\w.+-]{1,100})~(\d{1,12})~([\w-]{12})~([\w-]{43})$/;

interface Ticket {
  area: RemoteArea;
  version: string;
  expires: number;
  id: string;
}

export interface TrialsOptions {
  db: Db;
  secret: string;
  store: Pick<ReleaseStore, 'isNewerThanActive'>;
  audit: Audit;
}

export function createTrials({ db, secret, store, audit }: TrialsOptions) {
  const sign = (claim: string) => createHmac('sha256', `release-trial:${secret}`).update(claim).digest('base64url');

  /** A ticket signed here and not expired; else undefined (nothing read from the database). */
  function signed(ticket: string, now: number): Ticket | undefined {
    const match = TICKET.exec(ticket);
    if (!match) return undefined;
    const [, area, version, expires, id, signature] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!isRemoteArea(area) || Number(expires) * 1000 <= now) return undefined;
    const expected = Buffer.from(sign(`${area}@${version}~${expires}~${id}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { area, version, expires: Number(expires), id };
  }

  /** Whether a signed ticket's link still works: written down, its maker still allowed, its version still newer. */
  async function stillAllowed(ticket: Ticket): Promise<boolean> {
    const [link] = await db
      .select({ madeBy: releaseTrials.madeBy })
      .from(releaseTrials)
      .where(
        and(
          eq(releaseTrials.id, ticket.id),
          eq(releaseTrials.area, ticket.area),
          eq(releaseTrials.version, ticket.version),
        ),
      )
      .limit(1);
    if (!link || !(await releaserAlive(db, link.madeBy))) return false;
    return store.isNewerThanActive(ticket.area, ticket.version).catch(() => false);
  }

  /** The tickets of a cookie's or a link's text that still work, each with what it tries. */
  async function valid(text: string | null | undefined, now = Date.now()): Promise<ValidTicket[]> {
    const working: ValidTicket[] = [];
    for (const item of splitTickets(text)) {
      const ticket = signed(item, now);
      if (ticket && (await stillAllowed(ticket))) working.push({ ...ticket, text: item });
    }
    return working;
  }

  return {
    /** A link's ticket for `area@version`, made by `by` (`admin:<id>`, `token:<id>`), valid TRIAL_SECONDS. */
    async make(area: RemoteArea, version: string, by: string, now = Date.now()) {
      const id = randomBytes(9).toString('base64url');
      const expires = Math.floor(now / 1000) + TRIAL_SECONDS;
      const expiresAt = new Date(expires * 1000);
      await db.insert(releaseTrials).values({ id, area, version, madeBy: by, expiresAt });
      await audit.record({
        actor: by,
        area,
        action: 'trial-link',
        to: version,
        reason: `link ${id}, until ${expiresAt.toISOString()}`,
      });
      const claim = `${area}@${version}~${expires}~${id}`;
      return { ticket: `${claim}~${sign(claim)}`, expiresAt };
    },

    valid,

    /**
     * The ticket of a link's or a cookie's text, when it is one ticket that still works: a link the server makes
     * names one candidate, and a text naming more (links pasted together, a cookie a page wrote) tries nothing.
     */
    async single(text: string | null | undefined, now = Date.now()): Promise<ValidTicket | undefined> {
      const items = splitTickets(text);
      if (items.length !== 1) return undefined;
      const [ticket] = await valid(items[0], now);
      return ticket;
    },

    /** Writes down that a browser opened these tickets' links (as `valid` gave them). */
    async opened(tickets: ValidTicket[]) {
      for (const ticket of tickets) {
        const [link] = await db
          .update(releaseTrials)
          .set({ uses: sql`${releaseTrials.uses} + 1` })
          .where(eq(releaseTrials.id, ticket.id))
          .returning({ uses: releaseTrials.uses, madeBy: releaseTrials.madeBy });
        if (link && link.uses <= AUDITED_OPENINGS)
          await audit.record({
            actor: link.madeBy,
            area: ticket.area,
            action: 'trial-open',
            to: ticket.version,
            reason: `link ${ticket.id}, opening ${link.uses}${link.uses === AUDITED_OPENINGS ? ' (later ones are counted, not listed)' : ''}`,
          });
      }
    },
  };
}
export type Trials = ReturnType<typeof createTrials>;

/** A ticket that still works, and its text as the browser keeps it. */
export interface ValidTicket extends Ticket {
  text: string;
}

/** What valid tickets try, by area, their texts, and when the first of them ends (epoch seconds; none: undefined). */
export function trialOf(tickets: ValidTicket[]) {
  const trial: Partial<Record<RemoteArea, string>> = {};
  for (const ticket of tickets) trial[ticket.area] = ticket.version;
  const ends = tickets.length ? Math.min(...tickets.map((ticket) => ticket.expires)) : undefined;
  return { trial, tickets: tickets.map((ticket) => ticket.text), ends };
}

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
