/**
 * The releases' audit log: every upload, activation, rollout, promotion, rollback and token change, with who did
 * it in words a person reads (an admin's e-mail, a token's label), when, from which version to which, and why
 * (an automatic rollback writes its figures).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { countAll, type Page } from '../http/paging';
import type { ReleaseAuditAction } from '@btls/shared-api/schemas';
import type { Db } from '../db/client';
import { releaseAudit, releaseTokens, users } from '../db/schema';

/** The actions the log names: the contract's list, which the Releases page translates. */
export type AuditAction = ReleaseAuditAction;

/** Who stopped a rollout on their own: no person, the rule. */
export const AUTOMATIC_ACTOR = 'automatic';

export interface AuditEntry {
  actor: string;
  area: string;
  action: AuditAction;
  from?: string | null;
  to?: string | null;
  reason?: string | null;
}

/** Who acted when no person did: this server adopting its own build at start. */
export const LOCAL_ACTOR = 'local';

/**
 * A releaser (`admin:<id>`, `token:<id>`, `local`) as the log names it: an admin's e-mail, a token's label (or
 * `#<id>`) with its area, `local` for this server's own build. Written into the log as it is then: a later
 * rename or a deleted user keeps the entry. (The Releases page says `local` and `automatic` in words.)
 */
export async function actorName(db: Db, by: string): Promise<string> {
  const [kind, id] = by.split(':');
  if (kind === 'admin' && id) {
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, Number(id)))
      .limit(1);
    return user?.email ?? by;
  }
  if (kind === 'token' && id) {
    const [token] = await db
      .select({ label: releaseTokens.label, area: releaseTokens.area })
      .from(releaseTokens)
      .where(eq(releaseTokens.id, Number(id)))
      .limit(1);
    return token ? `${token.label ?? `#${id}`} (${token.area})` : by;
  }
  return by;
}

export function createAudit(db: Db) {
  return {
    /** Writes one entry; `actor` as stored by the releases (`admin:3`, `token:7`) or already in words. */
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(releaseAudit).values({
        actor: /^(admin|token):\d+$|^local$/.test(entry.actor) ? await actorName(db, entry.actor) : entry.actor,
        area: entry.area,
        action: entry.action,
        fromVersion: entry.from ?? null,
        toVersion: entry.to ?? null,
        reason: entry.reason ?? null,
      });
    },

    /**
     * The area's last rollout stopped by the rule, when nothing was rolled out, promoted or activated since: what
     * the Releases page says the rule found.
     */
    async lastStop(area: string) {
      const [row] = await db
        .select()
        .from(releaseAudit)
        .where(
          and(
            eq(releaseAudit.area, area),
            inArray(releaseAudit.action, ['automatic-rollback', 'rollout', 'promote', 'activate', 'rollback']),
          ),
        )
        .orderBy(desc(releaseAudit.id))
        .limit(1);
      return row?.action === 'automatic-rollback'
        ? { at: row.at.toISOString(), version: row.fromVersion ?? '', reason: row.reason ?? '' }
        : null;
    },

    /** A page of the entries, newest first, of one area or of all; with how many there are in all. */
    async list({ limit, offset, area }: Page & { area?: string }) {
      const where = area === undefined ? undefined : eq(releaseAudit.area, area);
      const [rows, [counted]] = await Promise.all([
        db.select().from(releaseAudit).where(where).orderBy(desc(releaseAudit.id)).limit(limit).offset(offset),
        db.select({ total: countAll }).from(releaseAudit).where(where),
      ]);
      return {
        total: counted?.total ?? 0,
        entries: rows.map((row) => ({
          at: row.at.toISOString(),
          actor: row.actor,
          area: row.area,
          action: row.action as AuditAction,
          from: row.fromVersion,
          to: row.toVersion,
          reason: row.reason,
        })),
      };
    },
  };
}
export type Audit = ReturnType<typeof createAudit>;
