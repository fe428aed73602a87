/**
 * Which releases a request gets, decided here alone: a page, /remotes.json (and the server render they drive) and
 * /sw.js all ask this, so a browser's map of areas, its rendered page and its worker's list of files name the same
 * versions. A tester's candidates on the trial origin (a signed trial link or its cookie), else a rollout's version
 * where the browser's bucket falls in its share (a bucket the server drew and signed for this browser id), else the
 * active release.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteArea } from '@btls/build-config/remotes';
import { cookieValue } from '@btls/shared-api/cookies';
import { RELEASE_TRIAL_KEY } from '@btls/shared-api/release-trial';
import { BROWSER_COOKIE, browserOf, newBrowserId, type LoadTickets } from './load-tickets';
import { anyRollout, BUCKET_COOKIE, BUCKET_MAX_AGE, drawBucket, rolloutChoice } from './rollout';
import type { ReleaseStore } from './store';
import { trialOf, type Trials, type ValidTicket } from './trial';
import type { TrialOrigin } from './trial-origin';

export interface ReleaseChoiceDeps {
  store: ReleaseStore;
  trials: Trials;
  trialOrigin: TrialOrigin;
  loadTickets: LoadTickets;
  publicUrl?: string;
}

/**
 * A tester's candidate releases (see releases/trial.ts), on the trial origin only: the valid tickets of the page's
 * `?release=`, else of the browser's cookie. A link is taken only when the browser says where it came from
 * (`Sec-Fetch-Site`: typed or pasted, or this origin's own page): from another site, or from a browser that does
 * not say, it starts nothing; the cookie is SameSite=Strict. A link and the cookie each hold one candidate, and
 * opening a link makes its candidate the only one tried. `set`: the cookie to write (null: to clear); `opened`:
 * the ticket this request brought in by its link. On the site itself a trial never runs, and a cookie left from
 * one is cleared.
 */
async function releaseTrial(
  request: FastifyRequest,
  { trials, trialOrigin }: Pick<ReleaseChoiceDeps, 'trials' | 'trialOrigin'>,
): Promise<{
  trial: Partial<Record<RemoteArea, string>>;
  set?: { value: string; maxAge: number } | null;
  opened?: ValidTicket[];
}> {
  const cookie = cookieValue(request.headers.cookie, RELEASE_TRIAL_KEY);
  if (!trialOrigin.isTrial(request)) return cookie ? { trial: {}, set: null } : { trial: {} };
  const asked = (request.query as { release?: unknown } | undefined)?.release;
  // The cookie's text is the page's to write too (the trial bar reads it): one candidate, or none.
  const fromCookie = await trials.single(cookie);
  const { trial } = trialOf(fromCookie ? [fromCookie] : []);
  if (typeof asked !== 'string') return { trial };
  if (asked.trim() === 'none') return { trial: {}, set: null };
  const site = request.headers['sec-fetch-site'];
  if (site !== 'none' && site !== 'same-origin') return { trial };
  const linked = await trials.single(asked);
  if (!linked) return { trial };
  // A link starts a trial of its own candidate alone: one tried before, of any area, ends, so a team's link never
  // opens inside another team's trial unseen.
  const tried = trialOf([linked]);
  const maxAge = Math.max(0, (tried.ends ?? 0) - Math.floor(Date.now() / 1000));
  return {
    trial: tried.trial,
    set: { value: encodeURIComponent(tried.tickets.join(',')), maxAge },
    opened: [linked],
  };
}

/**
 * The rollout versions this browser gets (area → version), by its bucket; a browser without one draws it now
 * (only while a rollout runs), kept in a cookie so it gets the same versions at every load. A browser without
 * an id gets one too (what its load tickets name: the rollout rule counts browsers, not reports). A bucket
 * signed before draws were timed is signed again, as drawn now: its browser keeps its versions.
 */
