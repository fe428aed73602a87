/**
 * The keyboard put back on a table row after a write a dialog asked for: the dialog gives the focus back to the
 * button that opened it, but the write may take that button away (its row changed or left the list), which
 * leaves the focus on the page's body and a screen reader at the top of the page. The row is found by its
 * actions, which carry the item's id.
 */
import styles from './focus-row.module.css';

/** Brings `target` into view (`block`: where in the screen) and puts the keyboard on it. */
export function bringToView(target: HTMLElement, block: ScrollLogicalPosition = 'center') {
  target.scrollIntoView?.({ block });
  target.focus({ preventScroll: true });
}

/** The attribute a row's actions carry, naming the row's item, so the row can be found again after a write. */
export const ROW_ITEM = 'data-row-item';

/**
 * Brings the table row holding `[data-row-item=id]` into view (`block`: where in the screen) and focuses it,
 * marked while it has the focus; false when no row holds it.
 */
export function focusRowOf(id: number, block: ScrollLogicalPosition = 'nearest'): boolean {
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
  bringToView(row, block);
  return true;
}
