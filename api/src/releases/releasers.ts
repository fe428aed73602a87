/**
 * Who may release: an admin, or a token of one area that an admin made. A token works while the admin who made
 * it is an active admin (deactivating, demoting or deleting an admin takes back what they handed out, as it takes
 * back their own sign-in), and so does anything made with it (a trial link).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { releaseTokens, users } from '../db/schema';

/** What every release token starts with (an admin's sign-in token never does). */
export const TOKEN_PREFIX = 'btlsr_';
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The live token of this text (not revoked, its maker an active admin), or undefined. */
export async function liveToken(db: Db, token: string) {
  const [found] = await db
    .select({ row: releaseTokens })
    .from(releaseTokens)
    .innerJoin(users, eq(users.id, releaseTokens.createdById))
    .where(
      and(
        eq(releaseTokens.tokenHash, hashToken(token)),
        isNull(releaseTokens.revokedAt),
        eq(users.isActive, true),
        eq(users.role, 'admin'),
      ),
    )
    .limit(1);
  return found?.row;
}

/** Whether a releaser as the release routes name one (`admin:<id>`, `token:<id>`) could still release now. */
export async function releaserAlive(db: Db, by: string): Promise<boolean> {
  const [kind, id] = by.split(':');
  if (!id || !/^\d+$/.test(id)) return false;
  if (kind === 'admin') {
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, Number(id)), eq(users.isActive, true), eq(users.role, 'admin')))
      .limit(1);
    return admin !== undefined;
  }
  if (kind !== 'token') return false;
  const [token] = await db
    .select({ id: releaseTokens.id })
    .from(releaseTokens)
    .innerJoin(users, eq(users.id, releaseTokens.createdById))
    .where(
      and(
        eq(releaseTokens.id, Number(id)),
        isNull(releaseTokens.revokedAt),
        eq(users.isActive, true),
        eq(users.role, 'admin'),
      ),
    )
    .limit(1);
  return token !== undefined;
}
