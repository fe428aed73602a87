/**
 * Progress records a trainer saves without a network, kept on the phone (shared-api's queue in
 * IndexedDB) and shown in the list as "Waiting to send" until they are sent: by the service worker's Background
 * Sync where the browser has it, else when the network returns or the app is next opened (the shell sends then).
 */
import { useEffect, useRef, useState } from 'react';
import { progressKeys, useQueryClient } from '@btls/shared-api';
import { QUEUE_CHANNEL, queuedWrites, type QueuedWrite } from '@btls/shared-api/offline-queue';
import type { ProgressPayload, ProgressRecord } from '@btls/shared-api/schemas';

export type { QueuedWrite };
export {
  changeQueuedWrite,
  newWriteKey,
  queueWrite,
  removeQueuedWrite,
  sendWhenPossible,
} from '@btls/shared-api/offline-queue';

/** The records of one enrollment kept on this phone for this trainer, read again whenever the queue changes. */
export function useQueuedRecords(userId: number, enrollmentId: number): QueuedWrite[] {
  const queryClient = useQueryClient();
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      queuedWrites(userId)
        .then((all) => live && setWrites(all.filter((write) => write.about.enrollmentId === enrollmentId)))
        .catch(() => live && setWrites([]));
    void read();
    let channel: BroadcastChannel | undefined;
    try {
      channel = new BroadcastChannel(QUEUE_CHANNEL);
      channel.onmessage = () => {
        void read();
        // What was sent is now on the server: the list shows it from there.
        void queryClient.invalidateQueries({ queryKey: progressKeys.progress });
      };
    } catch {
      // No BroadcastChannel: the list is read when the page opens.
    }
    return () => {
      live = false;
      channel?.close();
    };
  }, [userId, enrollmentId, queryClient]);
  return writes;
}

/**
 * Whether what was waiting on this phone has all been sent since a message about it (`watching`) was shown: the
 * queue seen holding something, then empty. A "saved on this phone" message then no longer holds.
 */
export function useSentSince(waiting: number, watching: boolean): boolean {
  const seen = useRef(false);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!watching) {
      seen.current = false;
      setSent(false);
    } else if (waiting > 0) seen.current = true;
    else if (seen.current) setSent(true);
  }, [waiting, watching]);
  return sent;
}

/**
 * The list as the trainer should see it: the server's records with the edits waiting on this phone in place,
 * then the new records waiting (as records of their own, with ids below zero).
 */
export function withQueued(records: ProgressRecord[], writes: QueuedWrite[]) {
  const byRecord = new Map(writes.filter((w) => w.about.recordId).map((w) => [w.about.recordId, w]));
  const waitingFor = new Map<number, QueuedWrite>();
  const shown = records.map((record) => {
    const write = byRecord.get(record.id);
    if (!write) return record;
    waitingFor.set(record.id, write);
    return { ...record, ...fieldsOf(write) };
  });
  // New records, and edits of a record no longer in the list (deleted meanwhile: its refusal must still show).
  writes
    .filter((write) => !write.about.recordId || !records.some((record) => record.id === write.about.recordId))
    .forEach((write, index) => {
      const id = -(index + 1);
      waitingFor.set(id, write);
      shown.unshift({
        id,
        enrollmentId: write.about.enrollmentId ?? 0,
        recordDate: write.savedAt,
        ...fieldsOf(write),
      });
    });
  return { records: shown, waitingFor };
}

function fieldsOf(write: QueuedWrite) {
  const body = write.body as ProgressPayload;
  const number = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
  return {
    assessmentName: String(body.assessmentName ?? ''),
    score: number(body.score),
    maxScore: number(body.maxScore),
    feedbackNotes: body.feedbackNotes ? String(body.feedbackNotes) : null,
  };
}
