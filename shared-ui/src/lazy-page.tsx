/** Route-level code splitting: a page module's named export, fetched when the page is first shown. */
import { lazy, type ComponentType } from 'react';

export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
