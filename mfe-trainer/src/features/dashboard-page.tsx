import { assignmentSummaryQuery, errorMessage, useQuery } from '@btls/shared-api';
import { Link, paths, useAuth } from '@btls/shared-auth';
import { ErrorBanner, Spinner, StatusBadge } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { panelPage as styles } from '@btls/shared-ui/panel-page';

/** The trainer's assignments at a glance, loaded only for trainers (spec §6). */
function useAssignmentSummary() {
  const { role } = useAuth();
  const summary = useQuery({ ...assignmentSummaryQuery(), enabled: role === 'trainer' });
  const error = summary.error ? errorMessage(summary.error) : '';
  return { summary: error ? { latest: [], active: 0, completed: 0 } : (summary.data ?? null), error };
}

export function TrainerDashboardPage() {
  const { user } = useAuth();
  const { summary, error } = useAssignmentSummary();
  const list = summary?.latest ?? null;
  const active = summary?.active ?? 0;
  const completed = summary?.completed ?? 0;
  return (
    <section className={styles.page}>
      <h1>Welcome, {user?.firstName}</h1>
      <ErrorBanner>{error}</ErrorBanner>
      {list === null && !error ? (
        <Spinner label="Loading your trainings..." />
      ) : (
        <>
          <div className={styles.tiles}>
            <div className={styles.tile}>
              <strong>{active}</strong> Active assignments
            </div>
            <div className={styles.tile}>
              <strong>{completed}</strong> Trainings Completed
            </div>
          </div>
          <h2>Latest assignments</h2>
          {list && list.length > 0 ? (
            <ul className={styles.card}>
              {list.map((e) => (
                <li key={e.id}>
                  <Link to={paths.trainer.studentProgress(e.applicationId)}>
                    {e.traineeFirstName} {e.traineeLastName} — {e.courseTitle}
                  </Link>{' '}
                  <StatusBadge status={e.status} /> <small>since {formatDate(e.applicationDate)}</small>
                </li>
              ))}
            </ul>
          ) : (
            <p>No trainees are assigned to you yet.</p>
          )}
          <Link to={paths.trainer.assignedStudents}>All assigned students</Link>
        </>
      )}
    </section>
  );
}
