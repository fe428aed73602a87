import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNavigate } from '@btls/shared-auth';
import { renderAt } from '@btls/shared-auth/testing';
import { useKeepPagesOffline } from '../src/offline/when-controlled';

const keepPages = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../src/offline/keep-pages', () => ({ keepPages }));

let go: (path: string) => void = () => undefined;
function Routes() {
  useKeepPagesOffline();
  const navigate = useNavigate();
  go = navigate;
  return null;
}

/** A worker in control of the page, as the browser shows it to the page. */
function controlledBy(worker: object | null) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: worker, addEventListener: vi.fn(), removeEventListener: vi.fn() },
  });
}

/** The area's routes, mounted once for every page of the visit. */
const open = () => renderAt('/', [{ path: '/*', element: <Routes /> }]);

/** The idle time passes (no requestIdleCallback here: a timer) and the chunk's import has been answered. */
async function idle() {
  await act(async () => {
    vi.advanceTimersByTime(1100);
    await import('../src/offline/keep-pages');
  });
}

describe('the pages kept for a phone offline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    localStorage.clear();
    keepPages.mockClear();
    controlledBy({});
  });
  afterEach(() => {
    vi.useRealTimers();
    document.cookie = 'btlsSaveData=; max-age=0; path=/';
  });

  it('are not asked for on the page a visitor lands on, but once they open a second one', async () => {
    open();
    await idle();
    expect(keepPages).not.toHaveBeenCalled();
    act(() => go('/courses'));
    await idle();
    await vi.waitFor(() => expect(keepPages).toHaveBeenCalledTimes(1));
  });

  it('are asked for at once on a later visit, and not again within a day', async () => {
    localStorage.setItem('btlsSeen', '1');
    const page = open();
    await idle();
    await vi.waitFor(() => expect(keepPages).toHaveBeenCalledTimes(1));
    page.unmount();
    localStorage.setItem('btlsPagesKept', String(Date.now()));
    open();
    await idle();
    expect(keepPages).toHaveBeenCalledTimes(1);
  });

  it("are never asked for on a data saver's phone", async () => {
    localStorage.setItem('btlsSeen', '1');
    document.cookie = 'btlsSaveData=on; path=/';
    open();
    await idle();
    expect(keepPages).not.toHaveBeenCalled();
  });
});
