/**
 * Applying for a job: the certificates that will be shared, a phone number, a cover note and a PDF
 * CV, checked with the same schema the server uses. A visitor reaches it after signing in or registering
 * (the area's guard sends them and brings them back); other roles read why they cannot apply.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  COVER_NOTE_MAX,
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
import { formatNumber } from '@btls/shared-ui/format';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { OnlyTrainees } from '../only-trainees';
import styles from './apply-job.module.css';

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
  const failure = job.error ?? mine.error;
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
  if (job.data === undefined || mine.isPending) {
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
        <ApplyForm job={job.data} onApplied={setSent} />
      )}
    </main>
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

function ApplyForm({ job, onApplied }: { job: Job; onApplied: (application: MyJobApplication) => void }) {
  const i18n = useI18n();
  const locale = useLocale();
  const certificates = useQuery(myCertificatesQuery());
  const apply = useApplyForJob();
  const [phone, setPhone] = useState('');
  const [coverNote, setCoverNote] = useState('');
  const [cv, setCv] = useState<File | null>(null);
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
    try {
      onApplied(await apply.mutateAsync({ jobId: job.id, fields: { phone, coverNote, cv } }));
    } catch (failure) {
      // The form stays as it was filled; the server's words say what to change, beside the field they are about.
      form.fail(failure);
      setBusy(false);
    }
  }

  const cvError = form.errorFor('cv');
  return (
    <form ref={form.formRef} className={styles.card} onSubmit={submit} noValidate aria-describedby="apply-intro">
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
          id: 'trainee.applyJob.phoneHint',
          message: 'A Rwandan number, e.g. 078 123 4567 or +250 78 123 4567.',
        })}
        value={phone}
        error={form.errorFor('phone')}
        onChange={(e) => setPhone(e.target.value)}
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
        onChange={(e) => setCoverNote(e.target.value)}
      />
      <div className={styles.file}>
        <label htmlFor="cv">{i18n._({ id: 'trainee.applyJob.cv', message: 'CV (optional, PDF, at most 2 MB)' })}</label>
        {cvError && (
          <span id="cv-error" className={styles.fileError}>
            {cvError}
          </span>
        )}
        <input
          id="cv"
          name="cv"
          type="file"
          accept="application/pdf,.pdf"
          aria-invalid={cvError ? true : undefined}
          aria-describedby={cvError ? 'cv-error' : undefined}
          onChange={(e) => setCv(e.target.files?.[0] ?? null)}
        />
      </div>
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
