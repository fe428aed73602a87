/**
 * Applying for a job: the certificates that will be shared, a phone number, a cover note and a CV (a PDF, a
 * Word document or a photo), checked with the same schema the server uses. What is typed is a draft kept on the
 * phone until it is sent. Sent without network, the application is kept on the phone and sent once when the
 * network returns ("Waiting to send"); refused on arrival, it waits with the server's words to be fixed or
 * discarded. A visitor reaches the page after signing in or registering (the area's guard sends them and brings
 * them back); other roles read why they cannot apply.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ApiError,
  COVER_NOTE_MAX,
  CV_ACCEPT,
  errorMessage,
  isNotFound,
  jobApplication,
  jobQuery,
  MAX_CV_BYTES,
  myCertificatesQuery,
  myJobApplicationForQuery,
  translateMessage,
  useApplyForJob,
  useQuery,
  valueText,
} from '@btls/shared-api';
import { checkForm, jobApplicationPayloadSchema, type Job, type MyJobApplication } from '@btls/shared-api/schemas';
import { Link, paths, useAuth, useI18n, useParams } from '@btls/shared-auth';
import {
  Button,
  buttonClass,
  ErrorBanner,
  Spinner,
  SuccessBanner,
  TextAreaField,
  TextField,
} from '@btls/shared-ui/components';
import { FormProblem, useFormProblem } from '@btls/shared-ui/form-problem';
import { useDraft, writeDraft } from '@btls/shared-ui/draft';
import { bringToView } from '@btls/shared-ui/focus-row';
import { formatNumber } from '@btls/shared-ui/format';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { OnlyTrainees } from '../only-trainees';
import styles from './apply-job.module.css';
import {
  keepApplication,
  newWriteKey,
  removeQueuedWrite,
  useKeptApplications,
  type KeptApplication,
} from './offline-applications';

/** The draft of the application for one job, per signed-in trainee. */
const draftOf = (jobId: number | string) => `job-application:${jobId}`;
const emptyDraft = { phone: '', coverNote: '', cv: null as Blob | null, cvName: '' };

export function ApplyJobPage() {
  const i18n = useI18n();
  const { jobId = '' } = useParams();
  const { role } = useAuth();
  if (role !== 'trainee') {
    return (
      <OnlyTrainees
        title={i18n._({ id: 'trainee.applyJob.title', message: 'Apply for a job' })}
        why={translateMessage(jobApplication.onlyTrainees)}
        back={<Link to={paths.job(jobId)}>{i18n._({ id: 'trainee.applyJob.back', message: 'Back to the job' })}</Link>}
      />
    );
  }
  return <TraineeApply jobId={jobId} />;
}

