import { sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { spendResetLinks } from '../mail/notify';

/**
 * BTLS_ADMIN_EMAIL + BTLS_ADMIN_PASSWORD: make sure that account exists, is an admin, is active and opens
 * with that password (so operators can always get back in).
 */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalized}`)
    .limit(1);
  if (!existing) {
    await db.insert(users).values({
      firstName: 'Platform',
      lastName: 'Admin',
      email: normalized,
      passwordHash: await hashPassword(password),
      role: 'admin',
    });
    return;
  }
  const passwordOk = await verifyPassword(existing.passwordHash, password);
  const passwordHash = passwordOk ? undefined : await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ role: 'admin', isActive: true, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
      .where(sql`${users.id} = ${existing.id}`);
    // The operator set a new password: no reset link sent before may change it back.
    if (passwordHash) await spendResetLinks(tx, existing.id);
  });
}
