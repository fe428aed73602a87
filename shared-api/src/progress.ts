import { call, seg } from './client';
import { fallback, validation } from './client-messages';
import type { MessageAnswer, ProgressAnswer, ProgressPayload, ProgressRecord } from './schemas';

const signedIn = { bearer: 'required', missingToken: validation.noSession } as const;

export function listProgress(enrollmentId: number): Promise<ProgressRecord[]> {
  return call({
    method: 'get',
    path: `progress/enrollment/${seg(enrollmentId)}`,
    auth: signedIn,
    fallback: () => fallback.fetchProgress,
  });
}

export function addProgress(enrollmentId: number, payload: ProgressPayload): Promise<ProgressAnswer> {
  return call({
    method: 'post',
    path: `progress/enrollment/${seg(enrollmentId)}`,
    auth: signedIn,
    json: payload,
    fallback: () => fallback.saveProgress,
  });
}

export function updateProgress(recordId: number, payload: ProgressPayload): Promise<ProgressAnswer> {
  return call({
    method: 'put',
    path: `progress/${seg(recordId)}`,
    auth: signedIn,
    json: payload,
    fallback: () => fallback.saveProgress,
  });
}

export function deleteProgress(recordId: number): Promise<MessageAnswer> {
  return call({
    method: 'delete',
    path: `progress/${seg(recordId)}`,
    auth: signedIn,
    fallback: () => fallback.deleteProgress,
  });
}