function TraineeApply({ jobId }: { jobId: string }) {
  const i18n = useI18n();
  const locale = useLocale();
  const { user, token } = useAuth();
  const userId = user?.id ?? 0;
  const kept = useKeptApplications({ userId, token }, Number(jobId));
  const job = useQuery(jobQuery(jobId));
  const mine = useQuery(myJobApplicationForQuery(jobId));
  const [sent, setSent] = useState<MyJobApplication | null>(null);
  const confirmation = useRef<HTMLElement>(null);
  // The form the trainee was at is gone: what was sent is brought into view and focused (a screen reader reads
  // it), instead of leaving a phone looking at an empty end of the page with the focus nowhere.
  useEffect(() => {
    if (!sent || !confirmation.current) return;
    confirmation.current.scrollIntoView?.({ block: 'start' });
    confirmation.current.focus({ preventScroll: true });
  }, [sent]);

  const back = (
    <Link className={styles.back} to={paths.job(jobId)}>
      ← {i18n._({ id: 'trainee.applyJob.back', message: 'Back to the job' })}
    </Link>
  );
  const waiting = kept.kept[0];
  const failure = job.error ?? mine.error;
  // Kept on this phone: said even when the job's page cannot be loaded (offline, not opened before).
  if (waiting && !mine.data && !sent) {
    return (
      <main className={styles.page}>
        {back}
        <h1>
          {waiting.jobTitle
            ? i18n._({ id: 'trainee.applyJob.heading', message: 'Apply: {title}', values: { title: waiting.jobTitle } })
            : i18n._({ id: 'trainee.applyJob.title', message: 'Apply for a job' })}
        </h1>
        <KeptCard application={waiting} userId={userId} />
      </main>
    );
  }
  if (failure) {
    return (
      <main className={styles.page}>
        {back}
        <h1>{i18n._({ id: 'trainee.applyJob.title', message: 'Apply for a job' })}</h1>
        <ErrorBanner>{errorMessage(failure)}</ErrorBanner>
        <Button variant="secondary" onClick={() => void Promise.all([job.refetch(), mine.refetch()])}>
          {i18n._({ id: 'common.tryAgain', message: 'Try Again' })}
        </Button>
      </main>
    );
  }
  if (job.data === undefined || mine.isPending || !kept.read) {
    return (
      <main className={styles.page} aria-busy="true">
        {back}
        <h1>{i18n._({ id: 'trainee.applyJob.title', message: 'Apply for a job' })}</h1>
        <Spinner label={i18n._({ id: 'trainee.applyJob.loading', message: 'Loading the job...' })} />
      </main>
    );
  }
  if (isNotFound(job.data)) {
    return (
      <main className={styles.page}>
        {back}
        <h1>{i18n._({ id: 'trainee.applyJob.notAvailable', message: 'Job not available' })}</h1>
        <p>{translateMessage(job.data.notFound)}</p>
        <Link to={paths.jobs}>{i18n._({ id: 'trainee.applyJob.seeOpenJobs', message: 'See open jobs' })}</Link>
      </main>
    );
  }
  const applied = sent ?? mine.data;
  return (
    <main className={styles.page}>
      {back}
      <h1>
        {i18n._({ id: 'trainee.applyJob.heading', message: 'Apply: {title}', values: { title: job.data.title } })}
      </h1>
      <p className={styles.company}>
        {job.data.companyName || i18n._({ id: 'trainee.applyJob.reputableCompany', message: 'A Reputable Company' })}
      </p>
      {applied ? (
        <section className={styles.card} aria-labelledby="applied-title" tabIndex={-1} ref={confirmation}>
          {sent && <SuccessBanner>{translateMessage(jobApplication.applied)}</SuccessBanner>}
          <h2 id="applied-title">
            {i18n._({
              id: 'trainee.applyJob.appliedOn',
              message: 'Applied on {date} — {status}',
              values: {
                date: formatDate(applied.appliedAt, undefined, locale),
                status: i18n._(valueText(applied.status)),
              },
            })}
          </h2>
          <p>
            {i18n._({ id: 'trainee.applyJob.follow', message: 'You can follow this application on your dashboard.' })}
          </p>
          <Link className={buttonClass()} to={paths.dashboard}>
            {i18n._({ id: 'trainee.applyJob.myApplications', message: 'My Job Applications' })}
          </Link>
        </section>
      ) : (
        <ApplyForm job={job.data} onApplied={setSent} userId={userId} token={token} />
      )}
    </main>
  );
}

/**
 * An application kept on this phone: waiting for the network (sent by itself, once), or refused on arrival with
 * the server's words (fixed in the form, or discarded).
 */
