/**
 * One remote on the page: loaded lazily when its route matches, behind its own loading state and error
 * boundary. A remote that is down shows a panel with a Retry that really retries; the rest keeps working.
 */
import {
  Component,
  createContext,
  lazy,
  Suspense,
  useContext,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { addCatalogue } from '@btls/shared-api';
import { SW_MESSAGES } from '@btls/shared-api/service-worker';
import { useI18n, useLocation } from '@btls/shared-auth';
import { Button, Spinner } from '@btls/shared-ui/components';
import { keepArea } from './app-state';
import { loadAreaRoutes } from './remotes';
import { reportError } from './area-reports';
import type { Area } from './route-table';
import styles from './shell.module.css';

const loaded = new Map<string, ComponentType>();

/**
 * Remotes already at hand, by federation name: the server render gives the one it rendered with, so the page is
 * rendered at once instead of loaded. (In the browser the area loads lazily, and React keeps the server's
 * HTML on screen until it has.)
 */
export const ProvidedRemotes = createContext<Partial<Record<string, ComponentType>>>({});

function lazyArea(remote: string, retry: boolean) {
  return lazy(async () => {
    const module = await loadAreaRoutes(remote, retry);
    // The area's texts in the active language before it renders (and on every later switch).
    if (module.loadMessages) await addCatalogue(remote, module.loadMessages);
    loaded.set(remote, module.default);
    // This phone uses the area: the service worker keeps all of its files for offline use.
    const area = remote.replace(/^mfe_/, '');
    keepArea(area, { type: SW_MESSAGES.area, area });
    return module;
  });
}

interface BoundaryProps {
  remote: string;
  pathname: string;
  onRetry: () => void;
  children: ReactNode;
}

class AreaErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  override componentDidCatch(error: unknown) {
    console.error('A part of the site failed to load or render:', error);
    // A failed load was reported where it failed; anything else broke while the area rendered.
    reportError(this.props.remote, error, 'render');
    this.setState({ failedAt: this.props.pathname });
  }

  override componentDidUpdate(previous: BoundaryProps) {
    // Leaving the page that failed gives the area a fresh chance.
    if (this.state.failedAt && previous.pathname !== this.props.pathname) this.setState({ failedAt: null });
  }

  override render() {
    if (this.state.failedAt === null) return this.props.children;
    return (
      <Unavailable
        onRetry={() => {
          this.setState({ failedAt: null });
          this.props.onRetry();
        }}
      />
    );
  }
}

/** What shows instead of an area that failed (a function component: texts come from a hook). */
export function Unavailable({ onRetry }: { onRetry: () => void }) {
  const i18n = useI18n();
  return (
    <section className={styles.unavailable} aria-labelledby="unavailable-title">
      <h1 id="unavailable-title">
        {i18n._({ id: 'shell.unavailable.title', message: 'This part of the site is unavailable right now' })}
      </h1>
      <p>
        {i18n._({
          id: 'shell.unavailable.body',
          message: 'Please check your connection and try again. The rest of the site still works.',
        })}
      </p>
      <Button onClick={onRetry}>{i18n._({ id: 'shell.unavailable.retry', message: 'Retry' })}</Button>
    </section>
  );
}

export function RemoteArea({ area }: { area: Area }) {
  const { pathname } = useLocation();
  const i18n = useI18n();
  // A retry needs a new lazy component: React remembers a lazy component's failure forever.
  const [attempt, setAttempt] = useState(0);
  const provided = useContext(ProvidedRemotes)[area.remote];
  const [AreaRoutes, setAreaRoutes] = useState<ComponentType>(
    () => provided ?? loaded.get(area.remote) ?? lazyArea(area.remote, false),
  );
  return (
    <AreaErrorBoundary
      key={`${area.remote}:${attempt}`}
      remote={area.remote}
      pathname={pathname}
      onRetry={() => {
        setAreaRoutes(() => lazyArea(area.remote, true));
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense
        fallback={
          <div className={styles.areaLoading}>
            <Spinner label={i18n._({ id: 'common.loading', message: 'Loading...' })} />
          </div>
        }
      >
        <AreaRoutes />
      </Suspense>
    </AreaErrorBoundary>
  );
}
