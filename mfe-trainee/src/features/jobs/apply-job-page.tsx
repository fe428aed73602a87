/**
 * Applying for a job (issue 16): the certificates that will be shared, a phone number, a cover note and a PDF
 * CV, checked with the same schema the server uses. A visitor reaches it after signing in or registering
 * (the area's guard sends them and brings them back); other roles read why they cannot apply.
 */
import { useState, type FormEvent } from 'react';
import {
  applyForJob,
  COVER_NOTE_MAX,
  isNotFound,
  jobApplication,
  jobQuery,
  MAX_CV_BYTES,
  myCertificatesQuery,
  myJobApplicationForQuery,
  queryKeys,
  useQuery,
  useQueryClient,
} from '@btls/shared-api';
import { jobApplicationPayloadSchema, type Job, type MyJobApplication } from '@btls/shared-api/schemas';
import { Link, paths, useAuth, useParams } from '@btls/shared-auth';
import { Button, buttonClass, ErrorBanner, Spinner, SuccessBanner, TextAreaField, TextField } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { OnlyTrainees } from '../only-trainees';
import styles from './apply-job.module.css';

export function ApplyJobPage() {
  const { jobId = '' } = useParams();
  const { role } = useAuth();
  if (role !== 'trainee') {
    return (
      <OnlyTrainees
        title="Apply for a job"
        why={jobApplication.onlyTrainees}
        back={<Link to={paths.job(jobId)}>Back to the job</Link>}
      />
    );
  }
  return <TraineeApply jobId={jobId} />;
}

function TraineeApply({ jobId }: { jobId: string }) {
  const job = useQuery(jobQuery(jobId));
  const mine = useQuery(myJobApplicationForQuery(jobId));
  const [sent, setSent] = useState<MyJobApplication | null>(null);

  const back = (
    <Link className={styles.back} to={paths.job(jobId)}>
      ← Back to the job
    </Link>
  );
  const failure = job.error ?? mine.error;
  if (failure) {
    return (
      <main className={styles.page}>
        {back}
        <h1>Apply for a job</h1>
        <ErrorBanner>{failure.message}</ErrorBanner>
        <Button variant="secondary" onClick={() => void Promise.all([job.refetch(), mine.refetch()])}>
          Try Again
        </Button>
      </main>
    );
  }
  if (job.data === undefined || mine.isPending) {
    return (
      <main className={styles.page} aria-busy="true">
        {back}
        <h1>Apply for a job</h1>
        <Spinner label="Loading the job..." />
      </main>
    );
  }
  if (isNotFound(job.data)) {
    return (
      <main className={styles.page}>
        {back}
        <h1>Job not available</h1>
        <p>{job.data.notFound}</p>
        <Link to={paths.jobs}>See open jobs</Link>
      </main>
    );
  }
  const applied = sent ?? mine.data;
  return (
    <main className={styles.page}>
      {back}
      <h1>Apply: {job.data.title}</h1>
      <p className={styles.company}>{job.data.companyName || 'A Reputable Company'}</p>
      {applied ? (
        <section className={styles.card} aria-labelledby="applied-title">
          {sent && <SuccessBanner>{jobApplication.applied}</SuccessBanner>}
          <h2 id="applied-title">
            Applied on {formatDate(applied.appliedAt)} — {applied.status}
          </h2>
          <p>You can follow this application on your dashboard.</p>
          <Link className={buttonClass()} to={paths.dashboard}>
            My Job Applications
          </Link>
        </section>
      ) : (
        <ApplyForm job={job.data} onApplied={setSent} />
      )}
    </main>
  );
}

/** The first bytes of a PDF, whatever the file is called. */
async function looksLikePdf(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}

function ApplyForm({ job, onApplied }: { job: Job; onApplied: (application: MyJobApplication) => void }) {
  const certificates = useQuery(myCertificatesQuery());
  const client = useQueryClient();
  const [phone, setPhone] = useState('');
  const [coverNote, setCoverNote] = useState('');
  const [cv, setCv] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const shared = (certificates.data ?? []).filter((c) => !c.revokedAt);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = jobApplicationPayloadSchema.safeParse({ phone, coverNote });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? jobApplication.invalidPhone);
    if (cv && cv.size > MAX_CV_BYTES) return setError(jobApplication.cvTooLarge);
    if (cv && !(await looksLikePdf(cv))) return setError(jobApplication.cvNotPdf);
    setError('');
    setBusy(true);
    try {
      const application = await applyForJob(job.id, { phone, coverNote, cv });
      await client.invalidateQueries({ queryKey: queryKeys.jobApplications });
      onApplied(application);
    } catch (failure) {
      // The form stays as it was filled; the server's words say what to change.
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-describedby="apply-intro">
      <p id="apply-intro">Your application goes to the employer with the certificates below. Everything else is optional.</p>
      <ErrorBanner>{error}</ErrorBanner>
      <fieldset className={styles.certificates}>
        <legend>Certificates you share</legend>
        {certificates.isPending ? (
          <Spinner label="Loading your certificates..." />
        ) : certificates.error ? (
          <p>Your certificates could not be loaded; they are shared all the same.</p>
        ) : shared.length === 0 ? (
          <p>
            You have no certificates yet: you can still apply. <Link to={paths.courses}>Our courses</Link> give you one the employer can verify.
          </p>
        ) : (
          <ul>
            {shared.map((c) => (
              <li key={c.id}>
                <strong>{c.courseTitle}</strong> · issued {formatDate(c.issueDate)} ·{' '}
                <Link to={paths.verify(c.certificateCode)} target="_blank">
                  verify {c.certificateCode} <span className="visually-hidden">(opens in a new tab)</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <TextField
        label="Phone number (optional)"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="078 123 4567"
        hint="A Rwandan number, e.g. 078 123 4567 or +250 78 123 4567."
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      <TextAreaField
        label="Cover note (optional)"
        name="coverNote"
        rows={6}
        maxLength={COVER_NOTE_MAX}
        hint={`${coverNote.length.toLocaleString('en')} / ${COVER_NOTE_MAX.toLocaleString('en')} characters.`}
        value={coverNote}
        onChange={(e) => setCoverNote(e.target.value)}
      />
      <div className={styles.file}>
        <label htmlFor="cv">CV (optional, PDF, at most 2 MB)</label>
        <input id="cv" name="cv" type="file" accept="application/pdf,.pdf" onChange={(e) => setCv(e.target.files?.[0] ?? null)} />
      </div>
      <p className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send application'}
        </Button>
        <Link className={buttonClass('secondary')} to={paths.job(job.id)}>
          Cancel
        </Link>
      </p>
    </form>
  );
}