function KeptCard({ application, userId }: { application: KeptApplication; userId: number }) {
  const i18n = useI18n();
  const card = useRef<HTMLElement>(null);
  const refusal = application.write.state === 'refused' ? application.write.refusal : undefined;
  const [busy, setBusy] = useState(false);
  // Just kept (the form is gone): the card is read out and in view.
  useEffect(() => {
    if (card.current) bringToView(card.current, 'start');
  }, [refusal]);

  async function discard() {
    setBusy(true);
    await removeQueuedWrite(application.write.key).catch(() => undefined);
    setBusy(false);
  }
  /** Back in the form as it was, to change and send again (a new application, under a new key). */
  async function fix() {
    setBusy(true);
    await writeDraft(draftOf(application.jobId), userId, {
      phone: application.phone,
      coverNote: application.coverNote,
      cv: application.cv,
      cvName: application.cvName,
    });
    await removeQueuedWrite(application.write.key).catch(() => undefined);
    setBusy(false);
  }

  return (
    <section className={`${styles.card} ${styles.kept}`} aria-labelledby="kept-title" tabIndex={-1} ref={card}>
      <h2 id="kept-title">
        {refusal
          ? i18n._({ id: 'trainee.applyJob.refusedTitle', message: 'Not sent: the application was refused' })
          : i18n._({ id: 'trainee.applyJob.waitingTitle', message: 'Not sent yet — waiting to send' })}
      </h2>
      {refusal ? (
        <>
          <ErrorBanner>{translateMessage(refusal.message, refusal.code, refusal.params)}</ErrorBanner>
          <p>
            {i18n._({
              id: 'trainee.applyJob.refusedNext',
              message: 'Your application is still on this phone: change it and send it again, or discard it.',
            })}
          </p>
        </>
      ) : (
        <p role="status">
          {i18n._({
            id: 'trainee.applyJob.waitingNext',
            message:
              'There is no network, so your application has not reached the employer. It is kept on this phone, with your CV, and will be sent once, by itself, as soon as the network is back. You can leave this page.',
          })}
        </p>
      )}
      <dl className={styles.keptFields}>
        {application.phone && (
          <>
            <dt>{i18n._({ id: 'trainee.applyJob.keptPhone', message: 'Phone' })}</dt>
            <dd>{application.phone}</dd>
          </>
        )}
        {application.cvName && (
          <>
            <dt>{i18n._({ id: 'trainee.applyJob.keptCv', message: 'CV' })}</dt>
            <dd>{application.cvName}</dd>
          </>
        )}
        {application.coverNote && (
          <>
            <dt>{i18n._({ id: 'trainee.applyJob.keptNote', message: 'Cover note' })}</dt>
            <dd className={styles.note}>{application.coverNote}</dd>
          </>
        )}
      </dl>
      <p className={styles.actions}>
        {refusal && (
          <Button onClick={() => void fix()} disabled={busy}>
            {i18n._({ id: 'trainee.applyJob.fix', message: 'Change and send again' })}
          </Button>
        )}
        <Button variant="secondary" onClick={() => void discard()} disabled={busy}>
          {i18n._({ id: 'trainee.applyJob.discard', message: 'Discard this application' })}
        </Button>
      </p>
    </section>
  );
}

/**
 * The first bytes of a PDF, a Word document (.docx is a ZIP, .doc an OLE file) or a JPEG/PNG photo, whatever the
 * file is called: a quick check before sending (the server checks what is inside).
 */
async function looksLikeCv(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  return (
    starts(0x25, 0x50, 0x44, 0x46, 0x2d) || // %PDF-
    starts(0x50, 0x4b, 0x03, 0x04) || // ZIP (.docx)
    starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1) || // OLE (.doc)
    starts(0xff, 0xd8, 0xff) || // JPEG
    starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) // PNG
  );
}

