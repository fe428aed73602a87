import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  addProgress,
  deleteProgress,
  getEnrollment,
  listProgress,
  markTrainingCompleted,
  updateProgress,
} from '@btls/shared-api';
import type { Enrollment, ProgressRecord } from '@btls/shared-api/schemas';
import { Link, useAuth, useParams } from '@btls/shared-auth';
import { Button, ErrorBanner, Spinner, StatusBadge, SuccessBanner, Table, TextAreaField, TextField } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { formatScore } from '@btls/shared-ui/format';
import { formatDate } from '@btls/shared-ui/format-date';
import { EMPTY_RECORD, recordPayload, type RecordFields } from './progress-form';
import { panelPage as styles } from '@btls/shared-ui/panel-page';

export function StudentProgressPage() {
  const { applicationId = '' } = useParams();
  const { token } = useAuth();
  const { confirm, dialog } = useDialog();
  const [enrollment, setEnrollment] = useState<Enrollment | null | undefined>(undefined);
  const [records, setRecords] = useState<ProgressRecord[]>([]);
  const [fields, setFields] = useState<RecordFields>(EMPTY_RECORD);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const load = useCallback(async () => {
    try {
      const found = await getEnrollment(applicationId);
      setEnrollment(found);
      setRecords(await listProgress(found.id));
    } catch (failure) {
      setEnrollment(null);
      setError((failure as Error).message);
    }
  }, [applicationId]);
  useEffect(() => {
    if (!token || !/^\d+$/.test(applicationId)) {
      setEnrollment(null);
      setError('Authentication or Application ID missing.');
      return;
    }
    void load();
  }, [applicationId, token, load]);

  const bind = (name: keyof RecordFields) => ({
    name,
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    const checked = recordPayload(fields);
    if ('problem' in checked) return setError(checked.problem);
    setError('');
    try {
      if (editing === null) await addProgress(enrollment!.id, checked.payload);
      else await updateProgress(editing, checked.payload);
      setNotice(editing === null ? 'Progress record added.' : 'Progress record updated.');
      setFields(EMPTY_RECORD);
      setEditing(null);
      setRecords(await listProgress(enrollment!.id));
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  async function remove(record: ProgressRecord) {
    if (!(await confirm(`Delete the record "${record.assessmentName}"?`))) return;
    try {
      await deleteProgress(record.id);
      setRecords((list) => list.filter((r) => r.id !== record.id));
      setNotice('Progress record deleted.');
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  async function complete() {
    if (!(await confirm('Mark this training as completed? The admin will be notified to issue the certificate.'))) return;
    try {
      const answer = await markTrainingCompleted(enrollment!.id);
      setNotice(answer.message);
      await load();
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  if (enrollment === undefined) return <Spinner label="Loading student progress..." />;
  if (enrollment === null) {
    return (
      <section className={styles.page}>
        <h1>Manage Student Progress</h1>
        <ErrorBanner>{error}</ErrorBanner>
        <Link to="/trainer/assigned-students">Back to assigned students</Link>
      </section>
    );
  }
  const open = enrollment.status === 'Approved';
  return (
    <section className={styles.page}>
      <p>
        <Link to="/trainer/assigned-students">← Back to assigned students</Link>
      </p>
      <h1>Manage Student Progress</h1>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      <div className={styles.card}>
        <dl className={styles.facts}>
          <div><dt>Trainee</dt><dd>{enrollment.traineeFirstName} {enrollment.traineeLastName} ({enrollment.traineeEmail})</dd></div>
          <div><dt>Course</dt><dd>{enrollment.courseTitle}</dd></div>
          <div><dt>Applied</dt><dd>{formatDate(enrollment.applicationDate, 'PP')}</dd></div>
          <div><dt>Status</dt><dd><StatusBadge status={enrollment.status} /></dd></div>
        </dl>
        {open && (
          <p>
            <Button variant="secondary" onClick={() => void complete()}>
              Mark training as completed
            </Button>
          </p>
        )}
      </div>
      <h2>Progress records</h2>
      {records.length === 0 ? (
        <p>No progress recorded yet.</p>
      ) : (
        <Table
          caption="Progress records"
          rows={records}
          rowKey={(r) => r.id}
          columns={[
            { header: 'Date', cell: (r) => formatDate(r.recordDate, 'PP p') },
            { header: 'Assessment', cell: (r) => r.assessmentName },
            { header: 'Score', cell: formatScore },
            { header: 'Feedback', cell: (r) => r.feedbackNotes ?? '' },
            {
              header: 'Actions',
              cell: (r) =>
                open ? (
                  <span className={styles.actions}>
                    <button
                      type="button"
                      className={styles.linkButton}
                      aria-label={`Edit ${r.assessmentName}`}
                      onClick={() => {
                        setEditing(r.id);
                        setFields({
                          assessmentName: r.assessmentName,
                          score: r.score === null ? '' : String(r.score),
                          maxScore: r.maxScore === null ? '' : String(r.maxScore),
                          feedbackNotes: r.feedbackNotes ?? '',
                        });
                      }}
                    >
                      Edit
                    </button>
                    <button type="button" className={`${styles.linkButton} ${styles.danger}`} aria-label={`Delete ${r.assessmentName}`} onClick={() => void remove(r)}>
                      Delete
                    </button>
                  </span>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
      {open && (
        <form className={styles.card} onSubmit={save} noValidate aria-labelledby="record-title">
          <h2 id="record-title">{editing === null ? 'Add a progress record' : 'Edit the progress record'}</h2>
          <TextField label="Assessment name" required {...bind('assessmentName')} />
          <div className={styles.row}>
            <TextField label="Score" type="number" step="0.01" inputMode="decimal" {...bind('score')} />
            <TextField label="Max Score" type="number" step="0.01" min="0" inputMode="decimal" {...bind('maxScore')} />
          </div>
          <TextAreaField label="Feedback" rows={3} {...bind('feedbackNotes')} />
          <div className={styles.actions}>
            <Button type="submit">{editing === null ? 'Add Record' : 'Save Record'}</Button>
            {editing !== null && (
              <Button
                variant="secondary"
                onClick={() => {
                  setEditing(null);
                  setFields(EMPTY_RECORD);
                }}
              >
                Cancel editing
              </Button>
            )}
          </div>
        </form>
      )}
      {dialog}
    </section>
  );
}
