import {
  countQuery,
  jobApplicationsSummaryQuery,
  pagedCourses,
  pagedEnrollments,
  pagedUsers,
  useQuery,
  type PagedSource,
} from '@btls/shared-api';
import { Link, paths, useI18n } from '@btls/shared-auth';
import { buttonClass } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

/** A tile's count (the paged list's total); one that cannot be loaded shows '?' (the client logs it, docs/product.md §8). */
function useCount(source: PagedSource<unknown>, filter?: Record<string, string>): number | '?' {
  return useQuery(countQuery(source, filter)).data ?? '?';
}

export function AdminDashboardPage() {
  const i18n = useI18n();
  const users = useCount(pagedUsers);
  const courses = useCount(pagedCourses, { status: 'active' });
  const pending = useCount(pagedEnrollments, { status: 'Pending' });
  const jobApplications = useQuery(jobApplicationsSummaryQuery());
  const jobCount = (n: number | undefined) => (n === undefined ? '?' : n);
  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.dashboard.title', message: 'Admin Dashboard' })}</h1>
      <div className={styles.tiles}>
        <Link className={styles.tile} to={paths.admin.users}>
          <strong>{users}</strong> {i18n._({ id: 'admin.dashboard.users', message: 'Registered users' })}
        </Link>
        <Link className={styles.tile} to={paths.admin.courses}>
          <strong>{courses}</strong> {i18n._({ id: 'admin.dashboard.courses', message: 'Active courses' })}
        </Link>
        <Link className={styles.tile} to={`${paths.admin.enrollments}?status=Pending`}>
          <strong>{pending}</strong> {i18n._({ id: 'admin.dashboard.pending', message: 'Pending applications' })}
        </Link>
        <Link className={styles.tile} to={paths.admin.jobs}>
          <strong>{jobCount(jobApplications.data?.total)}</strong>{' '}
          {i18n._({ id: 'admin.dashboard.jobApplications', message: 'Job applications' })}
          {jobApplications.data && (
            <span className={styles.hint}>
              {' '}
              {i18n._({
                id: 'admin.dashboard.newCount',
                message: '({count} new)',
                values: { count: jobApplications.data.new },
              })}
            </span>
          )}
        </Link>
      </div>
      <h2>{i18n._({ id: 'admin.dashboard.quickActions', message: 'Quick actions' })}</h2>
      <div className={styles.links}>
        <Link className={buttonClass()} to={paths.admin.newCourse}>
          {i18n._({ id: 'admin.nav.addCourse', message: 'Add Course' })}
        </Link>
        <Link className={buttonClass()} to={paths.admin.newUser}>
          {i18n._({ id: 'admin.nav.addUser', message: 'Add User' })}
        </Link>
        <Link className={buttonClass('secondary')} to={`${paths.admin.enrollments}?status=Pending`}>
          {i18n._({ id: 'admin.dashboard.review', message: 'Review applications' })}
        </Link>
        <Link className={buttonClass('secondary')} to={paths.admin.analytics}>
          {i18n._({ id: 'admin.analytics.title', message: 'Analytics' })}
        </Link>
        <Link className={buttonClass('secondary')} to={paths.admin.settings}>
          {i18n._({ id: 'admin.settings.title', message: 'Settings' })}
        </Link>
      </div>
    </section>
  );
}

export function PlaceholderPage({ title }: { title: string }) {
  const i18n = useI18n();
  return (
    <section className={styles.page}>
      <h1>{title}</h1>
      <p>{i18n._({ id: 'admin.placeholder.soon', message: 'This page is coming soon.' })}</p>
    </section>
  );
}
