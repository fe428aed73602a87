/**
 * A list's filters behind one "Filter" button on a phone, so the first screen shows results and not four
 * fields; on a wide screen they stand open as a row. A native <details>: it opens without the page's script,
 * as these server-rendered lists must work without it, and the browser gives it its keyboard and its state.
 */
import type { ReactNode } from 'react';
import { useI18n } from '@btls/shared-auth';
import { buttonClass } from '@btls/shared-ui/components';
import styles from './filter-disclosure.module.css';

export function FilterDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const i18n = useI18n();
  return (
    <details className={styles.disclosure}>
      <summary className={`${buttonClass('secondary')} ${styles.summary}`}>
        {active > 0
          ? i18n._({ id: 'public.filters.openCount', message: 'Filter ({count})', values: { count: String(active) } })
          : i18n._({ id: 'public.filters.open', message: 'Filter' })}
      </summary>
      {children}
    </details>
  );
}

/** How many of a list's choices differ from their defaults: what "Filter (2)" counts. */
export const activeCount = (values: Record<string, string>, defaults: Record<string, string>) =>
  Object.keys(defaults).filter((name) => values[name] !== defaults[name]).length;
