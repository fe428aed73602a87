import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

const subscribe = () => () => {};

/**
 * False in the server render and while the browser takes a server-rendered page over, true after. A form
 * that only works with the page's script (sign-in keeps its token in the browser) waits for it: a tap on a
 * button that looks ready but is not yet would send the form the old way instead.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A server-rendered form can be typed into before the page's script takes it over; React would then reset
 * its fields to their (empty) state. This keeps what was typed: as the form is taken over, the named fields'
 * values are handed to `keep` (only those that differ from `fields`).
 */
export function useKeepTypedValues<Fields extends Record<string, string>>(
  fields: Fields,
  keep: (typed: Partial<Fields>) => void,
): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const elements = form.current?.elements;
    if (!elements) return;
    const typed: Partial<Fields> = {};
    for (const name of Object.keys(fields) as (keyof Fields & string)[]) {
      const element = elements.namedItem(name);
      if (
        (element instanceof HTMLInputElement ||
          element instanceof HTMLTextAreaElement ||
          element instanceof HTMLSelectElement) &&
        element.value !== fields[name]
      ) {
        typed[name] = element.value as Fields[typeof name];
      }
    }
    if (Object.keys(typed).length) keep(typed);
    // Once, as the form is taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return form;
}
