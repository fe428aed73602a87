import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element has scrolled into view (and stays so from then on). `waiting` is true only in the
 * browser, once it is known that the element is not yet in view: the server render and a page without
 * JavaScript show everything.
 */
export function useInView<T extends Element>(rootMargin = '0px 0px -10% 0px') {
  const ref = useRef<T>(null);
  const [state, setState] = useState<'unknown' | 'waiting' | 'inView'>('unknown');
  useEffect(() => {
    const element = ref.current;
    if (!element || state === 'inView') return;
    if (typeof IntersectionObserver === 'undefined') return setState('inView');
    const observer = new IntersectionObserver(
      (entries) => setState(entries.some((e) => e.isIntersecting) ? 'inView' : 'waiting'),
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [state, rootMargin]);
  return { ref, inView: state === 'inView', waiting: state === 'waiting' };
}