function ApplyForm({
  job,
  onApplied,
  userId,
  token,
}: {
  job: Job;
  onApplied: (application: MyJobApplication) => void;
  userId: number;
  token: string | null;
}) {
  const i18n = useI18n();
  const locale = useLocale();
  const certificates = useQuery(myCertificatesQuery());
  const apply = useApplyForJob();
  // Kept on the phone while the trainee moves around the app (a refusal, no network, a look at the job again).
  const draft = useDraft(draftOf(job.id), userId, emptyDraft);
  const { phone, coverNote, cv, cvName } = draft.values;
  const form = useFormProblem();
  const [busy, setBusy] = useState(false);
  const shared = (certificates.data ?? []).filter((c) => !c.revokedAt);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(jobApplicationPayloadSchema, { phone, coverNote });
    if ('problem' in checked) return form.refuse(translateMessage(checked.problem), checked.field);
    if (cv && cv.size > MAX_CV_BYTES) return form.refuse(translateMessage(jobApplication.cvTooLarge), 'cv');
    if (cv && !(await looksLikeCv(cv))) return form.refuse(translateMessage(jobApplication.cvWrongKind), 'cv');
    form.clear();
    setBusy(true);
    const fields = { phone, coverNote, cv, cvName };
    // One key from the first try: if this one reached the server with its answer lost, the phone's later send
    // of the same application is stored once.
    const key = newWriteKey();
    try {
      const application = await apply.mutateAsync({ jobId: job.id, fields, key });
      draft.clear();
      onApplied(application);
    } catch (failure) {
      // No answer (no network, a dropped link): kept on the phone and sent when the network returns; the
      // page then shows it as waiting. The draft goes: the kept application is the one copy.
      if (failure instanceof ApiError && failure.status === 0 && token) {
        if (await keepApplication(job, fields, { userId, token }, key)) {
          draft.clear();
          return;
        }
      }
      // The form stays as it was filled; the server's words say what to change, beside the field they are about.
      form.fail(failure);
      setBusy(false);
    }
  }

  const cvError = form.errorFor('cv');
  return (
    <form ref={form.formRef} className={styles.card} onSubmit={submit} noValidate aria-describedby="apply-intro">
      {draft.restored && (
        <p className={styles.draftNote} role="status">
          {i18n._({
            id: 'trainee.applyJob.draftBack',
            message: 'Your application as you left it: it has not been sent yet.',
          })}{' '}
          <button type="button" className={styles.linkButton} onClick={draft.discard}>
            {i18n._({ id: 'trainee.applyJob.clearDraft', message: 'Start again' })}
          </button>
        </p>
      )}
      <p id="apply-intro">
        {i18n._({
          id: 'trainee.applyJob.intro',
          message: 'Your application goes to the employer with the certificates below. Everything else is optional.',
        })}
      </p>
      <FormProblem problem={form.problem} />
      <fieldset className={styles.certificates}>
        <legend>{i18n._({ id: 'trainee.applyJob.certificates', message: 'Certificates you share' })}</legend>
        {certificates.isPending ? (
          <Spinner label={i18n._({ id: 'trainee.certificates.loading', message: 'Loading your certificates...' })} />
        ) : certificates.error ? (
          <p>
            {i18n._({
              id: 'trainee.applyJob.certificatesFailed',
              message: 'Your certificates could not be loaded; they are shared all the same.',
            })}
          </p>
        ) : shared.length === 0 ? (
          <p>
            {i18n._({
              id: 'trainee.applyJob.noCertificates',
              message: 'You have no certificates yet: you can still apply.',
            })}{' '}
            <Link to={paths.courses}>{i18n._({ id: 'trainee.applyJob.ourCourses', message: 'Our courses' })}</Link>{' '}
            {i18n._({ id: 'trainee.applyJob.giveCertificate', message: 'give you one the employer can verify.' })}
          </p>
        ) : (
          <ul>
            {shared.map((c) => (
              <li key={c.id}>
                <strong>{c.courseTitle}</strong> ·{' '}
                {i18n._({
                  id: 'trainee.applyJob.issued',
                  message: 'issued {date}',
                  values: { date: formatDate(c.issueDate, undefined, locale) },
                })}{' '}
                ·{' '}
                <Link to={paths.verify(c.certificateCode)} target="_blank">
                  {i18n._({
                    id: 'trainee.applyJob.verify',
                    message: 'verify {code}',
                    values: { code: c.certificateCode },
                  })}{' '}
                  <span className="visually-hidden">
                    {i18n._({ id: 'common.newTab', message: '(opens in a new tab)' })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <TextField
        label={i18n._({ id: 'trainee.applyJob.phone', message: 'Phone number (optional)' })}
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="078 123 4567"
        hint={i18n._({
          id: 'trainee.applyJob.phoneAnyHint',
          message: 'With its country code, e.g. +256 772 123 456; a Rwandan number may be written 078 123 4567.',
        })}
        value={phone}
        error={form.errorFor('phone')}
        onChange={(e) => draft.set('phone', e.target.value)}
      />
      <TextAreaField
        label={i18n._({ id: 'trainee.applyJob.coverNote', message: 'Cover note (optional)' })}
        name="coverNote"
        rows={6}
        maxLength={COVER_NOTE_MAX}
        hint={i18n._({
          id: 'trainee.applyJob.characters',
          message: '{count} / {max} characters.',
          values: { count: formatNumber(coverNote.length, locale), max: formatNumber(COVER_NOTE_MAX, locale) },
        })}
        value={coverNote}
        error={form.errorFor('coverNote')}
        onChange={(e) => draft.set('coverNote', e.target.value)}
      />
      <CvChooser
        cv={cv}
        name={cvName}
        error={cvError}
        onChoose={(file) => draft.update({ cv: file, cvName: file?.name ?? '' })}
      />
      <p className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy
            ? i18n._({ id: 'trainee.applyJob.sending', message: 'Sending...' })
            : i18n._({ id: 'trainee.applyJob.send', message: 'Send application' })}
        </Button>
        <Link className={buttonClass('secondary')} to={paths.job(job.id)}>
          {i18n._({ id: 'common.cancel', message: 'Cancel' })}
        </Link>
      </p>
    </form>
  );
}

/**
 * The CV: a large "Choose your CV" button (the file input inside its label, hidden from sight but not from the
 * keyboard or a screen reader), the kinds and size said before choosing, the chosen file's name with a way to
 * remove it.
 */
function CvChooser({
  cv,
  name,
  error,
  onChoose,
}: {
  cv: Blob | null;
  name: string;
  error: string | undefined;
  onChoose: (file: File | null) => void;
}) {
  const i18n = useI18n();
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const megabytes = formatNumber(MAX_CV_BYTES / 1024 / 1024, locale);
  const described = ['cv-hint', error ? 'cv-error' : '', cv ? 'cv-chosen' : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.file} role="group" aria-labelledby="cv-legend">
      <span id="cv-legend" className={styles.fileLegend}>
        {i18n._({ id: 'trainee.applyJob.cvLegend', message: 'CV (optional)' })}
      </span>
      <span id="cv-hint" className={styles.fileHint}>
        {i18n._({
          id: 'trainee.applyJob.cvHint',
          message: 'PDF, Word or a photo of your CV, up to {size} MB.',
          values: { size: megabytes },
        })}
      </span>
      {error && (
        <span id="cv-error" className={styles.fileError}>
          {error}
        </span>
      )}
      <label className={styles.choose} data-invalid={error ? 'true' : undefined}>
        <input
          ref={input}
          id="cv"
          name="cv"
          type="file"
          className="visually-hidden"
          accept={CV_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
        />
        {cv
          ? i18n._({ id: 'trainee.applyJob.cvChange', message: 'Choose another CV' })
          : i18n._({ id: 'trainee.applyJob.cvChoose', message: 'Choose your CV' })}
      </label>
      <p id="cv-chosen" className={styles.chosen} aria-live="polite">
        {cv && (
          <>
            <span>
              {i18n._({
                id: 'trainee.applyJob.cvChosen',
                message: 'Chosen: {name} ({size} KB)',
                values: { name: name || 'CV', size: formatNumber(Math.max(1, Math.round(cv.size / 1024)), locale) },
              })}
            </span>
            <Button
              variant="secondary"
              onClick={() => {
                onChoose(null);
                if (input.current) input.current.value = '';
                input.current?.focus();
              }}
            >
              {i18n._({ id: 'trainee.applyJob.cvRemove', message: 'Remove the CV' })}
            </Button>
          </>
        )}
      </p>
    </div>
  );
}
