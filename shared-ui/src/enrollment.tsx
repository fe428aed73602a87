/**
 * What the staff areas (admin and trainer) show of an enrollment, written once: its facts and its progress
 * records. Scores read as `formatScore` says (docs/product.md §9), as on the trainee's dashboard.
 */
import type { ReactNode } from 'react';
import { useI18n } from '@btls/shared-auth';
import type { Enrollment, ProgressRecord } from '@btls/shared-api/schemas';
import { StatusBadge, Table, type Column } from './components';
import { formatScore } from './format';
import { formatDate } from './format-date';
import { useLocale } from './i18n';
import { panelPage as styles } from './panel-page';

/** Trainee, course, application date, status, and the trainer once one is assigned. */
export function EnrollmentFacts({ enrollment: e, children }: { enrollment: Enrollment; children?: ReactNode }) {
  const i18n = useI18n();
  const locale = useLocale();
  return (
    <div className={styles.card}>
      <dl className={styles.facts}>
        <div>
          <dt>{i18n._({ id: 'enrollment.trainee', message: 'Trainee' })}</dt>
          <dd>
            {e.traineeFirstName} {e.traineeLastName} ({e.traineeEmail})
          </dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'enrollment.course', message: 'Course' })}</dt>
          <dd>{e.courseTitle}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'enrollment.applied', message: 'Applied' })}</dt>
          <dd>{formatDate(e.applicationDate, undefined, locale)}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'enrollment.status', message: 'Status' })}</dt>
          <dd>
            <StatusBadge status={e.status} />
          </dd>
        </div>
        {e.trainerFirstName && (
          <div>
            <dt>{i18n._({ id: 'enrollment.trainer', message: 'Trainer' })}</dt>
            <dd>
              {e.trainerFirstName} {e.trainerLastName} ({e.trainerEmail})
            </dd>
          </div>
        )}
      </dl>
      {children}
    </div>
  );
}

/** An enrollment's records, or a line saying there are none; `actions` adds a last column (the trainer's). */
export function ProgressTable({
  records,
  actions,
  note,
}: {
  records: ProgressRecord[];
  actions?: (record: ProgressRecord) => ReactNode;
  /** A line under a record's name ("Waiting to send" for a record kept on the phone). */
  note?: (record: ProgressRecord) => ReactNode;
}) {
  const i18n = useI18n();
  const locale = useLocale();
  if (records.length === 0)
    return <p>{i18n._({ id: 'enrollment.noProgress', message: 'No progress recorded yet.' })}</p>;
  const columns: Column<ProgressRecord>[] = [
    {
      header: i18n._({ id: 'enrollment.date', message: 'Date' }),
      cell: (r) => formatDate(r.recordDate, 'PP p', locale),
    },
    {
      header: i18n._({ id: 'enrollment.assessment', message: 'Assessment' }),
      cell: (r) => {
        const line = note?.(r);
        return line ? (
          <>
            <span>{r.assessmentName}</span>
            <br />
            {line}
          </>
        ) : (
          r.assessmentName
        );
      },
    },
    { header: i18n._({ id: 'enrollment.score', message: 'Score' }), cell: formatScore },
    {
      header: i18n._({ id: 'enrollment.feedback', message: 'Feedback by Trainer' }),
      cell: (r) => r.feedbackNotes ?? '',
    },
  ];
  if (actions) columns.push({ header: i18n._({ id: 'enrollment.actions', message: 'Actions' }), cell: actions });
  return (
    <Table
      caption={i18n._({ id: 'enrollment.records', message: 'Progress records' })}
      rows={records}
      rowKey={(r) => r.id}
      columns={columns}
    />
  );
}
