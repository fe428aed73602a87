import { pagedLists } from '@btls/shared-api';
import { Link, paths, useSearchParams } from '@btls/shared-auth';
import { ErrorBanner, SelectField, Spinner, StatusBadge, Table, TextField } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { panelPage as styles } from '@btls/shared-ui/panel-page';
import { Pager, usePagedList } from '@btls/shared-ui/paging';

const FILTERS = ['q', 'status'] as const;

/** The trainer's assignments, a page at a time; the server searches trainee and course. */
export function AssignedStudentsPage() {
  const paged = usePagedList(useSearchParams(), pagedLists.assignedTrainings, FILTERS);
  const list = paged.items;
  const error = paged.error;
  const shown = list ?? [];
  const filtered = !!(paged.filters.q || paged.filters.status);
  return (
    <section className={styles.page}>
      <h1>Assigned Students</h1>
      <ErrorBanner>{error}</ErrorBanner>
      <div className={styles.filters}>
        <TextField
          label="Search by trainee or course"
          type="search"
          value={paged.filters.q}
          onChange={(e) => paged.setFilter('q', e.target.value)}
        />
        <SelectField label="Status" value={paged.filters.status} onChange={(e) => paged.setFilter('status', e.target.value)}>
          <option value="">Approved and Completed</option>
          <option value="Approved">Approved</option>
          <option value="Completed">Completed</option>
        </SelectField>
      </div>
      {list === null && !error ? (
        <Spinner label="Loading your trainings..." />
      ) : shown.length === 0 ? (
        <p>{filtered ? 'No assigned students match your search.' : 'No trainees are assigned to you yet.'}</p>
      ) : (
        <Table
          caption="Assigned students"
          rows={shown}
          rowKey={(e) => e.id}
          columns={[
            { header: 'Trainee', cell: (e) => <>{e.traineeFirstName} {e.traineeLastName}<br /><a href={`mailto:${e.traineeEmail}`}>{e.traineeEmail}</a></> },
            { header: 'Course', cell: (e) => e.courseTitle },
            { header: 'Status', cell: (e) => <StatusBadge status={e.status} /> },
            { header: 'Dates', cell: (e) => <>Applied {formatDate(e.applicationDate)}{e.preferredStartDate && <><br />Start {formatDate(e.preferredStartDate)}</>}</> },
            {
              header: 'Progress',
              cell: (e) => (
                <Link to={paths.trainer.studentProgress(e.applicationId)} aria-label={`Manage progress: ${e.traineeFirstName} ${e.traineeLastName}, ${e.courseTitle}`}>
                  Manage progress
                </Link>
              ),
            },
          ]}
        />
      )}
      <Pager list={paged} label="Assigned students" />
    </section>
  );
}
