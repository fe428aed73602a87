/**
 * Code splitting that survives a lost signal. A part of a page (a route's page, a dialog, a bar) fetched when
 * first shown may fail to arrive: on a bus, the network drops for seconds. React remembers a lazy component's
 * failure and hands it to the nearest error boundary, which would take everything above it off the screen
 * (and what was typed with it). Here the failure stays where the part would be: an inline "Could not load this
 * part" with Try again, tried again by itself when the network comes back; the rest of the page is untouched.
 * A quiet part (a bar, a banner) shows nothing while it cannot load; a part may name what shows instead.
 */
import { Component, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useI18n } from '@btls/shared-auth';
import { Button } from './components';
import styles from './components.module.css';

/** Whether `error` is a module that did not arrive (not an error of the part's own code). */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch|NetworkError|Load failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

interface BoundaryProps {
  /** What shows while the part cannot load (undefined: the inline message). */
  instead?: ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

class PartBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // A failure of the part's own code is not ours to hide: the boundary above handles it.
    if (!isLoadFailure(error)) throw error;
    if (this.props.instead === undefined) return <NotLoaded onRetry={this.props.onRetry} />;
    return (
      <>
        <RetryWhenOnline onRetry={this.props.onRetry} />
        {this.props.instead}
      </>
    );
  }
}

/** Tries again once the browser says the network is back. */
function useRetryWhenOnline(onRetry: () => void) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
}

function RetryWhenOnline({ onRetry }: { onRetry: () => void }) {
  useRetryWhenOnline(onRetry);
  return null;
}

function NotLoaded({ onRetry }: { onRetry: () => void }) {
  const i18n = useI18n();
  useRetryWhenOnline(onRetry);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <div role="alert" className={`${styles.banner} ${styles.error} ${styles.notLoaded}`}>
      <p>
        {offline
          ? i18n._({
              id: 'part.notLoadedOffline',
              message: 'Could not load this part: you are offline. It will load when the network is back.',
            })
          : i18n._({ id: 'part.notLoaded', message: 'Could not load this part of the page.' })}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {i18n._({ id: 'part.tryAgain', message: 'Try again' })}
      </Button>
    </div>
  );
}

/**
 * A component fetched when it is first shown (`load` gives it), which a lost network never turns into a blank
 * page. Render it inside a Suspense boundary, as any lazy component. `quiet`: nothing is shown while it cannot
 * load (a bar, a banner); `instead`: what is shown then (given the same props).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { quiet = false, instead }: { quiet?: boolean; instead?: ComponentType<P> } = {},
): ComponentType<P> {
  let arrived: ComponentType<P> | undefined;
  // A new lazy component for each try: React keeps a lazy component's failure forever.
  const attempt = () =>
    lazy(async () => {
      arrived = await load();
      return { default: arrived };
    });
  let current = attempt();
  function Part(props: P) {
    const [tries, setTries] = useState(0);
    const Shown = arrived ?? current;
    const Instead = instead!;
    return (
      <PartBoundary
        key={tries}
        instead={instead ? <Instead {...props} /> : quiet ? null : undefined}
        onRetry={() => {
          if (!arrived) current = attempt();
          setTries((tries) => tries + 1);
        }}
      >
        <Shown {...props} />
      </PartBoundary>
    );
  }
  return Part;
}

/** Route-level code splitting: a page module's named export, fetched when the page is first shown. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazyPart(async () => (await load())[name] as ComponentType);
}
