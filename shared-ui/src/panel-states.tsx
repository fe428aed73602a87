import type { ReactNode } from 'react';
import { useI18n } from '@btls/shared-auth';
import { Button, ErrorBanner, Spinner } from './components';
import { panelPage as styles } from './panel-page';

/**
 * A panel page that cannot show what was asked (not found, not yours, failed): why, and the way back; with
 * `retry` (a failure worth asking again, from QueryBoundary) a Retry button.
 */
export function PanelUnavailable({
  title,
  message,
  back,
  retry,
}: {
  title: string;
  message: ReactNode;
  back: ReactNode;
  retry?: () => void;
}) {
  const i18n = useI18n();
  return (
    <section className={styles.page}>
      <h1>{title}</h1>
      <ErrorBanner>
        {message}
        {retry && (
          <>
            {' '}
            <Button variant="secondary" onClick={retry}>
              {i18n._({ id: 'common.retry', message: 'Retry' })}
            </Button>
          </>
        )}
      </ErrorBanner>
      {back}
    </section>
  );
}

/**
 * The body of a list, one state at a time: the spinner until the first page comes, nothing after a failed
 * load (the page's error banner says what happened; an empty-state text under it would say something else),
 * the empty text when there is nothing, else the rows. `items` and `error` are a paged list's (usePagedList)
 * or a query's.
 */
export function ListStates<T>({
  items,
  error,
  loading,
  empty,
  children,
}: {
  items: readonly T[] | null | undefined;
  error: unknown;
  loading: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (error) return null;
  if (!items) return <Spinner label={loading} />;
  if (items.length === 0) return <p>{empty}</p>;
  return <>{children(items as T[])}</>;
}
