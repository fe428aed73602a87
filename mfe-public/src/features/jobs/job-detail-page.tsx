import { isNotFound, jobQuery, useSuspenseQuery } from '@btls/shared-api';
import { Link, useParams } from '@btls/shared-auth';
import { Button, Spinner } from '@btls/shared-ui/components';
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
        path={`/jobs/${job.id}`}
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
      <p className={styles.apply}>
        <Button disabled aria-describedby="apply-soon">
          Apply Now (Coming Soon)
        </Button>
        <span id="apply-soon">Online applications are coming soon.</span>
      </p>
    </article>
  );
}

export function JobDetailPage() {
  const { jobId = '' } = useParams();
  return (
    <main className={pageStyles.detail}>
      <Link className={pageStyles.back} to="/jobs">
        ← Back to all jobs
      </Link>
      <QueryBoundary loading={<Spinner label="Loading job details..." />} error={(message) => <NotAvailable message={message} />}>
        <JobDetail id={jobId} />
      </QueryBoundary>
    </main>
  );
}
