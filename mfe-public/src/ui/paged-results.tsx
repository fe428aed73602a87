/**
 * A page of a public list (courses, jobs): how many match, the shown page (dimmed while the next one loads),
 * the page links, and a way back when the address names a page past the end. Following a page link moves the
 * focus to the count above the new results, so keyboard and screen-reader users start reading there.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '@btls/shared-auth';
import { PageLinks } from './page-links';
import styles from '../features/courses/courses.module.css';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  /** Items on the shown page. */
  count: number;
  /** ['course', 'courses'] */
  noun: readonly [string, string];
  stale: boolean;
  hrefFor(page: number): string;
  /** What shows when nothing matches. */
  empty: ReactNode;
  children: ReactNode;
}

export function summaryOf(page: number, pageSize: number, total: number, count: number, [one, many]: readonly [string, string]) {
  const noun = total === 1 ? one : many;
  if (page === 1 && count === total) return `${total} ${noun}`;
  const from = (page - 1) * pageSize + 1;
  return `Showing ${from}–${from + count - 1} of ${total} ${noun}`;
}

export function PagedResults({ page, pageSize, total, count, noun, stale, hrefFor, empty, children }: Props) {
  const summary = useRef<HTMLParagraphElement>(null);
  const followed = useRef(false);
  useEffect(() => {
    if (followed.current && !stale) {
      followed.current = false;
      summary.current?.focus();
    }
  }, [page, stale]);

  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return <div className={stale ? styles.stale : undefined}>{empty}</div>;
  if (count === 0) {
    return (
      <section className={styles.empty}>
        <h2>There is no page {page}</h2>
        <p>
          The list has {pageCount} {pageCount === 1 ? 'page' : 'pages'}. <Link to={hrefFor(1)}>Go to the first page</Link>
        </p>
      </section>
    );
  }
  return (
    <div className={stale ? styles.stale : undefined} aria-busy={stale}>
      <p ref={summary} className={styles.summary} role="status" tabIndex={-1}>
        {summaryOf(page, pageSize, total, count, noun)}
      </p>
      {children}
      <PageLinks page={page} pageCount={pageCount} of={noun[1]} hrefFor={hrefFor} onNavigate={() => (followed.current = true)} />
    </div>
  );
}
