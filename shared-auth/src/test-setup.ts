// Vitest setup for the areas' component tests: cleanup, and what jsdom lacks that pages use.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '@btls/shared-api';
import { useSessionStore } from '@btls/kernel';

// findBy… and waitFor wait for what the user would see; a loaded machine (three suites on two cores) takes
// longer to load a page's chunks than the default second, which made tests fail at random. A test still fails
// when what it waits for never comes, only later.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  // Each test starts signed out, with a session restored from localStorage by its own provider.
  useSessionStore.setState({ status: 'loading', token: null, user: null });
  localStorage.clear();
});

// What jsdom lacks and the pages use: media queries (swiper, reduced motion) and observers.
// Plain functions, not vi.fn(): the tests' vi.restoreAllMocks() must not wipe them.
if (!window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    onchange: null,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}
class Observer {
  constructor(private callback?: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.callback?.([{ isIntersecting: true }]);
  }
  unobserve() {}
  disconnect() {}
}
globalThis.IntersectionObserver ??= Observer as unknown as typeof IntersectionObserver;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// Tests run in English with no catalogue loaded (the source texts are the English ones).
i18n.loadAndActivate({ locale: 'en', locales: ['en'], messages: {} });
