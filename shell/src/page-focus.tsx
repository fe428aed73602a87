/**
 * After each route change the focus goes to the new page's <h1> (keyboard and screen-reader users start
 * reading the page, not the menu they left), and pages that do not name themselves get the document title
 * `{h1} · BTLS Coffee`. Areas load their pages and data lazily, so the <h1> is awaited as it appears.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@btls/shared-auth';

/** How long a page may take to show its <h1> (a slow phone loading an area and its data). */
const WAIT_MS = 20_000;

function usePageHeading(): string | null {
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  const [heading, setHeading] = useState<string | null>(null);
  useEffect(() => {
    // The first page keeps the browser's own focus (the top of the document); later ones move it.
    const moveFocus = !firstPage.current;
    firstPage.current = false;
    setHeading(null);
    const found = () => {
      const h1 = document.querySelector<HTMLElement>('main h1, h1');
      const text = h1?.textContent?.trim();
      if (!h1 || !text) return false;
      // Behind the open phone menu the page is inert until the menu closes: wait for that.
      if (moveFocus && h1.closest('[inert]')) return false;
      setHeading(text);
      if (moveFocus && !h1.contains(document.activeElement)) {
        if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
        h1.focus({ preventScroll: true });
      }
      return true;
    };
    if (found()) return;
    const observer = new MutationObserver(() => found() && stop());
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['inert'],
    });
    return stop;
  }, [pathname]);
  return heading;
}

/**
 * Moves the focus and names the page. A component of its own, beside the page: its state changes re-render
 * only itself, never the area being hydrated (an update reaching a server-rendered area before its code has
 * loaded would make React throw the server's HTML away, and what a quick visitor typed with it).
 */
export function PageFocus({ nameFromHeading }: { nameFromHeading: boolean }) {
  const heading = usePageHeading();
  // Server-rendered pages name themselves (PageHead); the others are named by their <h1>.
  return nameFromHeading && heading ? <title>{`${heading} · BTLS Coffee`}</title> : null;
}
