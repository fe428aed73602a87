import { enrollmentQuery, isNotFound, translateMessage, useSuspenseQuery } from '@btls/shared-api';
import type { Enrollment, ProgressRecord } from '@btls/shared-api/schemas';
import { Link, paths, useAuth, useI18n, useParams } from '@btls/shared-auth';
import { Button, ErrorBanner, Spinner, SuccessBanner, TextAreaField, TextField } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { EnrollmentFacts, ProgressTable } from '@btls/shared-ui/enrollment';
import { FormProblem } from '@btls/shared-ui/form-problem';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { PanelUnavailable } from '@btls/shared-ui/panel-states';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { ROW_ITEM } from '@btls/shared-ui/focus-row';
import own from './trainer.module.css';
import { useManageProgress } from './use-manage-progress';

const styles = withPanelPage(own);

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
    <Link className={styles.back} to={paths.trainer.assignedStudents}>
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

function ManageProgress({ enrollment }: { enrollment: Enrollment }) {
  const i18n = useI18n();
  const { confirm, dialog } = useDialog();
  const progress = useManageProgress(enrollment, confirm);
  const { records, waitingFor, bind, editing } = progress;
  // The training's end takes the form and its button away: its message at the top takes the keyboard.
  const messages = (takeFocus: boolean) => (
    <>
      <SuccessBanner takeFocus={takeFocus}>{progress.notice}</SuccessBanner>
      <ErrorBanner>{progress.error}</ErrorBanner>
    </>
  );

  const open = enrollment.status === 'Approved';
  return (
    <section className={styles.page}>
      <p>
        <Link className={styles.back} to={paths.trainer.assignedStudents}>
          ← {i18n._({ id: 'trainer.progress.back', message: 'Back to assigned students' })}
        </Link>
      </p>
      <h1>{i18n._({ id: 'trainer.progress.title', message: 'Manage Student Progress' })}</h1>
      {progress.messageAt === 'top' && messages(true)}
      <EnrollmentFacts enrollment={enrollment}>
        {open && (
          <p>
            <Button variant="secondary" onClick={() => void progress.complete()}>
              {i18n._({ id: 'trainer.progress.markCompleted', message: 'Mark training as completed' })}
            </Button>
          </p>
        )}
      </EnrollmentFacts>
      {/* The form comes first: a trainer adds a mark after every session, and the records grow below it. */}
      {open && (
        <form
          ref={progress.form}
          className={styles.card}
          onSubmit={progress.save}
          noValidate
          aria-labelledby="record-title"
        >
          <h2 id="record-title">
            {editing
              ? i18n._({ id: 'trainer.progress.editTitle', message: 'Edit the progress record' })
              : i18n._({ id: 'trainer.progress.addTitle', message: 'Add a progress record' })}
          </h2>
          <FormProblem problem={progress.problem} />
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
              {editing
                ? i18n._({ id: 'trainer.progress.saveRecord', message: 'Save Record' })
                : i18n._({ id: 'trainer.progress.addRecord', message: 'Add Record' })}
            </Button>
            {editing && (
              <Button variant="secondary" onClick={progress.cancelEditing}>
                {i18n._({ id: 'trainer.progress.cancelEditing', message: 'Cancel editing' })}
              </Button>
            )}
          </div>
        </form>
      )}
      <h2>{i18n._({ id: 'trainer.progress.records', message: 'Progress records' })}</h2>
      {/* By the records: what a write of one did (a deleted record's message takes the keyboard its row had). */}
      {progress.messageAt === 'records' && messages(progress.noticeTakesFocus)}
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
        actions={(r) => <RecordActions record={r} open={open} progress={progress} />}
      />
      {dialog}
    </section>
  );
}

/**
 * A record's actions: Edit (the form above takes it), and apart from it at the far end, Delete, which asks
 * first. A record the server refused on arrival offers Dismiss instead, which asks too: what it says is lost.
 */
function RecordActions({
  record: r,
  open,
  progress,
}: {
  record: ProgressRecord;
  open: boolean;
  progress: ReturnType<typeof useManageProgress>;
}) {
  const i18n = useI18n();
  const refused = progress.waitingFor.get(r.id)?.state === 'refused';
  if (!refused && !open) return '—';
  return (
    <span className={styles.recordActions} {...{ [ROW_ITEM]: r.id }}>
      {refused ? (
        <button
          type="button"
          className={`${styles.linkButton} ${styles.danger}`}
          aria-label={i18n._({
            id: 'trainer.progress.dismissOf',
            message: 'Dismiss {name}',
            values: { name: r.assessmentName },
          })}
          onClick={() => void progress.dismiss(r)}
        >
          {i18n._({ id: 'trainer.progress.dismiss', message: 'Dismiss' })}
        </button>
      ) : (
        <>
          <button
            type="button"
            className={styles.linkButton}
            aria-label={i18n._({
              id: 'trainer.progress.editOf',
              message: 'Edit {name}',
              values: { name: r.assessmentName },
            })}
            onClick={() => progress.startEditing(r)}
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
            onClick={() => void progress.remove(r)}
          >
            {i18n._({ id: 'trainer.progress.delete', message: 'Delete' })}
          </button>
        </>
      )}
    </span>
  );
}
