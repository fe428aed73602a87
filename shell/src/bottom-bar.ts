import { useEffect, type RefObject } from 'react';

/**
 * Room below the page for a bar fixed at the bottom (`.bottomBar`: a release trial, the install offer), as tall
 * as the bar is on this screen, so it hides no content and no focused control (WCAG 2.4.11).
 */
export function useRoomBelow(bar: RefObject<HTMLElement | null>, shown = true): void {
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const make = () => {
      const room = `${element.offsetHeight + 16}px`;
      document.body.style.paddingBottom = room;
      document.documentElement.style.scrollPaddingBottom = room;
    };
    make();
    const observer = new ResizeObserver(make);
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
      document.documentElement.style.scrollPaddingBottom = '';
    };
  }, [bar, shown]);
}
