import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ApiError,
  enrollmentProgressQuery,
  enrollmentQuery,
  errorMessage,
  fallback,
  isNotFound,
  noticeText,
  progressPaths,
  translateMessage,
  useAddProgress,
  useDeleteProgress,
  useMarkTrainingCompleted,
  useSuspenseQuery,
  useUpdateProgress,
} from '@btls/shared-api';
import type { Enrollment, ProgressRecord } from '@btls/shared-api/schemas';
import { Link, paths, useAuth, useI18n, useParams } from '@btls/shared-auth';
import { Button, ErrorBanner, Spinner, SuccessBanner, TextAreaField, TextField } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { EnrollmentFacts, ProgressTable } from '@btls/shared-ui/enrollment';
import { panelPage as styles } from '@btls/shared-ui/panel-page';
import { PanelUnavailable } from '@btls/shared-ui/panel-states';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import {
  changeQueuedWrite,
  newWriteKey,
  queueWrite,
  removeQueuedWrite,
  sendWhenPossible,
  useQueuedRecords,
  withQueued,
  type QueuedWrite,
} from './offline-records';
import { EMPTY_RECORD, type RecordFields } from './record-fields';

const loadRules = () => import('./progress-form');

export function StudentProgressPage() {
  const i18n = useI18n();
  const { applicationId = '' } = useParams();
  const { token } = useAuth();
  if (!token || !/^\d+$/.test(applicationId)) {
    return (
      <NotAvailable
        message={i18n._({ id: 'trainer.progress.missingId', message: 'Authentication or Application ID missing.' })}
      />
    );
  }
  return (
    <QueryBoundary
      loading={<Spinner label={i18n._({ id: 'trainer.progress.loading', message: 'Loading student progress...' })} />}
      error={(message, retry) => <NotAvailable message={message} retry={retry} />}
    >
      <StudentProgress applicationId={applicationId} />
    </QueryBoundary>
  );
}

function NotAvailable({ message, retry }: { message: string; retry?: () => void }) {
  const i18n = useI18n();
  const back = (
    <Link to={paths.trainer.assignedStudents}>
      {i18n._({ id: 'trainer.progress.back', message: 'Back to assigned students' })}
    </Link>
  );
  return (
    <PanelUnavailable
      title={i18n._({ id: 'trainer.progress.title', message: 'Manage Student Progress' })}
      message={message}
      back={back}
      retry={retry}
    />
  );
}

function StudentProgress({ applicationId }: { applicationId: string }) {
  const { data: enrollment } = useSuspenseQuery(enrollmentQuery(applicationId));
  if (isNotFound(enrollment)) return <NotAvailable message={enrollment.notFound} />;
  return <ManageProgress enrollment={enrollment} />;
}

/** The last Max score used on this device: five assessments out of 20 in a row need it typed once. */
const LAST_MAX_SCORE = 'btlsLastMaxScore';
function lastMaxScore(): string {
  try {
    return localStorage.getItem(LAST_MAX_SCORE) ?? '';
  } catch {
    return '';
  }
}
function rememberMaxScore(value: string) {
  try {
    if (value) localStorage.setItem(LAST_MAX_SCORE, value);
  } catch {
    // Site data blocked: nothing to remember, the field simply starts empty.
  }
}
const newRecord = (): RecordFields => ({ ...EMPTY_RECORD, maxScore: lastMaxScore() });

const fieldsOf = (r: ProgressRecord): RecordFields => ({
  assessmentName: r.assessmentName,
  score: r.score === null ? '' : String(r.score),
  maxScore: r.maxScore === null ? '' : String(r.maxScore),
  feedbackNotes: r.feedbackNotes ?? '',
});

