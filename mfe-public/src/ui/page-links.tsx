/**
 * The numbered pages of a public list as links (`?…&page=3`): they work without JavaScript and search engines
 * follow them; with JavaScript the router changes the page in place. On a phone the row stays short: first,
 * last, the current page and its neighbours, gaps shown as "…".
 */
import { Link, useI18n } from '@btls/shared-auth';
import styles from './page-links.module.css';

/** The page numbers to show, with null for a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const before = sorted[i - 1];
    if (before !== undefined && n - before === 2) out.push(n - 1);
    else if (before !== undefined && n - before > 2) out.push(null);
    out.push(n);
  });
  return out;
}

interface Props {
  page: number;
  pageCount: number;
  /** The navigation's name: "Pages of courses". */
  label: string;
  hrefFor(page: number): string;
  /** Called after a page link is followed (e.g. to move focus to the new results). */
  onNavigate?(): void;
}

export function PageLinks({ page, pageCount, label, hrefFor, onNavigate }: Props) {
  const i18n = useI18n();
  if (pageCount <= 1) return null;
  const to = (n: number, label: string, name?: string) => (
    <Link to={hrefFor(n)} className={styles.link} aria-label={name} onClick={onNavigate}>
      {label}
    </Link>
  );
  return (
    <nav className={styles.pages} aria-label={label}>
      <ul>
        {page > 1 && (
          <li>
            {to(
              page - 1,
              i18n._({ id: 'public.paged.previous', message: 'Previous' }),
              i18n._({ id: 'public.paged.previousPage', message: 'Previous page' }),
            )}
          </li>
        )}
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap${i}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className={`${styles.link} ${styles.current}`} aria-current="page">
                  <span className="visually-hidden">{i18n._({ id: 'public.paged.pageWord', message: 'Page' })} </span>
                  {n}
                </span>
              ) : (
                to(n, String(n), i18n._({ id: 'public.paged.page', message: 'Page {page}', values: { page: n } }))
              )}
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            {to(
              page + 1,
              i18n._({ id: 'public.paged.next', message: 'Next' }),
              i18n._({ id: 'public.paged.nextPage', message: 'Next page' }),
            )}
          </li>
        )}
      </ul>
    </nav>
  );
}
