/**
 * A student's record written: sent now, or — with no network — kept on the phone and sent when it is back; a
 * record still waiting on the phone changed or removed there. Each write answers where the keyboard goes next
 * (`Landing`) or why it could not be done; what the page says about it is use-manage-progress.ts's.
 */
import {
  ApiError,
  errorMessage,
  progressFallback,
  progressPaths,
  translateMessage,
  useAddProgress,
  useDeleteProgress,
  useUpdateProgress,
} from '@btls/shared-api';
import type { ProgressPayload, ProgressRecord } from '@btls/shared-api/schemas';
import { useAuth } from '@btls/shared-auth';
import type { Landing } from './focus-row';
import {
  changeQueuedWrite,
  newWriteKey,
  queueWrite,
  removeQueuedWrite,
  sendWhenPossible,
  type QueuedWrite,
} from './offline-records';

/** What a write of the form came to: saved (or kept on the phone), refused, or sent meanwhile by the phone. */
export type FormWrite =
  | { done: 'added' | 'updated' | 'kept'; landing: Landing }
  | { failure: unknown }
  | { refused: string }
  | { sentMeanwhile: true };

/** What a delete came to: the record gone (where the keyboard goes), or why it is not. */
export type RemoveWrite = { landing: Landing } | { error: string } | { sentMeanwhile: true };

export function useRecordWrites(enrollmentId: number) {
  const { user, token } = useAuth();
  const userId = user?.id ?? 0;
  const addRecord = useAddProgress();
  const updateRecord = useUpdateProgress();
  const deleteRecord = useDeleteProgress();

  /** A record still waiting on the phone: what it says changes (sent as it was first, then as this update). */
  async function changeWaiting(write: QueuedWrite, payload: ProgressPayload): Promise<FormWrite> {
    const changed = await changeQueuedWrite(write.key, payload).catch(() => null);
    if (changed === null) return { refused: translateMessage(progressFallback.saveProgress) };
    if (!changed) return { sentMeanwhile: true };
    if (token) void sendWhenPossible(userId, token);
    return { done: 'kept', landing: { waiting: write.key } };
  }

  /** Sent now (a new record, or record `editing` changed); with no answer kept on the phone. */
  async function send(payload: ProgressPayload, editing: number | null): Promise<FormWrite> {
    // One key per write from its first try: sent again later, it is stored once.
    const key = newWriteKey();
    try {
      if (editing === null) {
        const { record } = await addRecord.mutateAsync({ enrollmentId, payload, key });
        return { done: 'added', landing: { record: record.id } };
      }
      await updateRecord.mutateAsync({ recordId: editing, payload, key });
      return { done: 'updated', landing: { record: editing } };
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.status === 0) || !token) return { failure };
      try {
        await queueWrite({
          key,
          userId,
          token,
          method: editing === null ? 'POST' : 'PUT',
          path: editing === null ? progressPaths.add(enrollmentId) : progressPaths.update(editing),
          body: payload,
          // A record created offline and edited before it is sent: the edit follows as an update of it.
          ...(editing === null ? { updatePath: progressPaths.update('{id}'), answerId: ['record', 'id'] } : {}),
          about: { enrollmentId, recordId: editing },
        });
      } catch {
        return { failure }; // no storage on this phone: the form keeps what was typed
      }
      void sendWhenPossible(userId, token);
      return { done: 'kept', landing: { waiting: key } };
    }
  }

  /** Deleted on the server, or — a record only waiting on the phone (or refused on arrival) — removed there. */
  async function remove(record: ProgressRecord, waiting: QueuedWrite | undefined): Promise<RemoveWrite> {
    if (waiting && record.id < 0) {
      const removed = await removeQueuedWrite(waiting.key).catch(() => null);
      if (removed === null) return { error: translateMessage(progressFallback.deleteProgress) };
      if (!removed) return { sentMeanwhile: true };
      // A record waiting on the phone is known by its write: the others' places (their ids) move up.
      return { landing: { goneWaiting: waiting.key } };
    }
    try {
      await deleteRecord.mutateAsync(record.id);
    } catch (failure) {
      return { error: errorMessage(failure) };
    }
    return { landing: { gone: record.id } };
  }

  return { send, changeWaiting, remove };
}
