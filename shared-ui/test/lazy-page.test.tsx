import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Component, Suspense, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from '../src/lazy-page';

// React reports each failure it hands to a boundary on the console: these are the failures under test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A module fetch that fails until `arrive()` is called (a network that comes back). */
function flakyModule() {
  let online = false;
  let asked = 0;
  return {
    arrive: () => (online = true),
    asked: () => asked,
    load: async () => {
      asked += 1;
      if (!online)
        throw new TypeError('Failed to fetch dynamically imported module: https://btls.example.rw/assets/part.js');
      return function Part({ who }: { who: string }) {
        return <p>Loaded for {who}</p>;
      };
    },
  };
}

/** A page with a form typed into, and a part that comes later. */
function Page({ Part }: { Part: React.ComponentType<{ who: string }> }) {
  const [typed, setTyped] = useState('');
  return (
    <main>
      <h1>Manage Student Progress</h1>
      <label>
        Score
        <input value={typed} onChange={(event) => setTyped(event.target.value)} />
      </label>
      <Suspense fallback={<p>Loading…</p>}>
        <Part who="Aline" />
      </Suspense>
    </main>
  );
}

class ErrorBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? <p>Something broke</p> : this.props.children;
  }
}

describe('a part fetched when first shown', () => {
  it('that does not arrive says so where it would be, keeps the page and what was typed, and loads on Try again', async () => {
    const module = flakyModule();
    const Part = lazyPart(module.load);
    render(<Page Part={Part} />);
    fireEvent.change(screen.getByLabelText('Score'), { target: { value: '17' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load this part of the page.');
    expect(screen.getByRole('heading', { name: 'Manage Student Progress' })).toBeTruthy();
    expect((screen.getByLabelText('Score') as HTMLInputElement).value).toBe('17');
    module.arrive();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loaded for Aline')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Score') as HTMLInputElement).value).toBe('17');
  });

  it('says the phone is offline, and loads by itself when the network is back', async () => {
    const module = flakyModule();
    const Part = lazyPart(module.load);
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      render(<Page Part={Part} />);
      expect((await screen.findByRole('alert')).textContent).toContain('you are offline');
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
    module.arrive();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    // (Loaded anew when the network is back: on a busy machine that takes longer than findBy's one second.)
    expect(await screen.findByText('Loaded for Aline', {}, { timeout: 10_000 })).toBeTruthy();
    // The test's own limit leaves room for that wait (the default, 5 s, ended it first on a busy machine).
  }, 20_000);

  it('quiet, shows nothing until it can load; or shows what it was given instead', async () => {
    const bar = flakyModule();
    const Bar = lazyPart(bar.load, { quiet: true });
    const card = flakyModule();
    const Card = lazyPart(card.load, { instead: ({ who }) => <p>Plain card for {who}</p> });
    render(
      <Suspense fallback={null}>
        <Bar who="bar" />
        <Card who="Aline" />
      </Suspense>,
    );
    expect(await screen.findByText('Plain card for Aline')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    bar.arrive();
    card.arrive();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    // Each loads anew once the network is back, as soon as a busy machine gets to it.
    expect(await screen.findByText('Loaded for bar', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Loaded for Aline', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it("leaves an error of the part's own code to the boundary above", async () => {
    const Broken = lazyPart(async () => {
      return function Part(): never {
        throw new Error('a bug in the part');
      };
    });
    let caught: unknown;
    render(
      <ErrorBoundary onError={(error) => (caught = error)}>
        <Suspense fallback={null}>
          <Broken />
        </Suspense>
      </ErrorBoundary>,
    );
    await screen.findByText('Something broke');
    expect((caught as Error).message).toBe('a bug in the part');
  });
});
