/**
 * The states of a screen that reads data with suspense queries: `loading` while the data comes, `error` when
 * it failed (its message in the page's language, with a `retry` that asks again), the children when it is there. Server-rendered pages come with
 * their data, so they never show `loading`.
 */
import { Component, Suspense, type ReactNode } from 'react';
import { errorMessage, QueryErrorResetBoundary } from '@btls/shared-api';

interface Props {
  loading: ReactNode;
  /** What shows when the read failed: its message in the page's language, a retry, and the error itself. */
  error: (message: string, retry: () => void, error: Error) => ReactNode;
  children: ReactNode;
}

class ErrorBoundary extends Component<
  { render: Props['error']; onReset: () => void; children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  retry = () => {
    this.props.onReset();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.render(errorMessage(error), this.retry, error);
  }
}

export function QueryBoundary({ loading, error, children }: Props) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary render={error} onReset={reset}>
          <Suspense fallback={loading}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
