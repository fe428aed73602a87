/**
 * The states of a screen that reads data with suspense queries: `loading` while the data comes, `error` when
 * it failed, the children when it is there. Server-rendered pages come with their data, so they never show
 * `loading`.
 */
import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  loading: ReactNode;
  error: (message: string) => ReactNode;
  children: ReactNode;
}

class ErrorBoundary extends Component<{ render: Props['error']; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.render(error.message);
  }
}

export function QueryBoundary({ loading, error, children }: Props) {
  return (
    <ErrorBoundary render={error}>
      <Suspense fallback={loading}>{children}</Suspense>
    </ErrorBoundary>
  );
}
