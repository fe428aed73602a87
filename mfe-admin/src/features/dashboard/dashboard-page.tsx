import { countQuery, jobApplicationsSummaryQuery, pagedLists, useQuery, type PagedSource } from '@btls/shared-api';
import { Link, paths } from '@btls/shared-auth';
import { buttonClass } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

/** A tile's count (the paged list's total); one that cannot be loaded shows '?' (the client logs it, spec §8). */
function useCount(source: PagedSource<unknown>, filter?: Record<string, string>): number | '?' {
  return useQuery(countQuery(source, filter)).data ?? '?';
}

export function AdminDashboardPage() {
  const users = useCount(pagedLists.users);
  const courses = useCount(pagedLists.courses, { status: 'active' });
  const pending = useCount(pagedLists.enrollments, { status: 'Pending' });
  const jobApplications = useQuery(jobApplicationsSummaryQuery());
  const jobCount = (n: number | undefined) => (n === undefined ? '?' : n);
  return (
    <section className={styles.page}>
      <h1>Admin Dashboard</h1>
      <div className={styles.tiles}>
        <Link className={styles.tile} to={paths.admin.users}>
          <strong>{users}</strong> Registered users
        </Link>
        <Link className={styles.tile} to={paths.admin.courses}>
          <strong>{courses}</strong> Active courses
        </Link>
        <Link className={styles.tile} to={`${paths.admin.enrollments}?status=Pending`}>
          <strong>{pending}</strong> Pending applications
        </Link>
        <Link className={styles.tile} to={paths.admin.jobs}>
          <strong>{jobCount(jobApplications.data?.total)}</strong> Job applications
          {jobApplications.data && <span className={styles.hint}> ({jobApplications.data.new} new)</span>}
        </Link>
      </div>
      <h2>Quick actions</h2>
      <div className={styles.links}>
        <Link className={buttonClass()} to={paths.admin.newCourse}>Add Course</Link>
        <Link className={buttonClass()} to={paths.admin.newUser}>Add User</Link>
        <Link className={buttonClass('secondary')} to={`${paths.admin.enrollments}?status=Pending`}>Review applications</Link>
        <Link className={buttonClass('secondary')} to={paths.admin.analytics}>Analytics</Link>
        <Link className={buttonClass('secondary')} to={paths.admin.settings}>Settings</Link>
      </div>
    </section>
  );
}

export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className={styles.page}>
      <h1>{title}</h1>
      <p>This page is coming soon.</p>
    </section>
  );
}
