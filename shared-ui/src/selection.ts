/**
 * Rows ticked for an action on several at once (the admin's applications, an employer's applicants). What is
 * acted on is what the user sees ticked: the ticked rows among those shown, so a row ticked on another page or
 * before a filter hid it is never moved unseen.
 */
import { useState } from 'react';

export function useSelection<Row extends { id: number }>(rows: readonly Row[] | null | undefined) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const shown = rows ?? [];
  const selected = shown.filter((row) => picked.has(row.id));
  return {
    /** The ticked rows among those shown, in their order. */
    selected,
    isSelected: (id: number) => picked.has(id),
    /** Ticks or unticks one row (the other way round when `on` is not given). */
    toggle: (id: number, on?: boolean) =>
      setPicked((now) => {
        const next = new Set(now);
        if (on ?? !now.has(id)) next.add(id);
        else next.delete(id);
        return next;
      }),
    allSelected: shown.length > 0 && selected.length === shown.length,
    /** Every shown row, or none. */
    selectAll: (on: boolean) => setPicked(on ? new Set(shown.map((row) => row.id)) : new Set()),
    clear: () => setPicked(new Set()),
  };
}
