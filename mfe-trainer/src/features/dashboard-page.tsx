import { useEffect, useState } from 'react';
import { getMyAssignedTrainings } from '@btls/shared-api';
import type { Enrollment } from '@btls/shared-api/schemas';
import { Link, useAuth } from '@btls/shared-auth';
import { ErrorBanner, Spinner, StatusBadge } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { panelPage as styles } from '@btls/shared-ui/panel-page';

/** The trainer's assignments, loaded only for trainers (spec §6). */
export function useAssignments() {
  const { role } = useAuth();
  const [list, setList] = useState<Enrollment[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (role !== 'trainer') return;
    getMyAssignedTrainings()
      .then(setList)
      .catch((failure: Error) => {
        setList([]);
        setError(failure.message);
      });
  }, [role]);
  return { list, error };
}

export function TrainerDashboardPage() {
  const { user } = useAuth();
  const { list, error } = useAssignments();
  const active = list?.filter((e) => e.status === 'Approved').length ?? 0;
  const completed = list?.filter((e) => e.status === 'Completed').length ?? 0;
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
              {list.slice(0, 5).map((e) => (
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
