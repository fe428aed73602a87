import { pagedAssignedTrainings } from '@btls/shared-api';
import { Link, paths, useI18n } from '@btls/shared-auth';
import { ErrorBanner, SelectField, Spinner, StatusBadge, Table, TextField } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { Pager } from '@btls/shared-ui/paging';
import { SEARCH, useCheckedPagedList } from '@btls/shared-ui/address-filters';
import own from './trainer.module.css';

const styles = withPanelPage(own);

/** The search and the statuses an assignment listed here can have (the server lists no other). */
const FILTERS = { q: SEARCH, status: ['Approved', 'Completed'] } as const;

/** The trainer's assignments, a page at a time; the server searches trainee and course. */
export function AssignedStudentsPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const paged = useCheckedPagedList(FILTERS, pagedAssignedTrainings);
  const list = paged.items;
  const error = paged.error;
  const shown = list ?? [];
  const filtered = !!(paged.filters.q || paged.filters.status);
  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'trainer.students.title', message: 'Assigned Students' })}</h1>
      <ErrorBanner>{error}</ErrorBanner>
      <div className={styles.filters}>
        <TextField
          label={i18n._({ id: 'trainer.students.search', message: 'Search by trainee or course' })}
          type="search"
          value={paged.filters.q}
          onChange={(e) => paged.setFilter('q', e.target.value)}
        />
        <SelectField
          label={i18n._({ id: 'trainer.students.status', message: 'Status' })}
          value={paged.filters.status}
          onChange={(e) => paged.setFilter('status', e.target.value)}
        >
          <option value="">
            {i18n._({ id: 'trainer.students.approvedAndCompleted', message: 'Approved and Completed' })}
          </option>
          <option value="Approved">{i18n._({ id: 'trainer.status.approved', message: 'Approved' })}</option>
          <option value="Completed">{i18n._({ id: 'trainer.status.completed', message: 'Completed' })}</option>
        </SelectField>
      </div>
      {list === null && !error ? (
        <Spinner label={i18n._({ id: 'trainer.loadingTrainings', message: 'Loading your trainings...' })} />
      ) : shown.length === 0 ? (
        <p>
          {filtered
            ? i18n._({ id: 'trainer.students.noMatch', message: 'No assigned students match your search.' })
            : i18n._({ id: 'trainer.noTrainees', message: 'No trainees are assigned to you yet.' })}
        </p>
      ) : (
        <Table
          caption={i18n._({ id: 'trainer.students.caption', message: 'Assigned students' })}
          rows={shown}
          rowKey={(e) => e.id}
          columns={[
            {
              header: i18n._({ id: 'trainer.students.trainee', message: 'Trainee' }),
              cell: (e) => (
                <>
                  {e.traineeFirstName} {e.traineeLastName}
                  <br />
                  <a className={styles.cellLink} href={`mailto:${e.traineeEmail}`}>
                    {e.traineeEmail}
                  </a>
                </>
              ),
            },
            { header: i18n._({ id: 'trainer.students.course', message: 'Course' }), cell: (e) => e.courseTitle },
            {
              header: i18n._({ id: 'trainer.students.status', message: 'Status' }),
              cell: (e) => <StatusBadge status={e.status} />,
            },
            {
              header: i18n._({ id: 'trainer.students.dates', message: 'Dates' }),
              cell: (e) => (
                <>
                  {i18n._({
                    id: 'trainer.students.applied',
                    message: 'Applied {date}',
                    values: { date: formatDate(e.applicationDate, 'MMM d, yyyy', locale) },
                  })}
                  {e.preferredStartDate && (
                    <>
                      <br />
                      {i18n._({
                        id: 'trainer.students.start',
                        message: 'Start {date}',
                        values: { date: formatDate(e.preferredStartDate, 'MMM d, yyyy', locale) },
                      })}
                    </>
                  )}
                </>
              ),
            },
            {
              header: i18n._({ id: 'trainer.students.progress', message: 'Progress' }),
              cell: (e) => (
                <Link
                  className={styles.target}
                  to={paths.trainer.studentProgress(e.applicationId)}
                  aria-label={i18n._({
                    id: 'trainer.students.manageProgressOf',
                    message: 'Manage progress: {name}, {course}',
                    values: { name: `${e.traineeFirstName} ${e.traineeLastName}`, course: e.courseTitle },
                  })}
                >
                  {i18n._({ id: 'trainer.students.manageProgress', message: 'Manage progress' })}
                </Link>
              ),
            },
          ]}
        />
      )}
      <Pager list={paged} label={i18n._({ id: 'trainer.students.caption', message: 'Assigned students' })} />
    </section>
  );
}
