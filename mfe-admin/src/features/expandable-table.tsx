import { useState, type ReactNode } from 'react';
import { useI18n } from '@btls/shared-auth';
import { Table, type Column } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from './admin.module.css';

const styles = withPanelPage(own);

export interface ExpandableTableProps<T> {
  /** Read by screen readers only. */
  caption: string;
  rows: T[];
  columns: Column<T>[];
  /** What a row opens to read (an e-mail, a message): its label, and the words of the button that shows it. */
  detail: { label: string; show: string; hide: string; render: (row: T) => ReactNode };
  /** More actions of a row, after the button. */
  actions?: (row: T) => ReactNode;
}

/** The admin's lists of things to read (e-mails, contact messages): one row each, opened one at a time below it. */
export function ExpandableTable<T extends { id: number }>({
  caption,
  rows,
  columns,
  detail,
  actions,
}: ExpandableTableProps<T>) {
  const i18n = useI18n();
  const [open, setOpen] = useState<number | null>(null);
  const action: Column<T> = {
    header: i18n._({ id: 'admin.table.action', message: 'Action' }),
    cell: (row) => {
      const more = actions?.(row);
      return (
        <>
          <button
            type="button"
            className={styles.linkButton}
            aria-expanded={open === row.id}
            onClick={() => setOpen(open === row.id ? null : row.id)}
          >
            {open === row.id ? detail.hide : detail.show}
          </button>
          {more && <> {more}</>}
        </>
      );
    },
  };
  return (
    <Table
      caption={caption}
      rows={rows}
      rowKey={(row) => row.id}
      columns={[...columns, action]}
      detail={{ label: detail.label, render: (row) => open === row.id && detail.render(row) }}
    />
  );
}
