/**
 * What the staff areas (admin and trainer) show of an enrollment, written once: its facts and its progress
 * records. Scores read as `formatScore` says (spec §9), as on the trainee's dashboard.
 */
import type { ReactNode } from 'react';
import type { Enrollment, ProgressRecord } from '@btls/shared-api/schemas';
import { StatusBadge, Table, type Column } from './components';
import { formatScore } from './format';
import { formatDate } from './format-date';
import { panelPage as styles } from './panel-page';

/** Trainee, course, application date, status, and the trainer once one is assigned. */
export function EnrollmentFacts({ enrollment: e, children }: { enrollment: Enrollment; children?: ReactNode }) {
  return (
    <div className={styles.card}>
      <dl className={styles.facts}>
        <div><dt>Trainee</dt><dd>{e.traineeFirstName} {e.traineeLastName} ({e.traineeEmail})</dd></div>
        <div><dt>Course</dt><dd>{e.courseTitle}</dd></div>
        <div><dt>Applied</dt><dd>{formatDate(e.applicationDate)}</dd></div>
        <div><dt>Status</dt><dd><StatusBadge status={e.status} /></dd></div>
        {e.trainerFirstName && (
          <div><dt>Trainer</dt><dd>{e.trainerFirstName} {e.trainerLastName} ({e.trainerEmail})</dd></div>
        )}
      </dl>
      {children}
    </div>
  );
}

/** An enrollment's records, or a line saying there are none; `actions` adds a last column (the trainer's). */
export function ProgressTable({ records, actions }: { records: ProgressRecord[]; actions?: (record: ProgressRecord) => ReactNode }) {
  if (records.length === 0) return <p>No progress recorded yet.</p>;
  const columns: Column<ProgressRecord>[] = [
    { header: 'Date', cell: (r) => formatDate(r.recordDate, 'PP p') },
    { header: 'Assessment', cell: (r) => r.assessmentName },
    { header: 'Score', cell: formatScore },
    { header: 'Feedback by Trainer', cell: (r) => r.feedbackNotes ?? '' },
  ];
  if (actions) columns.push({ header: 'Actions', cell: actions });
  return <Table caption="Progress records" rows={records} rowKey={(r) => r.id} columns={columns} />;
}
