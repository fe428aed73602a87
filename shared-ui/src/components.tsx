/** The primitives every area uses. Each form control comes with a visible label tied to it. */
import {
  Fragment,
  useEffect,
  useId,
  useRef,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { valueText } from '@btls/shared-api';
import { useI18n } from '@btls/shared-auth';
import styles from './components.module.css';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger' };

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button type={type} className={[styles.button, styles[variant], className].filter(Boolean).join(' ')} {...props} />
  );
}

/** Class names for a link that looks like a button. */
export const buttonClass = (variant: 'primary' | 'secondary' = 'primary') => `${styles.button} ${styles[variant]}`;

interface FieldBase {
  label: string;
  hint?: string;
  /** Why the form was refused because of this field: shown beside it, the control marked invalid. */
  error?: string;
}

/** The ids a control is described by: its error first (what to fix), then its hint. */
const describedBy = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** A field's error message, tied to its control by id. */
function FieldError({ id, error }: { id?: string; error?: string }) {
  if (!error) return null;
  return (
    <span id={id} className={styles.fieldError}>
      {error}
    </span>
  );
}

interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * A visible label tied to its control (by id); an optional hint and, when the form was refused because of it,
 * an error the control is described by (and marked invalid with).
 */
function Field({
  label,
  hint,
  error,
  id,
  control,
}: FieldBase & { id?: string; control: (props: ControlProps) => ReactNode }) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={[styles.field, error && styles.invalid].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      <FieldError id={errorId} error={error} />
      {control({
        id: controlId,
        'aria-describedby': describedBy(errorId, hintId),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

export function TextField({ label, hint, error, id, ...props }: FieldBase & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      id={id}
      control={(control) => <input className={styles.control} {...control} {...props} />}
    />
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  id,
  ...props
}: FieldBase & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      id={id}
      control={(control) => <textarea className={styles.control} {...control} {...props} />}
    />
  );
}

export function SelectField({
  label,
  hint,
  error,
  id,
  children,
  ...props
}: FieldBase & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      id={id}
      control={(control) => (
        <select className={styles.control} {...control} {...props}>
          {children}
        </select>
      )}
    />
  );
}

/** A red banner (docs/product.md §8: errors appear in red banners); announced to screen readers. */
export function ErrorBanner({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className={`${styles.banner} ${styles.error}`}>
      {children}
    </div>
  );
}

export function SuccessBanner({ children, takeFocus = false }: { children: ReactNode; takeFocus?: boolean }) {
  const banner = useRef<HTMLDivElement>(null);
  // After a dialog whose row or button the change took away, the keyboard lands on what happened, never on
  // the page's body; the next Tab goes on from there.
  useEffect(() => {
    if (takeFocus && children) banner.current?.focus();
  }, [takeFocus, children]);
  if (!children) return null;
  return (
    <div
      role="status"
      ref={banner}
      tabIndex={takeFocus ? -1 : undefined}
      className={`${styles.banner} ${styles.success}`}
    >
      {children}
    </div>
  );
}

/**
 * What stands where content is on its way: grey lines the shape of text, not a bare "Loading…" (on a slow link
 * that can be seconds). Screen readers hear the label once; the lines are for the eye only.
 */
export function Spinner({ label, lines = 3 }: { label?: string; lines?: number }) {
  const i18n = useI18n();
  return (
    <div role="status" className={styles.skeleton}>
      <span className="visually-hidden">{label ?? i18n._({ id: 'common.loading', message: 'Loading...' })}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} aria-hidden="true" className={styles.skeletonLine} />
      ))}
    </div>
  );
}

/** Badge colours of docs/product.md §4: Pending yellow, Approved green, Rejected red, Completed blue, Waitlisted indigo. */
export function StatusBadge({ status }: { status: 'Pending' | 'Approved' | 'Rejected' | 'Waitlisted' | 'Completed' }) {
  const i18n = useI18n();
  return <span className={`${styles.badge} ${styles[status]}`}>{i18n._(valueText(status))}</span>;
}

/** A job application's status in the colours of the enrollment statuses: open, moving on, done, no. */
const APPLICATION_TONE: Record<string, string> = {
  New: 'Pending',
  Shortlisted: 'Waitlisted',
  Interview: 'Waitlisted',
  Offered: 'Approved',
  Hired: 'Completed',
  'Not selected': 'Rejected',
  Withdrawn: 'neutral',
};

export function ApplicationStatusBadge({ status }: { status: string }) {
  const i18n = useI18n();
  return (
    <span className={`${styles.badge} ${styles[APPLICATION_TONE[status] ?? 'neutral']}`}>
      {i18n._(valueText(status))}
    </span>
  );
}

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * A name or a title: never broken inside a word on a wide screen (the table finds it the room), while the other
   * cells (an e-mail address, free notes) may break anywhere rather than widen the table.
   */
  wholeWords?: boolean;
}

/**
 * A table that turns into labelled cards on a phone. `detail` adds, below a row, a full-width row to read
 * (an e-mail, a message) when it answers something for that row.
 */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  detail,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  detail?: { label: string; render: (row: Row) => ReactNode };
}) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const more = detail?.render(row);
          return (
            <Fragment key={rowKey(row)}>
              <tr>
                {columns.map((c) => (
                  <td key={c.header} data-label={c.header} className={c.wholeWords ? styles.wholeWords : undefined}>
                    {/* One child: on a phone the cell is a two-column grid (label, content). */}
                    <div>{c.cell(row)}</div>
                  </td>
                ))}
              </tr>
              {more && (
                <tr>
                  <td colSpan={columns.length} data-label={detail!.label}>
                    <div>{more}</div>
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

/** The class of the phone-readable table, for tables whose rows the generic one cannot express. */
export const tableClass = styles.table;

/** A checkbox with its label beside it (the whole row is its target), an optional hint and error. */
export function CheckboxField({
  label,
  hint,
  error,
  id,
  ...props
}: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={[styles.field, styles.checkboxField, error && styles.invalid].filter(Boolean).join(' ')}>
      <FieldError id={errorId} error={error} />
      <input
        id={controlId}
        type="checkbox"
        aria-describedby={describedBy(errorId, hintId)}
        aria-invalid={error ? true : undefined}
        {...props}
      />
      <label htmlFor={controlId}>{label}</label>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}
