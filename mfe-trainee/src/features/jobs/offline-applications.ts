/**
 * Job applications made without network, kept on the phone (shared-api's queue in IndexedDB, the CV as a Blob)
 * and shown as "Waiting to send" until they are sent: by the service worker's Background Sync where the browser
 * has it, else when the network returns or the app is next opened (here while a trainee's page is open, and by
 * the shell). Each keeps the Idempotency-Key of its first try, so it is stored once however often it is sent.
 * A refusal on arrival (the job closed meanwhile, already applied) stays with the server's words until the
 * trainee fixes it (the form is filled again) or discards it.
 */
import { useEffect, useState } from 'react';
import {
  applicationBody,
  applicationPath,
  jobApplicationKeys,
  useQueryClient,
  type ApplyForJobFields,
} from '@btls/shared-api';
import {
  QUEUE_CHANNEL,
  queuedWrites,
  queueWrite,
  sendQueuedWrites,
  sendWhenPossible,
  type QueuedWrite,
} from '@btls/shared-api/offline-queue';

import { markKeptApplications } from './kept-flag';

export type { QueuedWrite };
export { newWriteKey, removeQueuedWrite } from '@btls/shared-api/offline-queue';

/** What a kept application says: its text fields, and its CV's name when it has one. */
export interface KeptApplication {
  write: QueuedWrite;
  jobId: number;
  jobTitle: string;
  phone: string;
  coverNote: string;
  cv: Blob | null;
  cvName: string;
}

function keptApplication(write: QueuedWrite): KeptApplication {
  const body = (write.body ?? {}) as Record<string, unknown>;
  const cv = write.form?.cv;
  return {
    write,
    jobId: Number(write.about.jobId),
    jobTitle: typeof body.jobTitle === 'string' ? body.jobTitle : '',
    phone: typeof body.phone === 'string' ? body.phone : '',
    coverNote: typeof body.coverNote === 'string' ? body.coverNote : '',
    cv: cv instanceof Blob ? cv : null,
    cvName: write.fileNames?.cv ?? '',
  };
}

/** Keeps an application on the phone under the key of its first try; false when the phone cannot keep it. */
export async function keepApplication(
  job: { id: number; title: string },
  fields: ApplyForJobFields,
  who: { userId: number; token: string },
  key: string,
): Promise<boolean> {
  const { text, form, fileNames } = applicationBody(fields);
  try {
    await queueWrite({
      key,
      userId: who.userId,
      token: who.token,
      method: 'POST',
      path: applicationPath(job.id),
      // The first body is what is sent (as JSON without a CV); the job's title beside it is for the lists
      // that show what waits (a creation with nothing to update after it, so nothing more is sent).
      body: { ...text, jobTitle: job.title },
      firstBody: text,
      ...(form ? { form, fileNames } : {}),
      about: { jobId: job.id },
    });
  } catch {
    return false;
  }
  markKeptApplications(who.userId, true);
  void sendWhenPossible(who.userId, who.token);
  return true;
}

/**
 * The applications this trainee keeps on this phone (all, or one job's), read again whenever the queue changes;
 * while a page shows them, they are sent as soon as the network returns.
 */
export function useKeptApplications(
  who: { userId: number; token: string | null },
  jobId?: number,
): { kept: KeptApplication[]; read: boolean } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ kept: KeptApplication[]; read: boolean }>({ kept: [], read: false });
  const { userId, token } = who;
  useEffect(() => {
    let live = true;
    const read = () =>
      queuedWrites(userId)
        .then((all) => {
          if (!live) return;
          const mine = all
            .filter((write) => write.path.startsWith('jobs/') && write.about.jobId !== undefined)
            .map(keptApplication);
          markKeptApplications(userId, mine.length > 0);
          const kept = mine.filter((application) => jobId === undefined || application.jobId === jobId);
          setState({ kept, read: true });
        })
        .catch(() => live && setState({ kept: [], read: true }));
    void read();
    const changed = () => {
      void read();
      // What was sent is on the server now: the lists show it from there.
      void queryClient.invalidateQueries({ queryKey: jobApplicationKeys.jobApplications });
    };
    let channel: BroadcastChannel | undefined;
    try {
      channel = new BroadcastChannel(QUEUE_CHANNEL);
      channel.onmessage = changed;
    } catch {
      // No BroadcastChannel: read again after this page's own sends.
    }
    const online = () => {
      if (!token) return;
      void sendQueuedWrites('/api/', { userId, token })
        .catch(() => undefined)
        .then(changed);
    };
    window.addEventListener('online', online);
    return () => {
      live = false;
      channel?.close();
      window.removeEventListener('online', online);
    };
  }, [userId, token, jobId, queryClient]);
  return state;
}
