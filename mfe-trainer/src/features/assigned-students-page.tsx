import { useState } from 'react';
import { Link } from '@btls/shared-auth';
import { ErrorBanner, Spinner, StatusBadge, Table, TextField } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useAssignments } from './dashboard-page';
import { panelPage as styles } from '@btls/shared-ui/panel-page';

export function AssignedStudentsPage() {
  const { list, error } = useAssignments();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = (list ?? []).filter(
    (e) => !q || `${e.traineeFirstName} ${e.traineeLastName} ${e.traineeEmail} ${e.courseTitle}`.toLowerCase().includes(q),
  );
  return (
    <section className={styles.page}>
      <h1>Assigned Students</h1>
      <ErrorBanner>{error}</ErrorBanner>
      <TextField label="Search by trainee or course" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      {list === null && !error ? (
        <Spinner label="Loading your trainings..." />
      ) : shown.length === 0 ? (
        <p>{list?.length ? 'No assigned students match your search.' : 'No trainees are assigned to you yet.'}</p>
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
                <Link to={`/trainer/student-progress/${e.applicationId}`} aria-label={`Manage progress: ${e.traineeFirstName} ${e.traineeLastName}, ${e.courseTitle}`}>
                  Manage progress
                </Link>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
