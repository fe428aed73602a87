import type { ReactNode } from 'react';
import { ErrorBanner } from './components';
import { panelPage as styles } from './panel-page';

/** A panel page that cannot show what was asked (not found, not yours, failed): why, and the way back. */
export function PanelUnavailable({ title, message, back }: { title: string; message: ReactNode; back: ReactNode }) {
  return (
    <section className={styles.page}>
      <h1>{title}</h1>
      <ErrorBanner>{message}</ErrorBanner>
      {back}
    </section>
  );
}
