/**
 * Issue 28: writes kept on the phone while it has no network (a trainer's progress records), sent when it has
 * one again. One module for the page (which queues, lists and sends on reconnect and on the next open) and the
 * service worker (which sends on the browser's Background Sync): both read the same IndexedDB store.
 *
 * Each write carries its own `Idempotency-Key` from the moment it is first tried, so a write that reached the
 * server while its answer was lost, or that the page and the worker both send, is stored once. A write the
 * server refuses (the enrollment was completed meanwhile) stays on the phone with the server's answer until the
 * trainer has seen it and removed it: nothing is dropped silently.
 */
import { createStore, del, get, set, update, values, type UseStore } from 'idb-keyval';
import type { MessageParams } from './codes';

export interface QueuedWrite {
  /** The write's Idempotency-Key, also its key in the store. */
  key: string;
  /** Whose write it is: only that account sees and sends it. */
  userId: number;
  /** The token to send it with (the page gives a fresh one when it sends; cleared when its user signs out). */
  token: string | null;
  method: 'POST' | 'PUT';
  /** API path without the leading `/api/`: `progress/enrollment/3`, `progress/12`. */
  path: string;
  body: unknown;
  /** What the write is about, for the list that shows it (`{ enrollmentId, recordId }` for progress). */
  about: Record<string, number | null>;
  /** When the trainer saved it (ISO). */
  savedAt: string;
  state: 'waiting' | 'refused';
  /** The server's refusal, in the form of an API error answer. */
  refusal?: { message: string; code?: string; params?: MessageParams; status: number };
}

/** The name the page and the worker agree on for Background Sync and change notices. */
export const QUEUE_SYNC_TAG = 'btls-queued-writes';
export const QUEUE_CHANNEL = 'btls-queued-writes';

let store: UseStore | undefined;
const queueStore = () => (store ??= createStore('btls-offline', 'queued-writes'));

/** A fresh key for a write (used for its first try and for every later send). */
export const newWriteKey = (): string => crypto.randomUUID();

function announce() {
  try {
    const channel = new BroadcastChannel(QUEUE_CHANNEL);
    channel.postMessage('changed');
    channel.close();
  } catch {
    // No BroadcastChannel: the page re-reads the queue when it sends itself.
  }
}

export async function queueWrite(write: Omit<QueuedWrite, 'state' | 'savedAt'>): Promise<void> {
  await set(write.key, { ...write, state: 'waiting', savedAt: new Date().toISOString() }, queueStore());
  announce();
}

/** The writes of one account, oldest first. */
export async function queuedWrites(userId: number): Promise<QueuedWrite[]> {
  const all = (await values<QueuedWrite>(queueStore())).filter((write) => write.userId === userId);
  return all.sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

/** Changes a waiting write before it is sent (a record edited again offline). */
export async function changeQueuedWrite(key: string, body: unknown): Promise<void> {
  await update<QueuedWrite | undefined>(key, (write) => write && { ...write, body }, queueStore());
  announce();
}

export async function removeQueuedWrite(key: string): Promise<void> {
  await del(key, queueStore());
  announce();
}

/** At sign-out the account's writes stay (they are its work) but cannot be sent until it signs in again. */
export async function forgetQueueTokens(): Promise<void> {
  const all = await values<QueuedWrite>(queueStore());
  await Promise.all(all.filter((w) => w.token).map((w) => set(w.key, { ...w, token: null }, queueStore())));
}

export interface SendOutcome {
  sent: number;
  refused: number;
  /** Still waiting: no network, no valid session, or the server busy. */
  waiting: number;
}

let sending: Promise<SendOutcome> | undefined;

/**
 * Sends the waiting writes, oldest first (an edit after the record it edits). With `as`, that account's writes
 * with its current token; without, each write with the token it was queued with (the worker). Stops at the first
 * network failure. One run at a time per context; the page and the worker may overlap, which the keys absorb.
 */
export function sendQueuedWrites(apiBase: string, as?: { userId: number; token: string }): Promise<SendOutcome> {
  sending ??= run(apiBase, as).finally(() => (sending = undefined));
  return sending;
}

async function run(apiBase: string, as?: { userId: number; token: string }): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: 0, refused: 0, waiting: 0 };
  const all = (await values<QueuedWrite>(queueStore()))
    .filter((write) => write.state === 'waiting' && (!as || write.userId === as.userId))
    .sort((a, b) => a.savedAt.localeCompare(b.savedAt));
  let offline = false;
  for (const write of all) {
    const token = as ? as.token : write.token;
    if (offline || !token) {
      outcome.waiting++;
      continue;
    }
    let response: Response;
    try {
      response = await fetch(`${apiBase}${write.path}`, {
        method: write.method,
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': write.key,
        },
        body: JSON.stringify(write.body),
      });
    } catch {
      offline = true;
      outcome.waiting++;
      continue;
    }
    // Sent: done. Not signed in any more, the same write still in progress, or the server failing: later.
    if (response.ok) {
      await del(write.key, queueStore());
      outcome.sent++;
      continue;
    }
    if (response.status === 401 || response.status === 429 || response.status >= 500) {
      outcome.waiting++;
      continue;
    }
    const answer = (await response.json().catch(() => ({}))) as Partial<NonNullable<QueuedWrite['refusal']>>;
    if (response.status === 409 && answer.code === 'request.idempotencyInProgress') {
      outcome.waiting++;
    } else {
      const refusal = {
        message: typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`,
        ...(typeof answer.code === 'string' ? { code: answer.code } : {}),
        ...(answer.params && typeof answer.params === 'object' ? { params: answer.params } : {}),
        status: response.status,
      };
      await set(write.key, { ...write, state: 'refused', refusal }, queueStore());
      outcome.refused++;
    }
  }
  if (outcome.sent || outcome.refused) announce();
  return outcome;
}

/** One write, for tests and the worker's notices. */
export const queuedWrite = (key: string) => get<QueuedWrite>(key, queueStore());
