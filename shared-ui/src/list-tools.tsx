/**
 * A staff list's filters and its actions on several rows behind two buttons, "Filter (n)" and "Select", so that
 * on a phone the first screen shows the list's first rows and not its tools (as the public lists' "Filter").
 * On a wide screen the filters stand open beside each other and the Filter button steps aside
 * (list-tools.module.css). The filters keep their values in the address as before; closing them changes nothing.
 */
import { useId, useState, type ReactNode } from 'react';
import { useI18n } from '@btls/shared-auth';
import { buttonClass } from './components';
import styles from './list-tools.module.css';

/** How many of a list's filters are set (differ from their default): what "Filter (2)" counts. */
export const activeFilters = (values: Record<string, string>, defaults: Record<string, string> = {}) =>
  Object.entries(values).filter(([name, value]) => value !== (defaults[name] ?? '')).length;

export function ListTools({
  active,
  filters,
  selecting,
  onSelecting,
  bulk,
  actions,
}: {
  /** How many filters are set (`activeFilters`). */
  active: number;
  /** The list's filter fields. */
  filters: ReactNode;
  /** Whether the rows can be ticked (their boxes and the actions on the ticked ones shown); no Select without it. */
  selecting?: boolean;
  onSelecting?: (on: boolean) => void;
  /** The actions on the ticked rows, shown while selecting. */
  bulk?: ReactNode;
  /** Other buttons of the list beside these (an export). */
  actions?: ReactNode;
}) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const filtersId = useId();
  const bulkId = useId();
  return (
    <div className={styles.tools}>
      <div className={styles.buttons}>
        <button
          type="button"
          className={`${buttonClass('secondary')} ${styles.filterButton}`}
          aria-expanded={open}
          aria-controls={filtersId}
          onClick={() => setOpen(!open)}
        >
          {active > 0
            ? i18n._({ id: 'list.filterCount', message: 'Filter ({count})', values: { count: String(active) } })
            : i18n._({ id: 'list.filter', message: 'Filter' })}
        </button>
        {onSelecting && (
          <button
            type="button"
            className={`${buttonClass('secondary')} ${styles.selectButton}`}
            aria-expanded={!!selecting}
            aria-controls={bulkId}
            onClick={() => onSelecting(!selecting)}
          >
            {i18n._({ id: 'list.select', message: 'Select' })}
          </button>
        )}
        {actions}
      </div>
      <div id={filtersId} className={`${styles.filters} ${open ? styles.open : ''}`}>
        {filters}
      </div>
      {onSelecting && <div id={bulkId}>{selecting && bulk}</div>}
    </div>
  );
}
