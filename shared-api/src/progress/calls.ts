import { call, seg } from '../client';
import { validation } from '../texts';
import { progressFallback } from './texts';
import type { MessageAnswer, ProgressAnswer, ProgressPayload, ProgressRecord } from '../schemas';

const signedIn = { bearer: 'required', missingToken: validation.noSession } as const;

export function listProgress(enrollmentId: number): Promise<ProgressRecord[]> {
  return call({
    operation: 'GET /progress/enrollment/:enrollmentId',
    path: `progress/enrollment/${seg(enrollmentId)}`,
    auth: signedIn,
    fallback: () => progressFallback.fetchProgress,
  });
}

/** The paths of the two writes a trainer's phone may keep while offline (the queue sends them). */
export const progressPaths = {
  add: (enrollmentId: number) => `progress/enrollment/${seg(enrollmentId)}`,
  /** (`'{id}'`: the address of a record not created yet, for an edit that follows its creation.) */
  update: (recordId: number | '{id}') => (recordId === '{id}' ? 'progress/{id}' : `progress/${seg(recordId)}`),
};

/** Records an assessment; with `idempotencyKey`, a repeat of the same write is stored once. */
export function addProgress(
  enrollmentId: number,
  payload: ProgressPayload,
  idempotencyKey?: string,
): Promise<ProgressAnswer> {
  return call({
    operation: 'POST /progress/enrollment/:enrollmentId',
    path: progressPaths.add(enrollmentId),
    idempotencyKey,
    auth: signedIn,
    json: payload,
    fallback: () => progressFallback.saveProgress,
  });
}

export function updateProgress(
  recordId: number,
  payload: ProgressPayload,
  idempotencyKey?: string,
): Promise<ProgressAnswer> {
  return call({
    operation: 'PUT /progress/:recordId',
    path: progressPaths.update(recordId),
    idempotencyKey,
    auth: signedIn,
    json: payload,
    fallback: () => progressFallback.saveProgress,
  });
}

export function deleteProgress(recordId: number): Promise<MessageAnswer> {
  return call({
    operation: 'DELETE /progress/:recordId',
    path: `progress/${seg(recordId)}`,
    auth: signedIn,
    fallback: () => progressFallback.deleteProgress,
  });
}
