import { isNotFound, jobQuery, myJobApplicationForQuery, useQuery, useSuspenseQuery } from '@btls/shared-api';
import { Link, paths, useAuth, useParams } from '@btls/shared-auth';
import { Button, buttonClass, Spinner } from '@btls/shared-ui/components';
import { useHydrated } from '@btls/shared-ui/hydrated';
import { orNA } from '@btls/shared-ui/format';
import { formatDate } from '@btls/shared-ui/format-date';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { PageHead } from '../../ui/page-head';
import pageStyles from '../courses/courses.module.css';
import { jobShareDescription, jobStructuredData } from './job-structured-data';
import { jobHtml } from './job-text';
import styles from './jobs.module.css';
import { postedAgo } from './jobs-page';

function NotAvailable({ message }: { message: string }) {
  return (
    <section className={pageStyles.empty}>
      <h1>Job not available</h1>
      <p>{message}</p>
    </section>
  );
}

function JobDetail({ id }: { id: string }) {
  const { data: job } = useSuspenseQuery(jobQuery(id));
  if (isNotFound(job)) return <NotAvailable message={job.notFound} />;
  const company = job.companyName || 'A Reputable Company';
  return (
    <article className={styles.job}>
      <PageHead
        title={`${job.title} at ${company}`}
        description={jobShareDescription(job)}
        path={paths.job(job.id)}
        type="article"
        structuredData={jobStructuredData(job)}
      />
      <h1>{job.title}</h1>
      <p className={styles.company}>{company}</p>
      <dl className={styles.facts}>
        <div><dt>Location</dt><dd>{orNA(job.location)}</dd></div>
        <div><dt>Job type</dt><dd>{orNA(job.jobType)}</dd></div>
        <div><dt>Salary</dt><dd>{job.salaryRange || 'Not stated'}</dd></div>
        <div><dt>Closing date</dt><dd>{job.closingDate ? formatDate(job.closingDate) : 'Open until filled'}</dd></div>
        <div><dt>Posted</dt><dd suppressHydrationWarning>{postedAgo(job.postedDate).replace('Posted ', '')}</dd></div>
      </dl>
      <h2>Description</h2>
      <div className={styles.html} dangerouslySetInnerHTML={{ __html: jobHtml(job.description) }} />
      {job.requirements && (
        <>
          <h2>Requirements</h2>
          <div className={styles.html} dangerouslySetInnerHTML={{ __html: jobHtml(job.requirements) }} />
        </>
      )}
      <ApplyArea jobId={job.id} />
    </article>
  );
}

/**
 * Apply Now, or what the signed-in user has to know instead. The page is rendered for a visitor on the server
 * and taken over as it is: the session is read only after that, and the box keeps its height whatever it says.
 */
function ApplyArea({ jobId }: { jobId: number }) {
  const hydrated = useHydrated();
  const { role } = useAuth();
  const who = hydrated ? role : null;
  const mine = useQuery({ ...myJobApplicationForQuery(String(jobId)), enabled: who === 'trainee' });
  const applied = who === 'trainee' ? mine.data : null;

  if (who && who !== 'trainee') {
    return (
      <div className={styles.apply}>
        <Button disabled aria-describedby="apply-why">
          Apply Now
        </Button>
        <span id="apply-why">Only trainees can apply for jobs: you are signed in as {who === 'admin' ? 'an admin' : who === 'employer' ? 'an employer' : `a ${who}`}.</span>
      </div>
    );
  }
  if (applied) {
    return (
      <div className={styles.apply} role="status">
        <p className={styles.applied}>
          Applied on {formatDate(applied.appliedAt)} — {applied.status}
        </p>
        <Link to={paths.dashboard}>See my job applications</Link>
      </div>
    );
  }
  return (
    <div className={styles.apply}>
      <Link className={buttonClass()} to={paths.applyForJob(jobId)} aria-describedby="apply-how">
        Apply Now
      </Link>
      <span id="apply-how">Apply in a minute: your verified certificates are your CV.</span>
    </div>
  );
}

export function JobDetailPage() {
  const { jobId = '' } = useParams();
  return (
    <main className={pageStyles.detail}>
      <Link className={pageStyles.back} to={paths.jobs}>
        ← Back to all jobs
      </Link>
      <QueryBoundary loading={<Spinner label="Loading job details..." />} error={(message) => <NotAvailable message={message} />}>
        <JobDetail id={jobId} />
      </QueryBoundary>
    </main>
  );
}
