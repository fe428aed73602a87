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
  });
  afterEach(() => {
    vi.useRealTimers();
    document.cookie = 'btlsSaveData=; max-age=0; path=/';
  });

  it('are not asked for on the page a visitor lands on, but once they open a second one', async () => {
    open();
    await idle();
    expect(asked).not.toHaveBeenCalled();
    act(() => go('/courses'));
    await idle();
    // The chunk that keeps the pages loads first: as long as a busy machine needs.
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(2), { timeout: 10_000 });
  });

  it('are asked for at once on a later visit, and not again within a day', async () => {
    localStorage.setItem('btlsSeen', '1');
    const page = open();
    await idle();
    await vi.waitFor(() => expect(localStorage.getItem('btlsPagesKept')).not.toBeNull(), { timeout: 10_000 });
    expect(asked).toHaveBeenCalledTimes(2);
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
