/** The keyboard put on a record's row after a write that changed it (`focusRowOf`), once the list shows it. */
import { useEffect, useState } from 'react';
import type { ProgressRecord } from '@btls/shared-api/schemas';
import { focusRowOf } from '@btls/shared-ui/focus-row';
import type { QueuedWrite } from './offline-records';

/**
 * Where the keyboard goes once the list shows a write's result: a record's row (by its id, or for one kept on
 * the phone by its write's key), or the list's message once a deleted record's row is gone.
 */
export type Landing = { record: number } | { waiting: string } | { gone: number } | { goneWaiting: string };

/**
 * After a write, the keyboard goes to what it changed, once the list shows it: the record added or saved
 * (brought into view: a new one is below the form, off a phone's screen), or, for a record deleted, the list's
 * message (`noticeTakesFocus`, for its SuccessBanner: the row and its buttons are gone).
 */
export function useLanding(records: readonly ProgressRecord[], waitingFor: ReadonlyMap<number, QueuedWrite>) {
  const [landing, land] = useState<Landing | null>(null);
  const [noticeTakesFocus, setNoticeTakesFocus] = useState(false);
  useEffect(() => {
    if (!landing) return;
    if ('gone' in landing || 'goneWaiting' in landing) {
      const listed =
        'gone' in landing
          ? records.some((r) => r.id === landing.gone)
          : [...waitingFor.values()].some((write) => write.key === landing.goneWaiting);
      if (listed) return;
      land(null);
      setNoticeTakesFocus(true);
      return;
    }
    const id =
      'record' in landing ? landing.record : [...waitingFor].find(([, write]) => write.key === landing.waiting)?.[0];
    if (id === undefined || !records.some((r) => r.id === id)) return;
    land(null);
    focusRowOf(id, 'center');
  }, [landing, records, waitingFor]);
  return { land, noticeTakesFocus, noticeLeavesFocus: () => setNoticeTakesFocus(false) };
}
