/**
 * A value the page's components read with `useSyncExternalStore` (the last answer's time, a waiting
 * new version, the network gone): one small store shape for all of them.
 */
export function externalStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    current: () => value,
    set(next: T) {
      if (next === value) return;
      value = next;
      listeners.forEach((listener) => listener());
    },
  };
}
