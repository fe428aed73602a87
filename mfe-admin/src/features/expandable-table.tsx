import { Fragment, useState, type ReactNode } from 'react';
import { tableClass } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from './admin.module.css';

const styles = withPanelPage(own);

export interface ExpandableTableProps<T> {
  /** Read by screen readers only. */
  caption: string;
  rows: T[];
  columns: { header: string; cell: (row: T) => ReactNode }[];
  /** What a row opens to read (an e-mail, a message): its label, and the words of the button that shows it. */
  detail: { label: string; show: string; hide: string; render: (row: T) => ReactNode };
  /** More actions of a row, after the button. */
  actions?: (row: T) => ReactNode;
}

/** The admin's lists of things to read (e-mails, contact messages): one row each, opened one at a time below it. */
export function ExpandableTable<T extends { id: number }>({ caption, rows, columns, detail, actions }: ExpandableTableProps<T>) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <table className={tableClass}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const more = actions?.(row);
          return (
            <Fragment key={row.id}>
              <tr>
                {columns.map((c) => (
                  <td key={c.header} data-label={c.header}>
                    {c.cell(row)}
                  </td>
                ))}
                <td data-label="Action">
                  <button type="button" className={styles.linkButton} aria-expanded={open === row.id} onClick={() => setOpen(open === row.id ? null : row.id)}>
                    {open === row.id ? detail.hide : detail.show}
                  </button>
                  {more && <> {more}</>}
                </td>
              </tr>
              {open === row.id && (
                <tr>
                  <td colSpan={columns.length + 1} data-label={detail.label}>
                    {detail.render(row)}
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
