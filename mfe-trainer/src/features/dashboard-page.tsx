import { useEffect, useState } from 'react';
import { getMyAssignedTrainingsPage } from '@btls/shared-api';
import type { Enrollment } from '@btls/shared-api/schemas';
import { Link, useAuth } from '@btls/shared-auth';
import { ErrorBanner, Spinner, StatusBadge } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { panelPage as styles } from '@btls/shared-ui/panel-page';

const LATEST = 5;

/**
 * The dashboard's view of the trainer's assignments, loaded only for trainers (spec §6): the latest few, and
 * the counts by status from the paged list's totals.
 */
function useAssignmentSummary() {
  const { role } = useAuth();
  const [summary, setSummary] = useState<{ latest: Enrollment[]; active: number; completed: number } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (role !== 'trainer') return;
    Promise.all([
      getMyAssignedTrainingsPage({ limit: LATEST }),
      getMyAssignedTrainingsPage({ limit: 1, status: 'Approved' }),
      getMyAssignedTrainingsPage({ limit: 1, status: 'Completed' }),
    ])
      .then(([latest, active, completed]) => setSummary({ latest: latest.items, active: active.total, completed: completed.total }))
      .catch((failure: Error) => {
        setSummary({ latest: [], active: 0, completed: 0 });
        setError(failure.message);
      });
  }, [role]);
  return { summary, error };
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
                  <Link to={`/trainer/student-progress/${e.applicationId}`}>
                    {e.traineeFirstName} {e.traineeLastName} — {e.courseTitle}
                  </Link>{' '}
                  <StatusBadge status={e.status} /> <small>since {formatDate(e.applicationDate)}</small>
                </li>
              ))}
            </ul>
          ) : (
            <p>No trainees are assigned to you yet.</p>
          )}
          <Link to="/trainer/assigned-students">All assigned students</Link>
        </>
      )}
    </section>
  );
}
