/**
 * The accounts' reads and writes for signing up, signing in and passwords: a user by e-mail, a new user, and
 * the password changes and reset links, each ending the user's earlier sign-ins (their session version).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResetTokens, users } from '../db/schema';

/** A new user; its row. */
export async function insertUser(tx: Db, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning();
  return row;
}

/** The user with this e-mail, whatever its case (`emailKey`: the e-mail in lower case), or undefined. */
export async function userByEmail(db: Db, emailKey: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${emailKey}`)
    .limit(1);
  return user;
}

/** A reset link that is neither used nor expired. */
const openResetLink = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

/** The active user an open reset link was sent to, or undefined. */
export async function resetLinkHolder(db: Db, tokenHash: string) {
  const [valid] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .innerJoin(users, and(eq(users.id, passwordResetTokens.userId), eq(users.isActive, true)))
    .where(openResetLink(tokenHash))
    .limit(1);
  return valid;
}

/** Spends an open reset link (of two requests with one link, one gets it); its user, or undefined. */
export async function spendResetLink(tx: Db, tokenHash: string) {
  const [spent] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(openResetLink(tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return spent;
}

/** A new password hash, ending every earlier sign-in of the user. */
export async function setPassword(tx: Db, userId: number, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * A new password hash for a user whose sign-ins are still those of `sessionVersion`, ending them; the row now, or
 * undefined when the account changed meanwhile.
 */
export async function changePassword(tx: Db, userId: number, sessionVersion: number, passwordHash: string) {
  const [row] = await tx
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.sessionVersion, sessionVersion)))
    .returning();
  return row;
}
