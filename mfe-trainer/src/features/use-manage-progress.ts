/**
 * The state and writes of a student's progress page: the records (the server's, and those still waiting on the
 * phone), the record form, and what Add/Save, Delete and "Mark training as completed" do — online, or kept on
 * the phone when there is no network — and where the keyboard lands after each. The page
 * (student-progress-page.tsx) only shows them.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  enrollmentProgressQuery,
  errorMessage,
  fallback,
  noticeText,
  translateMessage,
  useMarkTrainingCompleted,
  useSuspenseQuery,
} from '@btls/shared-api';
import type { Enrollment, ProgressRecord } from '@btls/shared-api/schemas';
import { useAuth, useI18n } from '@btls/shared-auth';
import { useFormProblem } from '@btls/shared-ui/form-problem';
import { useLanding } from './focus-row';
import { removeQueuedWrite, useQueuedRecords, useSentSince, withQueued, type QueuedWrite } from './offline-records';
import { EMPTY_RECORD, type RecordFields } from './record-fields';
import { useRecordWrites, type FormWrite } from './use-record-writes';

const loadRules = () => import('./progress-form');

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

/** `confirm` asks the trainer (the page's dialog); the answer is whether to go on. */
export function useManageProgress(enrollment: Enrollment, confirm: (question: string) => Promise<boolean>) {
  const i18n = useI18n();
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const { data: saved } = useSuspenseQuery(enrollmentProgressQuery(enrollment.id));
  // The records kept on this phone while it had no network, in the list until they are sent.
  const queued = useQueuedRecords(userId, enrollment.id);
  const { records, waitingFor } = withQueued(saved, queued);
  // The record being edited when it is one waiting on the phone (its write is changed, not sent again).
  const [editingQueued, setEditingQueued] = useState<QueuedWrite | null>(null);
  const writes = useRecordWrites(enrollment.id);
  const markCompleted = useMarkTrainingCompleted();
  const [fields, setFields] = useState<RecordFields>(newRecord);
  const [editing, setEditing] = useState<number | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // A refusal of the form (its rules, or the server's words) beside the field it is about.
  const problem = useFormProblem(form);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  // Where the last message belongs: by the records after a write of one, at the top after the training's end.
  const [messageAt, setMessageAt] = useState<'records' | 'top'>('records');
  // Where the keyboard goes after a write, once the list shows it.
  const { land: setLanding, noticeTakesFocus, noticeLeavesFocus } = useLanding(records, waitingFor);
  const firstField = () => form.current?.querySelector<HTMLInputElement>('input[name="assessmentName"]');
  // Tapping Edit brings the form (above the table) back into view with the record in it, ready to type.
  useEffect(() => {
    if (editing === null) return;
    form.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    firstField()?.focus({ preventScroll: true });
  }, [editing]);

  // The form's rules are fetched as soon as the page shows, not at its first tap: a signal that drops before
  // then must not keep a mark from being checked and kept on the phone.
  useEffect(() => void loadRules().catch(() => undefined), []);

  const bind = (name: keyof RecordFields) => ({
    name,
    value: fields[name],
    error: problem.errorFor(name),
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  const sentMeanwhile = () =>
    i18n._({
      id: 'trainer.progress.sentMeanwhile',
      message: 'This record was sent meanwhile: it is in the list as the server keeps it. Edit it there.',
    });
  const keptOnPhone = () =>
    i18n._({
      id: 'trainer.progress.keptOffline',
      message: 'No network: the record is saved on this phone and will be sent when the network is back.',
    });
  const deleted = () => i18n._({ id: 'trainer.progress.deleted', message: 'Progress record deleted.' });
  // "No network: saved on this phone" holds until the record is sent; then the message says it was.
  const sentSince = useSentSince(queued.length, notice === keptOnPhone());
  useEffect(() => {
    if (sentSince)
      setNotice(
        i18n._({
          id: 'trainer.progress.sentNow',
          message: 'Sent: the records kept on this phone have reached the server.',
        }),
      );
  }, [sentSince, i18n]);

  function stopEditing() {
    setEditing(null);
    setEditingQueued(null);
  }

  /** A message by the records (what a write did, or why it could not), the last one's place taken. */
  function say(message: { notice: string } | { error: string }) {
    setMessageAt('records');
    noticeLeavesFocus();
    setNotice('notice' in message ? message.notice : '');
    setError('error' in message ? message.error : '');
  }

  /**
   * What a write of the form came to. Saved (or kept on the phone): the form is empty again for the next
   * assessment, and the record, where it now is in the list, has the keyboard. Refused: why, beside the field it
   * names; what was typed stays.
   */
  function written(write: FormWrite) {
    if ('failure' in write) return problem.fail(write.failure);
    if ('refused' in write) return problem.refuse(write.refused);
    if ('sentMeanwhile' in write) {
      stopEditing();
      return problem.refuse(sentMeanwhile());
    }
    const said = {
      added: () => i18n._({ id: 'trainer.progress.added', message: 'Progress record added.' }),
      updated: () => i18n._({ id: 'trainer.progress.updated', message: 'Progress record updated.' }),
      kept: keptOnPhone,
    }[write.done];
    say({ notice: said() });
    rememberMaxScore(fields.maxScore);
    setFields(newRecord());
    stopEditing();
    setLanding(write.landing);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    setError('');
    // Offline before the rules came, the form says why it cannot check.
    const rules = await loadRules().catch(() => null);
    if (!rules) return problem.refuse(translateMessage(fallback.network));
    const checked = rules.recordPayload(fields);
    if ('problem' in checked)
      return problem.refuseAll(checked.problems.map((one) => ({ ...one, message: translateMessage(one.message) })));
    problem.clear();
    written(
      editingQueued
        ? await writes.changeWaiting(editingQueued, checked.payload)
        : await writes.send(checked.payload, editing),
    );
  }

  async function remove(record: ProgressRecord) {
    const question = i18n._({
      id: 'trainer.progress.confirmDelete',
      message: 'Delete the record "{name}"?',
      values: { name: record.assessmentName },
    });
    if (!(await confirm(question))) return;
    const removed = await writes.remove(record, waitingFor.get(record.id));
    if ('error' in removed) return say({ error: removed.error });
    if ('sentMeanwhile' in removed) return say({ error: sentMeanwhile() });
    if (editing === record.id) cancelEditing();
    say({ notice: deleted() });
    setLanding(removed.landing);
  }

  async function complete() {
    const question = i18n._({
      id: 'trainer.progress.confirmComplete',
      message: 'Mark this training as completed? The admin will be notified to issue the certificate.',
    });
    if (!(await confirm(question))) return;
    // The button and the form go with the open training: the message at the top takes the keyboard.
    setMessageAt('top');
    setNotice('');
    setError('');
    try {
      setNotice(noticeText(await markCompleted.mutateAsync(enrollment.id)));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  function startEditing(record: ProgressRecord) {
    setNotice('');
    setError('');
    problem.clear();
    setEditing(record.id);
    setEditingQueued(waitingFor.get(record.id) ?? null);
    setFields(fieldsOf(record));
  }

  /** Back to a new record; the keyboard back on the record that was being edited. */
  function cancelEditing() {
    if (editing !== null) setLanding({ record: editing });
    problem.clear();
    stopEditing();
    setFields(newRecord());
  }

  /**
   * A record refused on arrival: the trainer has read why, and clears it from the phone once they confirm (what
   * it says is lost with it).
   */
  async function dismiss(record: ProgressRecord) {
    const write = waitingFor.get(record.id);
    if (!write) return;
    const question = i18n._({
      id: 'trainer.progress.confirmDismiss',
      message: 'Remove "{name}" from this phone? It was not saved, and what it says will be lost.',
      values: { name: record.assessmentName },
    });
    if (!(await confirm(question))) return;
    await removeQueuedWrite(write.key).catch(() => undefined);
    say({ notice: i18n._({ id: 'trainer.progress.dismissed', message: 'Removed from this phone.' }) });
    setLanding({ goneWaiting: write.key });
  }

  return {
    records,
    waitingFor,
    form,
    problem: problem.problem,
    bind,
    editing: editing !== null,
    notice,
    error,
    messageAt,
    noticeTakesFocus,
    save,
    remove,
    complete,
    startEditing,
    cancelEditing,
    dismiss,
  };
}
