/**
 * A page of a public list (courses, jobs): how many match, the shown page (dimmed while the next one loads),
 * the page links, and a way back when the address names a page past the end. Following a page link moves the
 * focus to the count above the new results, so keyboard and screen-reader users start reading there.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useI18n } from '@btls/shared-auth';
import { formatNumber, localeOf } from '@btls/shared-ui/format';
import { PageLinks } from './page-links';
import styles from '../features/courses/courses.module.css';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at `total` (a word nearly every item has): there are more. */
  capped?: boolean;
  /** Items on the shown page. */
  count: number;
  /**
   * How many of the list's things, in the page's language: (n, '1,200') => '1,200 courses' (an ICU plural that
   * writes `shown`, the number with the language's separators, rather than `#`, which Lingui writes with an Intl
   * number format: see formatNumber).
   */
  counted: (count: number, shown: string) => string;
  /** The page links' name: 'Pages of courses'. */
  pagesLabel: string;
  stale: boolean;
  hrefFor(page: number): string;
  /** What shows when nothing matches. */
  empty: ReactNode;
  children: ReactNode;
}

export function PagedResults({
  page,
  pageSize,
  total,
  capped = false,
  count,
  counted,
  pagesLabel,
  stale,
  hrefFor,
  empty,
  children,
}: Props) {
  const i18n = useI18n();
  const summary = useRef<HTMLParagraphElement>(null);
  const followed = useRef(false);
  useEffect(() => {
    if (followed.current && !stale) {
      followed.current = false;
      summary.current?.focus();
    }
  }, [page, stale]);

  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const shown = (n: number) => formatNumber(n, localeOf(i18n));
  if (total === 0) return <div className={stale ? styles.stale : undefined}>{empty}</div>;
  if (count === 0) {
    return (
      <section className={styles.empty}>
        <h2>{i18n._({ id: 'public.paged.noPage', message: 'There is no page {page}', values: { page } })}</h2>
        <p>
          {i18n._({
            id: 'public.paged.pageCount',
            message: 'The list has {count, plural, one {{shown} page} other {{shown} pages}}.',
            values: { count: pageCount, shown: shown(pageCount) },
          })}{' '}
          <Link to={hrefFor(1)}>{i18n._({ id: 'public.paged.first', message: 'Go to the first page' })}</Link>
        </p>
      </section>
    );
  }
  return (
    <div className={stale ? styles.stale : undefined} aria-busy={stale}>
      <p ref={summary} className={styles.summary} role="status" tabIndex={-1}>
        {page === 1 && count === total
          ? counted(total, shown(total))
          : i18n._({
              id: 'public.paged.showing',
              message: 'Showing {from}–{to} of {total}',
              values: {
                from: (page - 1) * pageSize + 1,
                to: (page - 1) * pageSize + count,
                total: capped
                  ? i18n._({
                      id: 'public.paged.moreThan',
                      message: 'more than {counted}',
                      values: { counted: counted(total, shown(total)) },
                    })
                  : counted(total, shown(total)),
              },
            })}
      </p>
      {children}
      <PageLinks
        page={page}
        pageCount={pageCount}
        label={pagesLabel}
        hrefFor={hrefFor}
        onNavigate={() => (followed.current = true)}
      />
    </div>
  );
}
