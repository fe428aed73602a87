import { useEffect, type RefObject } from 'react';

/**
 * Room below the page for the bars fixed at the bottom (`.bottomBars`: a release trial, the install offer,
 * stacked in one container so they never overlap), as tall as they are on this screen, so they hide no content
 * and no focused control (WCAG 2.4.11); none while there is no bar.
 */
export function useRoomBelow(bars: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bars.current;
    if (!element) return;
    const make = () => {
      const room = element.offsetHeight ? `${element.offsetHeight + 16}px` : '';
      document.body.style.paddingBottom = room;
      document.documentElement.style.scrollPaddingBottom = room;
    };
    // No measuring now: reading its height here would lay the page out in the middle of taking it over. The
    // observer reports the container once it has a size (a bar in it), and every change after.
    const observer = new ResizeObserver(make);
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
      document.documentElement.style.scrollPaddingBottom = '';
    };
  }, [bars]);
}
