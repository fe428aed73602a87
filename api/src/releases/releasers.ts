/**
 * Who may release: an admin, or a token of one area that an admin made. A token works while the admin who made
 * it is an active admin (deactivating, demoting or deleting an admin takes back what they handed out, as it takes
 * back their own sign-in), and so does anything made with it (a trial link).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { releaseTokens, users } from '../db/schema';

/** What every release token starts with (an admin's sign-in token never does). */
export const TOKEN_PREFIX = 'btlsr_';
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token matching `which` that is not revoked and whose maker is an active admin, or undefined. */
async function findLive(db: Db, which: SQL) {
  const [found] = await db
    .select({ row: releaseTokens })
    .from(releaseTokens)
    .innerJoin(users, eq(users.id, releaseTokens.createdById))
    .where(and(which, isNull(releaseTokens.revokedAt), eq(users.isActive, true), eq(users.role, 'admin')))
    .limit(1);
  return found?.row;
}

/** The live token of this text, or undefined. */
export const liveToken = (db: Db, token: string) => findLive(db, eq(releaseTokens.tokenHash, hashToken(token)));

/** Whether a releaser as the release routes name one (`admin:<id>`, `token:<id>`) could still release now. */
export async function releaserAlive(db: Db, by: string): Promise<boolean> {
  const [kind, id] = by.split(':');
  if (!id || !/^\d+$/.test(id)) return false;
  if (kind === 'token') return (await findLive(db, eq(releaseTokens.id, Number(id)))) !== undefined;
  if (kind !== 'admin') return false;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, Number(id)), eq(users.isActive, true), eq(users.role, 'admin')))
    .limit(1);
  return admin !== undefined;
}
