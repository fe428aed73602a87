/**
 * An admin's passkeys and the challenges given for them: each challenge is spent by the one answer that signs it,
 * before it expires, so a signed answer is never accepted twice.
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passkeyChallenges, passkeys } from '../db/schema';

export type PasskeyRow = typeof passkeys.$inferSelect;
/** What a challenge is for: a new passkey, or confirming it is you with one. */
export type ChallengePurpose = 'register' | 'sudo';

/** How long a challenge may be answered: as long as the browser's prompt is shown, and some. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** The user's passkeys, oldest first. */
export function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

/** The user's passkey with this credential id, or undefined. */
export async function passkeyOf(db: Db, userId: number, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)))
    .limit(1);
  return row;
}

/** A new passkey; its row. */
export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert): Promise<PasskeyRow | undefined> {
  const [row] = await db.insert(passkeys).values(values).returning();
  return row;
}

/** Removes one of the user's passkeys; whether there was one. */
export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return removed.length > 0;
}

/** A passkey just used: the counter its authenticator gave, and when. */
export async function passkeyUsed(db: Db, id: number, counter: number): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

/** Keeps a challenge given to the user (and forgets their expired ones). */
export async function keepChallenge(db: Db, userId: number, purpose: ChallengePurpose, challenge: string) {
  await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.userId, userId), lte(passkeyChallenges.expiresAt, sql`now()`)));
  await db.insert(passkeyChallenges).values({
    challenge,
    userId,
    purpose,
    expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_LIFETIME_MS / 1000})`,
  });
}

/**
 * Spends a challenge the user was given for `purpose`, if it has not expired: true once (of two answers with one
 * challenge, one gets it), false otherwise.
 */
export async function spendChallenge(
  db: Db,
  userId: number,
  purpose: ChallengePurpose,
  challenge: string,
): Promise<boolean> {
  const spent = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.userId, userId),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return spent.length > 0;
}