function ManageProgress({ enrollment }: { enrollment: Enrollment }) {
  const i18n = useI18n();
  const { user, token } = useAuth();
  const userId = user?.id ?? 0;
  const { data: saved } = useSuspenseQuery(enrollmentProgressQuery(enrollment.id));
  // The records kept on this phone while it had no network, in the list until they are sent.
  const queued = useQueuedRecords(userId, enrollment.id);
  const { records, waitingFor } = withQueued(saved, queued);
  // The record being edited when it is one waiting on the phone (its write is changed, not sent again).
  const [editingQueued, setEditingQueued] = useState<QueuedWrite | null>(null);
  const addRecord = useAddProgress();
  const updateRecord = useUpdateProgress();
  const deleteRecord = useDeleteProgress();
  const markCompleted = useMarkTrainingCompleted();
  const { confirm, dialog } = useDialog();
  const [fields, setFields] = useState<RecordFields>(newRecord);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  // Where the last message belongs: beside the form after Add/Save, at the top after the other actions.
  const [noticeAtForm, setNoticeAtForm] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const firstField = () => form.current?.querySelector<HTMLInputElement>('input[name="assessmentName"]');
  // Tapping Edit brings the form (above the table) back into view with the record in it, ready to type.
  useEffect(() => {
    if (editing === null) return;
    form.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    firstField()?.focus({ preventScroll: true });
  }, [editing]);

  const bind = (name: keyof RecordFields) => ({
    name,
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  // The form's rules are fetched as soon as the page shows, not at its first tap: a signal that drops before
  // then must not keep a mark from being checked and kept on the phone.
  useEffect(() => void loadRules().catch(() => undefined), []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    setNoticeAtForm(true);
    // Offline before the rules came, the form says why it cannot check.
    const rules = await loadRules().catch(() => null);
    if (!rules) return setError(translateMessage(fallback.network));
    const checked = rules.recordPayload(fields);
    if ('problem' in checked) return setError(checked.problem);
    setError('');
    const done = (message: string) => {
      setNotice(message);
      rememberMaxScore(fields.maxScore);
      setFields(newRecord());
      setEditing(null);
      setEditingQueued(null);
      // Ready for the next assessment: the name field again, the message beside it.
      firstField()?.focus();
    };
    const keptOnPhone = i18n._({
      id: 'trainer.progress.keptOffline',
      message: 'No network: the record is saved on this phone and will be sent when the network is back.',
    });
    if (editingQueued) {
      // A record still waiting on the phone: what it says changes (its first version, maybe already received,
      // is sent as it was, then this as an update: stored once either way).
      const changed = await changeQueuedWrite(editingQueued.key, checked.payload).catch(() => null);
      if (changed === null) return setError(translateMessage(fallback.saveProgress));
      if (!changed) {
        setEditing(null);
        setEditingQueued(null);
        return setError(sentMeanwhile());
      }
      done(keptOnPhone);
      if (token) void sendWhenPossible(userId, token);
      return;
    }
    // One key per write from its first try: sent again later, it is stored once.
    const key = newWriteKey();
    try {
      if (editing === null) await addRecord.mutateAsync({ enrollmentId: enrollment.id, payload: checked.payload, key });
      else await updateRecord.mutateAsync({ recordId: editing, payload: checked.payload, key });
      done(
        editing === null
          ? i18n._({ id: 'trainer.progress.added', message: 'Progress record added.' })
          : i18n._({ id: 'trainer.progress.updated', message: 'Progress record updated.' }),
      );
    } catch (failure) {
      // No answer (no network): kept on the phone, sent when the network is back. A refusal is shown as it is.
      if (!(failure instanceof ApiError && failure.status === 0) || !token) return setError(errorMessage(failure));
      try {
        await queueWrite({
          key,
          userId,
          token,
          method: editing === null ? 'POST' : 'PUT',
          path: editing === null ? progressPaths.add(enrollment.id) : progressPaths.update(editing),
          body: checked.payload,
          // A record created offline and edited before it is sent: the edit follows as an update of it.
          ...(editing === null ? { updatePath: progressPaths.update('{id}'), answerId: ['record', 'id'] } : {}),
          about: { enrollmentId: enrollment.id, recordId: editing },
        });
      } catch {
        return setError(errorMessage(failure)); // no storage on this phone: the form keeps what was typed
      }
      done(keptOnPhone);
      void sendWhenPossible(userId, token);
    }
  }

  const sentMeanwhile = () =>
    i18n._({
      id: 'trainer.progress.sentMeanwhile',
      message: 'This record was sent meanwhile: it is in the list as the server keeps it. Edit it there.',
    });

  async function remove(record: ProgressRecord) {
    const waiting = waitingFor.get(record.id);
    if (
      !(await confirm(
        i18n._({
          id: 'trainer.progress.confirmDelete',
          message: 'Delete the record "{name}"?',
          values: { name: record.assessmentName },
        }),
      ))
    )
      return;
    // A record waiting on the phone (or refused on arrival) is only the phone's: removed here, nothing sent.
    if (waiting && record.id < 0) {
      setNoticeAtForm(false);
      const removed = await removeQueuedWrite(waiting.key).catch(() => null);
      if (removed === null) return setError(translateMessage(fallback.deleteProgress));
      if (!removed) return setError(sentMeanwhile());
      setNotice(i18n._({ id: 'trainer.progress.deleted', message: 'Progress record deleted.' }));
      return;
    }
    return removeSaved(record);
  }

  async function removeSaved(record: ProgressRecord) {
    setNoticeAtForm(false);
    try {
      await deleteRecord.mutateAsync(record.id);
      setNotice(i18n._({ id: 'trainer.progress.deleted', message: 'Progress record deleted.' }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function complete() {
    const question = i18n._({
      id: 'trainer.progress.confirmComplete',
      message: 'Mark this training as completed? The admin will be notified to issue the certificate.',
    });
    if (!(await confirm(question))) return;
    setNoticeAtForm(false);
    try {
      setNotice(noticeText(await markCompleted.mutateAsync(enrollment.id)));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const open = enrollment.status === 'Approved';
  return (
    <section className={styles.page}>
      <p>
        <Link to={paths.trainer.assignedStudents}>
          ← {i18n._({ id: 'trainer.progress.back', message: 'Back to assigned students' })}
        </Link>
      </p>
      <h1>{i18n._({ id: 'trainer.progress.title', message: 'Manage Student Progress' })}</h1>
      {!noticeAtForm && (
        <>
          <SuccessBanner>{notice}</SuccessBanner>
          <ErrorBanner>{error}</ErrorBanner>
        </>
      )}
      <EnrollmentFacts enrollment={enrollment}>
        {open && (
          <p>
            <Button variant="secondary" onClick={() => void complete()}>
              {i18n._({ id: 'trainer.progress.markCompleted', message: 'Mark training as completed' })}
            </Button>
          </p>
        )}
      </EnrollmentFacts>
      {/* The form comes first: a trainer adds a mark after every session, and the records grow below it. */}
      {open && (
        <form ref={form} className={styles.card} onSubmit={save} noValidate aria-labelledby="record-title">
          <h2 id="record-title">
            {editing === null
              ? i18n._({ id: 'trainer.progress.addTitle', message: 'Add a progress record' })
              : i18n._({ id: 'trainer.progress.editTitle', message: 'Edit the progress record' })}
          </h2>
          {noticeAtForm && (
            <>
              <SuccessBanner>{notice}</SuccessBanner>
              <ErrorBanner>{error}</ErrorBanner>
            </>
          )}
          <TextField
            label={i18n._({ id: 'trainer.progress.assessmentName', message: 'Assessment name' })}
            required
            {...bind('assessmentName')}
          />
          <div className={styles.row}>
            <TextField
              label={i18n._({ id: 'trainer.progress.score', message: 'Score' })}
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              {...bind('score')}
            />
            <TextField
              label={i18n._({ id: 'trainer.progress.maxScore', message: 'Max Score' })}
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              {...bind('maxScore')}
            />
          </div>
          <TextAreaField
            label={i18n._({ id: 'trainer.progress.feedback', message: 'Feedback' })}
            rows={3}
            {...bind('feedbackNotes')}
          />
          <div className={styles.actions}>
            <Button type="submit">
              {editing === null
                ? i18n._({ id: 'trainer.progress.addRecord', message: 'Add Record' })
                : i18n._({ id: 'trainer.progress.saveRecord', message: 'Save Record' })}
            </Button>
            {editing !== null && (
              <Button
                variant="secondary"
                onClick={() => {
                  setEditing(null);
                  setEditingQueued(null);
                  setFields(newRecord());
                }}
              >
                {i18n._({ id: 'trainer.progress.cancelEditing', message: 'Cancel editing' })}
              </Button>
            )}
          </div>
        </form>
      )}
      <h2>{i18n._({ id: 'trainer.progress.records', message: 'Progress records' })}</h2>
      <ProgressTable
        records={records}
        note={(r) => {
          const write = waitingFor.get(r.id);
          if (!write) return null;
          return write.state === 'refused' ? (
            <strong className={styles.danger}>
              {i18n._({
                id: 'trainer.progress.refused',
                message: 'Not saved: {reason}',
                values: {
                  reason: translateMessage(write.refusal?.message ?? '', write.refusal?.code, write.refusal?.params),
                },
              })}
            </strong>
          ) : (
            <em>{i18n._({ id: 'trainer.progress.waiting', message: 'Waiting to send' })}</em>
          );
        }}
        actions={(r) =>
          waitingFor.get(r.id)?.state === 'refused' ? (
            // Refused on arrival: the trainer has read why, and clears it from the phone.
            <button
              type="button"
              className={styles.linkButton}
              aria-label={i18n._({
                id: 'trainer.progress.dismissOf',
                message: 'Dismiss {name}',
                values: { name: r.assessmentName },
              })}
              onClick={() => void removeQueuedWrite(waitingFor.get(r.id)!.key).catch(() => undefined)}
            >
              {i18n._({ id: 'trainer.progress.dismiss', message: 'Dismiss' })}
            </button>
          ) : open ? (
            <span className={styles.actions}>
              <button
                type="button"
                className={styles.linkButton}
                aria-label={i18n._({
                  id: 'trainer.progress.editOf',
                  message: 'Edit {name}',
                  values: { name: r.assessmentName },
                })}
                onClick={() => {
                  setNotice('');
                  setError('');
                  setEditing(r.id);
                  setEditingQueued(waitingFor.get(r.id) ?? null);
                  setFields(fieldsOf(r));
                }}
              >
                {i18n._({ id: 'trainer.progress.edit', message: 'Edit' })}
              </button>
              <button
                type="button"
                className={`${styles.linkButton} ${styles.danger}`}
                aria-label={i18n._({
                  id: 'trainer.progress.deleteOf',
                  message: 'Delete {name}',
                  values: { name: r.assessmentName },
                })}
                onClick={() => void remove(r)}
              >
                {i18n._({ id: 'trainer.progress.delete', message: 'Delete' })}
              </button>
            </span>
          ) : (
            '—'
          )
        }
      />
      {dialog}
    </section>
  );
}
