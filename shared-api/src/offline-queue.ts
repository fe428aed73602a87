/**
 * Writes kept on the phone while it has no network (a trainer's progress records, a trainee's job application
 * with its CV), sent when it has one again. One module for the page (which queues, lists and sends on reconnect and on the next open) and the
 * service worker (which sends on the browser's Background Sync): both read the same IndexedDB store.
 *
 * Each write carries its own `Idempotency-Key` from the moment it is first tried, so a write that reached the
 * server while its answer was lost, or that the page and the worker both send, is stored once. A write the
 * server refuses (the enrollment was completed meanwhile) stays on the phone with the server's answer until the
 * trainer has seen it and removed it: nothing is dropped silently.
 */
import { createStore, promisifyRequest, values, type UseStore } from 'idb-keyval';
import type { MessageParams } from './codes';
import { formDataOf } from './form-data';

export interface QueuedWrite {
  /** The Idempotency-Key of the first try, also the write's key in the store. */
  key: string;
  /** Whose write it is: only that account sees and sends it. */
  userId: number;
  /** The token to send it with (the page gives a fresh one when it sends; cleared when its user signs out). */
  token: string | null;
  method: 'POST' | 'PUT';
  /** API path without the leading `/api/`: `progress/enrollment/3`, `progress/12`. */
  path: string;
  /**
   * The body of the first try, sent again under `key` (it may have reached the server with its answer lost: the
   * same key and body then get that answer back, never a second record).
   */
  firstBody: unknown;
  /** The body as the user last saved it; when it differs from `firstBody`, it follows as an update. */
  body: unknown;
  /**
   * Sent as a multipart form instead of JSON: its text fields and files (a CV kept as a Blob: IndexedDB keeps
   * files), each file under its name in `fileNames`. `body` then holds the text fields, for the list that shows it.
   */
  form?: Record<string, string | Blob>;
  fileNames?: Record<string, string>;
  /** For a creation: the update address of what it created, `{id}` for its id (`progress/{id}`). */
  updatePath?: string;
  /** Where the created id is in the creation's answer (`['record', 'id']`). */
  answerId?: string[];
  /** What the write is about, for the list that shows it (`{ enrollmentId, recordId }` for progress). */
  about: Record<string, number | null>;
  /** When the user saved it (ISO). */
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

/** One read-and-write of the store that no other sender interleaves with (an IndexedDB transaction). */
function transact<T>(work: (writes: IDBObjectStore) => Promise<T>): Promise<T> {
  return queueStore()('readwrite', work);
}
const read = (writes: IDBObjectStore, key: string) =>
  promisifyRequest(writes.get(key) as IDBRequest<QueuedWrite | undefined>);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A fresh key for a write (used for its first try and for every later send of that body). */
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

let queuedDuringSend = false;

export async function queueWrite(
  write: Omit<QueuedWrite, 'state' | 'savedAt' | 'firstBody'> & { firstBody?: unknown },
): Promise<void> {
  const kept: QueuedWrite = {
    ...write,
    firstBody: write.firstBody ?? write.body,
    state: 'waiting',
    savedAt: new Date().toISOString(),
  };
  await transact(async (writes) => void (await promisifyRequest(writes.put(kept, kept.key))));
  queuedDuringSend = true;
  announce();
}

/** The writes of one account, oldest first. */
export async function queuedWrites(userId: number): Promise<QueuedWrite[]> {
  const all = (await values<QueuedWrite | undefined>(queueStore())).filter(
    (write): write is QueuedWrite => !!write && write.userId === userId,
  );
  return all.sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

/**
 * Changes a write still waiting (a record edited again offline); false when it was sent meanwhile (the list then
 * shows the record from the server, to be edited there).
 */
export async function changeQueuedWrite(key: string, body: unknown): Promise<boolean> {
  const changed = await transact(async (writes) => {
    const write = await read(writes, key);
    if (!write || write.state !== 'waiting') return false;
    await promisifyRequest(writes.put({ ...write, body }, key));
    return true;
  });
  if (changed) {
    queuedDuringSend = true;
    announce();
  }
  return changed;
}

/** Removes a write from the phone; false when it was sent meanwhile (it is on the server now). */
export async function removeQueuedWrite(key: string): Promise<boolean> {
  const removed = await transact(async (writes) => {
    if (!(await read(writes, key))) return false;
    await promisifyRequest(writes.delete(key));
    return true;
  });
  announce();
  return removed;
}

/** At sign-out the account's writes stay (they are its work) but cannot be sent until it signs in again. */
export async function forgetQueueTokens(): Promise<void> {
  await transact(async (writes) => {
    const all = await promisifyRequest(writes.getAll() as IDBRequest<(QueuedWrite | undefined)[]>);
    for (const write of all) if (write?.token) await promisifyRequest(writes.put({ ...write, token: null }, write.key));
  });
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
 * network failure. One run at a time per context (a write queued during a run is sent by another run right
 * after); the page and the worker may overlap, which the keys absorb.
 */
export function sendQueuedWrites(apiBase: string, as?: { userId: number; token: string }): Promise<SendOutcome> {
  sending ??= (async () => {
    let outcome: SendOutcome;
    do {
      queuedDuringSend = false;
      outcome = await run(apiBase, as);
    } while (queuedDuringSend && outcome.waiting === 0);
    return outcome;
  })().finally(() => (sending = undefined));
  return sending;
}

/** What to do with a write its answer settled: done, or an update to send next (it was edited meanwhile). */
async function settle(write: QueuedWrite, answer: unknown): Promise<QueuedWrite | null> {
  return transact(async (writes) => {
    const now = await read(writes, write.key);
    if (!now) return null;
    if (same(now.body, now.firstBody)) {
      await promisifyRequest(writes.delete(write.key));
      return null;
    }
    // Edited after its first try: the first version is stored (or was, its answer lost); the edit follows as
    // an update of what it created, under a key of its own.
    let path = now.path;
    if (now.method === 'POST') {
      const id = (now.answerId ?? []).reduce<unknown>(
        (value, field) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined),
        answer,
      );
      if (!now.updatePath || (typeof id !== 'number' && typeof id !== 'string')) {
        await promisifyRequest(writes.delete(write.key));
        return null;
      }
      path = now.updatePath.replace('{id}', encodeURIComponent(String(id)));
    }
    const next: QueuedWrite = {
      ...now,
      key: newWriteKey(),
      method: 'PUT',
      path,
      firstBody: now.body,
      updatePath: undefined,
      answerId: undefined,
      about: { ...now.about, ...(now.method === 'POST' ? { recordId: Number(path.split('/').pop()) || null } : {}) },
    };
    await promisifyRequest(writes.delete(write.key));
    await promisifyRequest(writes.put(next, next.key));
    return next;
  });
}

async function run(apiBase: string, as?: { userId: number; token: string }): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: 0, refused: 0, waiting: 0 };
  const all = (await values<QueuedWrite | undefined>(queueStore()))
    .filter(
      (write): write is QueuedWrite => !!write && write.state === 'waiting' && (!as || write.userId === as.userId),
    )
    .sort((a, b) => a.savedAt.localeCompare(b.savedAt));
  let offline = false;
  for (let write of all) {
    for (;;) {
      const token = as ? as.token : write.token;
      if (offline || !token) {
        outcome.waiting++;
        break;
      }
      let response: Response;
      try {
        response = await fetch(`${apiBase}${write.path}`, {
          method: write.method,
          headers: {
            Authorization: `Bearer ${token}`,
            // A form sets its own type, with the boundary between its parts.
            ...(write.form ? {} : { 'Content-Type': 'application/json' }),
            'Idempotency-Key': write.key,
          },
          body: write.form ? formDataOf(write.form, write.fileNames) : JSON.stringify(write.firstBody),
        });
      } catch {
        offline = true;
        outcome.waiting++;
        break;
      }
      // Not signed in any more, the server busy or failing: later.
      if (response.status === 401 || response.status === 429 || response.status >= 500) {
        outcome.waiting++;
        break;
      }
      const answer = (await response.json().catch(() => ({}))) as Partial<NonNullable<QueuedWrite['refusal']>>;
      if (response.ok) {
        const next = await settle(write, answer);
        if (!next) {
          outcome.sent++;
          break;
        }
        write = next; // the edit made meanwhile, sent now as an update
        continue;
      }
      // The same write still in progress elsewhere (the page and the worker at once): later.
      if (response.status === 409 && answer.code === 'request.idempotencyInProgress') {
        outcome.waiting++;
        break;
      }
      const refusal = {
        message: typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`,
        ...(typeof answer.code === 'string' ? { code: answer.code } : {}),
        ...(answer.params && typeof answer.params === 'object' ? { params: answer.params } : {}),
        status: response.status,
      };
      await transact(async (writes) => {
        const now = await read(writes, write.key);
        if (now) await promisifyRequest(writes.put({ ...now, state: 'refused', refusal }, write.key));
      });
      outcome.refused++;
      break;
    }
  }
  if (outcome.sent || outcome.refused) announce();
  return outcome;
}

/** One write, for tests and the worker's notices. */
export const queuedWrite = async (key: string) => transact(async (writes) => (await read(writes, key)) ?? undefined);

/** Asks the browser to send the queue when it has a network (Background Sync), or sends it now when online. */
export async function sendWhenPossible(userId: number, token: string): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (
      registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    if (sync) await sync.register(QUEUE_SYNC_TAG);
  } catch {
    // No Background Sync: the shell sends on reconnect and on the next open.
  }
  if (navigator.onLine) await sendQueuedWrites('/api/', { userId, token }).catch(() => undefined);
}
