/**
 * Where the keyboard lands after a write a dialog asked for (delete, a status change): the dialog gives the focus
 * back to the button that opened it, but the write may take that button away (its row left the list, or its
 * actions changed). Then the changed item's row takes it, or, when the row is gone, the page's message of what
 * happened.
 */
import { useEffect, useRef, useState } from 'react';
import { focusRowOf } from '@btls/shared-ui/focus-row';

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