async function rolloutOf(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ReleaseStore,
  options: { publicUrl?: string; loadTickets: LoadTickets },
) {
  const active = await store.activeReleases();
  const secure = /^https:/.test(options.publicUrl ?? '') ? '; Secure' : '';
  let browser = browserOf(request.headers.cookie);
  const fresh = !browser;
  if (!browser) {
    browser = newBrowserId();
    reply.header(
      'Set-Cookie',
      `${BROWSER_COOKIE}=${browser}; Path=/; Max-Age=${BUCKET_MAX_AGE}; SameSite=Lax; HttpOnly${secure}`,
    );
  }
  // Only a bucket the server drew for this browser counts; any other is drawn again.
  const kept = options.loadTickets.drawnOf(browser, request.headers.cookie);
  let { bucket, drawnAt } = Number.isNaN(kept.bucket) || fresh ? { bucket: 0, drawnAt: 0 } : kept;
  if (!anyRollout(active)) return { chosen: {}, rolling: false, bucket, drawnAt, browser, fresh };
  if (bucket === 0 || drawnAt === 0) {
    bucket ||= drawBucket();
    drawnAt = options.loadTickets.seconds();
    const value = options.loadTickets.bucketCookie(browser, bucket, drawnAt);
    // Lax: a link from a chat app opens the page with the same versions as the last visit.
    reply.header('Set-Cookie', `${BUCKET_COOKIE}=${value}; Path=/; Max-Age=${BUCKET_MAX_AGE}; SameSite=Lax${secure}`);
  }
  return { chosen: rolloutChoice(active, bucket), rolling: true, bucket, drawnAt, browser, fresh };
}

/** What a page or a map of areas is made of for this request, and who asked. */
export interface LoadChoice {
  /** Area → version where this request gets another than the active release (rollout and trial together). */
  versions: Partial<Record<RemoteArea, string>>;
  /** The rollout versions its bucket gets (the page cache keys on them). */
  chosen: Partial<Record<RemoteArea, string>>;
  /** The candidates tried (only on the trial origin). */
  trial: Partial<Record<RemoteArea, string>>;
  tried: boolean;
  rolling: boolean;
  bucket: number;
  /** When the bucket was drawn (epoch seconds; 0: no bucket). */
  drawnAt: number;
  browser: string;
  /** Whether the browser had no id before this request (its first load). */
  fresh: boolean;
  /** The trial cookie to write (null: to clear), when this load changes it. */
  trialCookie?: { value: string; maxAge: number } | null;
  /** The trial tickets this load's link brought in. */
  opened?: ValidTicket[];
}

export function createReleaseChoice(deps: ReleaseChoiceDeps) {
  return {
    /**
     * The releases of a page or a map of areas for this request; the browser's id and bucket cookies are written
     * on `reply` when it has none yet (a bucket only while a rollout runs).
     */
    async forLoad(request: FastifyRequest, reply: FastifyReply): Promise<LoadChoice> {
      const { trial, set, opened } = await releaseTrial(request, deps);
      const you = await rolloutOf(request, reply, deps.store, deps);
      return {
        versions: { ...you.chosen, ...trial },
        chosen: you.chosen,
        trial,
        tried: Object.keys(trial).length > 0,
        rolling: you.rolling,
        bucket: you.bucket,
        drawnAt: you.drawnAt,
        browser: you.browser,
        fresh: you.fresh,
        ...(set !== undefined ? { trialCookie: set } : {}),
        ...(opened ? { opened } : {}),
      };
    },

    /**
     * The rollout versions the browser's worker keeps the files of: those its pages get. It writes nothing (a
     * worker's request draws no bucket), and only a bucket the server signed for this browser id counts.
     */
    async forWorker(request: FastifyRequest): Promise<Partial<Record<RemoteArea, string>>> {
      const cookie = request.headers.cookie;
      const browser = browserOf(cookie);
      const bucket = browser ? deps.loadTickets.bucketOf(browser, cookie) : 0;
      if (!bucket || Number.isNaN(bucket)) return {};
      return rolloutChoice(await deps.store.activeReleases(), bucket);
    },
  };
}

export type ReleaseChoice = ReturnType<typeof createReleaseChoice>;
