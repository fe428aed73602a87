import type { ReactNode } from 'react';
import { Button, ErrorBanner } from './components';
import { panelPage as styles } from './panel-page';

/**
 * A panel page that cannot show what was asked (not found, not yours, failed): why, and the way back; with
 * `retry` (a failure worth asking again, from QueryBoundary) a Retry button.
 */
export function PanelUnavailable({ title, message, back, retry }: { title: string; message: ReactNode; back: ReactNode; retry?: () => void }) {
  return (
    <section className={styles.page}>
      <h1>{title}</h1>
      <ErrorBanner>
        {message}
        {retry && (
          <>
            {' '}
            <Button variant="secondary" onClick={retry}>
              Retry
            </Button>
          </>
        )}
      </ErrorBanner>
      {back}
    </section>
  );
}
