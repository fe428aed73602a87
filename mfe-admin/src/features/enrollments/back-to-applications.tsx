import type { ReactNode } from 'react';
import { Link, paths, useI18n, useLocation } from '@btls/shared-auth';
import styles from '../admin.module.css';

/**
 * The way back from an application's pages to the list as the admin left it (its status, course, sort, search
 * and page, handed over by the list's links), else to the queue.
 */
export function BackToApplications({ children }: { children?: ReactNode }) {
  const i18n = useI18n();
  const backTo = (useLocation().state as { backTo?: string } | null)?.backTo;
  return (
    <Link className={styles.back} to={backTo?.startsWith(paths.admin.enrollments) ? backTo : paths.admin.enrollments}>
      {children ?? i18n._({ id: 'admin.enrollments.back', message: 'Back to applications' })}
    </Link>
  );
}
