/**
 * Where the keyboard lands after a write a dialog asked for (delete, a status change): the dialog gives the focus
 * back to the button that opened it, but the write may take that button away (its row left the list, or its
 * actions changed), which leaves the focus on the page's body and a screen reader at the top of the page. Then
 * the changed item's row takes it, or, when the row is gone, the page's message of what happened.
 */
import { useEffect, useRef, useState } from 'react';
import styles from './admin.module.css';

/** The attribute a row's actions carry, naming the row's item, so the row can be found again after a write. */
export const ROW_ITEM = 'data-row-item';

/** Focuses the table row holding `[data-row-item=id]`, marked so it shows; false when no row holds it. */
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
  row.scrollIntoView?.({ block: 'nearest' });
  row.focus({ preventScroll: true });
  return true;
}

/** True when the focus is nowhere a user put it: the body, or an element the write took out of the page. */
const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/**
 * `items`: the list as shown (a new array once the write's answer is in it). `before(id)` (the item's id) before the write,
 * `after()` once it succeeded; `noticeTakesFocus` is for the page's SuccessBanner (`takeFocus`).
 */
export function useFocusAfterChange(items: readonly unknown[] | null | undefined) {
  const shown = useRef(items);
  shown.current = items;
  const asked = useRef<{ id: number; items: typeof items } | null>(null);
  const [settling, setSettling] = useState<{ id: number; items: typeof items } | null>(null);
  const [noticeTakesFocus, setNoticeTakesFocus] = useState(false);

  useEffect(() => {
    // Wait until the list shows the write's answer (the refreshed list comes in a render of its own).
    if (!settling || items === settling.items) return;
    setSettling(null);
    if (!focusLost()) return;
    if (!focusRowOf(settling.id)) setNoticeTakesFocus(true);
  }, [settling, items]);

  return {
    noticeTakesFocus,
    before(id: number) {
      setNoticeTakesFocus(false);
      asked.current = { id, items: shown.current };
    },
    after() {
      if (asked.current) setSettling(asked.current);
      asked.current = null;
    },
  };
}
