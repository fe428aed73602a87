/**
 * `Idempotency-Key` on the writes a phone may send twice (progress recorded offline and sent when the
 * network returns, perhaps again after a lost answer). The first request with a key runs; a repeat with the same
 * key, user, method, path and body gets the first one's answer again (`Idempotent-Replayed: true`) instead of a
 * second record; the same key for another request is refused (422); a repeat while the first still runs waits
 * its turn (409, Retry-After). A key that was done lives 30 days, one whose write was refused an hour; a user
 * keeps at most KEYS_PER_USER (the oldest go first). One row per user and key, claimed by an insert, so two
 * instances receiving the two copies at once store one (tested on PostgreSQL).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { request as requestText } from '@btls/shared-api/messages';
import type { Auth } from '../auth';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { IDEMPOTENT } from './contract';
import { badRequest, conflict, HttpError } from './errors';

const KEY = /^[\w.:-]{1,200}$/;
/** A first request that has not answered within this (its instance died) no longer holds its key. */
const ABANDONED_AFTER_MS = 60_000;
/**
 * How long a key holds its answer: longer than a phone waits offline with a write whose answer was lost (a
 * trainer may be without data for days), so its resend is still a repeat, never a second record.
 */
const KEPT_FOR = sql`interval '30 days'`;
/** A refused write's key: long enough for the phone's resends, not a row kept a month for each refusal. */
const REFUSED_KEPT_FOR = sql`interval '1 hour'`;
/** Keys one user keeps at once: far more than a phone queues offline, few enough that nobody fills the table. */
export const KEYS_PER_USER = 500;
/** Answers kept for a repeat: done, or refused for what was sent. A 401/403/409/429/5xx may go otherwise next time. */
const KEPT_STATUSES = (status: number) => status < 400 || status === 400 || status === 404 || status === 422;

/** Keys past their time: done ones after 30 days, refused ones after an hour. */
const expired = or(
  lt(idempotencyKeys.createdAt, sql`now() - ${KEPT_FOR}`),
  and(sql`${idempotencyKeys.status} >= 400`, lt(idempotencyKeys.createdAt, sql`now() - ${REFUSED_KEPT_FOR}`)),
)!;

const claimed = new WeakMap<FastifyRequest, { userId: number; key: string }>();

function fingerprint(request: FastifyRequest, body: unknown): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0]}\n${JSON.stringify(body ?? null)}`)
    .digest('base64url');
}

/**
 * The hooks of a route that honours `Idempotency-Key`: `preHandler` after its guard, `onSend` to keep the answer.
 * `bodyOf` is what the key is for when the parsed body is not all of it (a multipart form, read by the route:
 * its fields and a digest of its files), so one key is never taken for another form.
 */
export function idempotentWrites(
  db: Db,
  auth: Auth,
  bodyOf: (request: FastifyRequest) => Promise<unknown> = async (request) => request.body,
): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler } {
  let claims = 0;
  const preHandler: preHandlerHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = request.headers['idempotency-key'];
    if (given === undefined) return;
    const key = Array.isArray(given) ? '' : given.trim();
    if (!KEY.test(key)) throw badRequest(requestText.idempotencyKeyInvalid);
    const userId = auth.caller(request).id;
    const print = fingerprint(request, await bodyOf(request));
    if (++claims % 200 === 0) await db.delete(idempotencyKeys).where(expired);
    const mine = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint: print })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (mine.length === 0) {
      // Taken over when its first request was abandoned (no answer after a minute) or expired.
      const retaken = await db
        .update(idempotencyKeys)
        .set({ fingerprint: print, status: null, body: null, createdAt: sql`now()` })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            // Parenthesised as one condition: `and` does not wrap a raw `a or b` (a review found expired rows of
            // every user taken over, and a repeat stored twice).
            or(
              and(
                isNull(idempotencyKeys.status),
                lt(idempotencyKeys.createdAt, sql`now() - ${`${ABANDONED_AFTER_MS} milliseconds`}::interval`),
              ),
              expired,
            ),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (retaken.length === 0) {
        const [first] = await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
          .limit(1);
        if (!first) throw conflict(requestText.idempotencyInProgress); // released meanwhile: send again
        if (first.fingerprint !== print) throw new HttpError(422, requestText.idempotencyKeyReused);
        if (first.status === null) throw new HttpError(409, requestText.idempotencyInProgress, { 'Retry-After': '1' });
        return reply
          .status(first.status)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(first.body);
      }
    }
    claimed.set(request, { userId, key });
    // This user's oldest keys beyond their share make room.
    await db.execute(sql`
      delete from ${idempotencyKeys} where ${idempotencyKeys.userId} = ${userId} and ${idempotencyKeys.key} in (
        select ${idempotencyKeys.key} from ${idempotencyKeys} where ${idempotencyKeys.userId} = ${userId}
        order by ${idempotencyKeys.createdAt} desc offset ${KEYS_PER_USER})`);
  };
  const onSend: onSendHookHandler = async (request, reply, payload) => {
    const claim = claimed.get(request);
    if (!claim) return payload;
    claimed.delete(request);
    const where = and(
      eq(idempotencyKeys.userId, claim.userId),
      eq(idempotencyKeys.key, claim.key),
      isNull(idempotencyKeys.status),
    );
    if (KEPT_STATUSES(reply.statusCode) && typeof payload === 'string')
      await db.update(idempotencyKeys).set({ status: reply.statusCode, body: payload }).where(where);
    else await db.delete(idempotencyKeys).where(where); // the next copy runs anew
    return payload;
  };
  // The document lists the 422 of a reused key for the routes that take one (http/contract.ts).
  return { preHandler: Object.assign(preHandler, { [IDEMPOTENT]: KEY.source }), onSend };
}
