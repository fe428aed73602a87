import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNavigate } from '@btls/shared-auth';
import { renderAt } from '@btls/shared-auth/testing';
import { keepPagesWhenControlled } from '../src/offline/keep-pages';
import { useKeepPagesOffline } from '../src/offline/when-controlled';

// The board's data as the worker would see it asked for (the page modules load as they are).
const asked = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('@btls/shared-api', async (original) => ({
  ...(await original<typeof import('@btls/shared-api')>()),
  jobFacetsQuery: () => ({ queryFn: asked }),
  jobsPageQuery: () => ({ queryFn: asked }),
}));

let go: (path: string) => void = () => undefined;
function Routes() {
  useKeepPagesOffline();
  go = useNavigate();
  return null;
}

/** The area's routes, mounted once for every page of the visit. */
const open = () => renderAt('/', [{ path: '/*', element: <Routes /> }]);

/** A worker in control of the page, as the browser shows it to the page. */
function controlledBy(worker: object | null) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: worker, addEventListener: vi.fn(), removeEventListener: vi.fn() },
  });
}

/** The service worker's word that this phone keeps the app's code (its meta cache), or none. */
function appKept(kept: boolean) {
  Object.defineProperty(globalThis, 'caches', {
    configurable: true,
    value: {
      open: async () => ({
        match: async (key: string) => (kept && key === '/__btls/app' ? { json: async () => true } : undefined),
      }),
    },
  });
}

/** The idle time passes (no requestIdleCallback here: a timer) and what it started has been answered. */
async function idle() {
  await act(async () => {
    await import('../src/offline/keep-pages');
    vi.advanceTimersByTime(1100);
  });
}

describe('the pages kept for a phone offline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    localStorage.clear();
    asked.mockClear();
    controlledBy({});
    appKept(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    document.cookie = 'btlsSaveData=; max-age=0; path=/';
  });

  it("are not asked for on a visitor's first visit, whatever pages it opens (the worker keeps their HTML)", async () => {
    open();
    await idle();
    act(() => go('/courses'));
    await idle();
    act(() => go('/about'));
    await idle();
    expect(asked).not.toHaveBeenCalled();
  });

  it("are asked for once the phone keeps the app's code, at the next page, and not again within a day", async () => {
    const page = open();
    await idle();
    expect(asked).not.toHaveBeenCalled();
    // A sign-in, a later visit or an install: the worker keeps the app from now on.
    appKept(true);
    act(() => go('/courses'));
    await idle();
    // The chunk that keeps the pages loads first: as long as a busy machine needs.
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    await vi.waitFor(() => expect(localStorage.getItem('btlsPagesKept')).not.toBeNull(), { timeout: 10_000 });
    act(() => go('/jobs'));
    await idle();
    page.unmount();
    keepPagesWhenControlled();
    await idle();
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it("are never asked for on a data saver's phone", async () => {
    document.cookie = 'btlsSaveData=on; path=/';
    keepPagesWhenControlled();
    await idle();
    expect(asked).not.toHaveBeenCalled();
  });
});
