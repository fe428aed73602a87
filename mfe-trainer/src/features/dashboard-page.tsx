import { assignmentSummaryQuery, errorMessage, useQuery } from '@btls/shared-api';
import { Link, paths, useAuth, useI18n } from '@btls/shared-auth';
import { ErrorBanner, Spinner, StatusBadge } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { panelPage as styles } from '@btls/shared-ui/panel-page';

/** The trainer's assignments at a glance, loaded only for trainers (docs/product.md §6). */
function useAssignmentSummary() {
  const { role } = useAuth();
  const summary = useQuery({ ...assignmentSummaryQuery(), enabled: role === 'trainer' });
  const error = summary.error ? errorMessage(summary.error) : '';
  return { summary: error ? { latest: [], active: 0, completed: 0 } : (summary.data ?? null), error };
}

export function TrainerDashboardPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const { user } = useAuth();
  const { summary, error } = useAssignmentSummary();
  const list = summary?.latest ?? null;
  const active = summary?.active ?? 0;
  const completed = summary?.completed ?? 0;
  return (
    <section className={styles.page}>
      <h1>
        {i18n._({ id: 'trainer.dashboard.welcome', message: 'Welcome, {name}', values: { name: user?.firstName } })}
      </h1>
      <ErrorBanner>{error}</ErrorBanner>
      {list === null && !error ? (
        <Spinner label={i18n._({ id: 'trainer.loadingTrainings', message: 'Loading your trainings...' })} />
      ) : (
        <>
          <div className={styles.tiles}>
            <div className={styles.tile}>
              <strong>{active}</strong>{' '}
              {i18n._({ id: 'trainer.dashboard.activeAssignments', message: 'Active assignments' })}
            </div>
            <div className={styles.tile}>
              <strong>{completed}</strong>{' '}
              {i18n._({ id: 'trainer.dashboard.trainingsCompleted', message: 'Trainings Completed' })}
            </div>
          </div>
          <h2>{i18n._({ id: 'trainer.dashboard.latest', message: 'Latest assignments' })}</h2>
          {list && list.length > 0 ? (
            <ul className={styles.card}>
              {list.map((e) => (
                <li key={e.id}>
                  <Link to={paths.trainer.studentProgress(e.applicationId)}>
                    {e.traineeFirstName} {e.traineeLastName} — {e.courseTitle}
                  </Link>{' '}
                  <StatusBadge status={e.status} />{' '}
                  <small>
                    {i18n._({
                      id: 'trainer.dashboard.since',
                      message: 'since {date}',
                      values: { date: formatDate(e.applicationDate, 'MMM d, yyyy', locale) },
                    })}
                  </small>
                </li>
              ))}
            </ul>
          ) : (
            <p>{i18n._({ id: 'trainer.noTrainees', message: 'No trainees are assigned to you yet.' })}</p>
          )}
          <Link to={paths.trainer.assignedStudents}>
            {i18n._({ id: 'trainer.dashboard.allStudents', message: 'All assigned students' })}
          </Link>
        </>
      )}
    </section>
  );
}
