/**
 * The keyboard put on a record's row after a write that changed it: the row is found by its actions, which carry
 * the record's id, and marked while it has the focus so it is seen as well as read.
 */
import styles from './trainer.module.css';

/** The attribute a row's actions carry, naming the row's record. */
export const ROW_ITEM = 'data-row-item';

/** Brings the row of record `id` into view and focuses it; false when no row shows it. */
export function focusRowOf(id: number): boolean {
  const row = document.querySelector(`[${ROW_ITEM}="${id}"]`)?.closest('tr');
  if (!row) return false;
  row.tabIndex = -1;
  row.classList.add(styles.changedRow!);
  // Back to an ordinary row once the keyboard moves on: it is no stop of the Tab order.
  row.addEventListener(
    'blur',
    () => {
      row.removeAttribute('tabindex');
      row.classList.remove(styles.changedRow!);
    },
    { once: true },
  );
  row.scrollIntoView?.({ block: 'center' });
  row.focus({ preventScroll: true });
  return true;
}
