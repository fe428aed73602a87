import { useEffect, useState } from 'react';
import { jobApplicationsSummaryQuery, listCoursesPage, listEnrollmentsPage, listUsersPage, useQuery } from '@btls/shared-api';
import { Link } from '@btls/shared-auth';
import { buttonClass } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

type Count = number | '?';

/** Counts for the tiles; a count that cannot be loaded shows '?' and is logged (spec §8). */
function useCount(load: () => Promise<number>, logLabel: string): Count {
  const [count, setCount] = useState<Count>('?');
  useEffect(() => {
    load()
      .then(setCount)
      .catch((error: unknown) => console.error(logLabel, error));
  }, [load, logLabel]);
  return count;
}

// The lists are paged: one row is asked for, the count is the answer's total.
const countUsers = () => listUsersPage({ limit: 1 }).then((page) => page.total);
const countActiveCourses = () => listCoursesPage({ limit: 1, status: 'active' }).then((page) => page.total);
const countPending = () => listEnrollmentsPage({ limit: 1, status: 'Pending' }).then((page) => page.total);

export function AdminDashboardPage() {
  const users = useCount(countUsers, 'Error fetching user stats:');
  const courses = useCount(countActiveCourses, 'Error fetching course stats:');
  const pending = useCount(countPending, 'Error fetching application stats:');
  const jobApplications = useQuery(jobApplicationsSummaryQuery());
  const jobCount = (n: number | undefined) => (n === undefined ? '?' : n);
  return (
    <section className={styles.page}>
      <h1>Admin Dashboard</h1>
      <div className={styles.tiles}>
        <Link className={styles.tile} to="/admin/users">
          <strong>{users}</strong> Registered users
        </Link>
        <Link className={styles.tile} to="/admin/courses">
          <strong>{courses}</strong> Active courses
        </Link>
        <Link className={styles.tile} to="/admin/enrollments?status=Pending">
          <strong>{pending}</strong> Pending applications
        </Link>
        <Link className={styles.tile} to="/admin/jobs">
          <strong>{jobCount(jobApplications.data?.total)}</strong> Job applications
          {jobApplications.data && <span className={styles.hint}> ({jobApplications.data.new} new)</span>}
        </Link>
      </div>
      <h2>Quick actions</h2>
      <div className={styles.links}>
        <Link className={buttonClass()} to="/admin/courses/new">Add Course</Link>
        <Link className={buttonClass()} to="/admin/users/new">Add User</Link>
        <Link className={buttonClass('secondary')} to="/admin/enrollments?status=Pending">Review applications</Link>
        <Link className={buttonClass('secondary')} to="/admin/analytics">Analytics</Link>
        <Link className={buttonClass('secondary')} to="/admin/settings">Settings</Link>
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
