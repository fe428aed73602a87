/**
 * The outbox: e-mails are rows written in the transaction of the change that causes them, and a worker in
 * every API instance sends the due ones. Claiming a row (FOR UPDATE SKIP LOCKED, then pushing its next attempt
 * past a lease) is one statement, so with several instances on one PostgreSQL each message is sent once; a
 * process that dies mid-send leaves the row to be retried when the lease ends.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { Mail } from './templates';
import { fallbackLogger } from '../http/logging';

export type OutboxRow = typeof outbox.$inferSelect;

export function enqueue(tx: Db, kind: string, recipient: string, mail: Mail, replyTo?: string) {
  return tx.insert(outbox).values({ kind, recipient, replyTo: replyTo ?? null, ...mail });
}

export interface OutboxWorkerOptions {
  db: Db;
  smtpUrl: string;
  from: string;
  /** How often to look for due messages. */
  pollMs?: number;
  batchSize?: number;
  /** Attempts before a message is recorded as failed. */
  maxAttempts?: number;
  /** The wait after the first failure; it doubles after each further one, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /**
   * How long a claimed message is left to its sender before another instance may try it. A send is bounded by
   * the SMTP timeouts below (2 minutes at worst) and starts in the first half of the lease, so it ends in time.
   */
  leaseMs?: number;
  log?: (message: string) => void;
}

export interface OutboxWorker {
  /** Sends what is due now; the number of messages handled. */
  runOnce(): Promise<number>;
  /** Stops polling, waits for the messages being sent, closes the SMTP connection. */
  stop(): Promise<void>;
}

/**
 * Once an e-mail is delivered, its reset link is of use only in the recipient's inbox: the stored copy loses
 * the token, so neither the admins' outbox page nor a copy of the database can open the account. (Links are
 * mailed with the token in their fragment; e-mails written before that carry it in the path.)
 */
export const redactSecrets = (body: string) =>
  body.replace(/(\/reset-password(?:\/|#token=))[A-Za-z0-9_-]+/g, '$1(sent)');

export function retryDelayMs(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
}

const msFromNow = (ms: number) => sql`now() + ${Math.round(ms)}::int * interval '1 millisecond'`;

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    pollMs = 2_000,
    batchSize = 10,
    maxAttempts = 6,
    baseDelayMs = 30_000,
    maxDelayMs = 3_600_000,
    leaseMs = 300_000,
    log = (message: string) => fallbackLogger.warn(message),
  } = options;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });

  async function claim(): Promise<OutboxRow[]> {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({ nextAttemptAt: msFromNow(leaseMs), attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning();
  }

  async function release(rows: OutboxRow[]) {
    if (rows.length === 0) return;
    await db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()`, attempts: sql`${outbox.attempts} - 1` })
      .where(
        inArray(
          outbox.id,
          rows.map((r) => r.id),
        ),
      );
  }

  async function deliver(row: OutboxRow) {
    try {
      await transport.sendMail({
        from: options.from,
        to: row.recipient,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await db
        .update(outbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          lastError: null,
          text: redactSecrets(row.text),
          html: redactSecrets(row.html),
        })
        .where(eq(outbox.id, row.id));
    } catch (error) {
      const reason = String((error as Error).message ?? error).slice(0, 1000);
      const giveUp = row.attempts >= maxAttempts;
      log(
        `E-mail ${row.id} to ${row.recipient}: attempt ${row.attempts} failed (${reason})${giveUp ? '; giving up' : ''}.`,
      );
      await db
        .update(outbox)
        .set(
          giveUp
            ? { status: 'failed', lastError: reason }
            : { lastError: reason, nextAttemptAt: msFromNow(retryDelayMs(row.attempts, baseDelayMs, maxDelayMs)) },
        )
        .where(eq(outbox.id, row.id));
    }
  }

  let running: Promise<number> | null = null;
  async function runOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimedAt = Date.now();
      const rows = await claim();
      for (const [index, row] of rows.entries()) {
        if (index > 0 && (Date.now() - claimedAt > leaseMs / 2 || stopped)) {
          // Too late in the lease to start another send (or stopping): hand the rest back, untried.
          await release(rows.slice(index));
          return handled;
        }
        await deliver(row);
        handled += 1;
      }
      if (rows.length < batchSize) return handled;
    }
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = runOnce()
      .catch((error: Error) => {
        log(`The outbox worker could not read the outbox: ${error.message}`);
        return 0;
      })
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
