import { useEffect, useState } from 'react';
import { getJob } from '@btls/shared-api';
import type { Job } from '@btls/shared-api/schemas';
import { Link, useParams } from '@btls/shared-auth';
import { Button, Spinner } from '@btls/shared-ui/components';
import { formatDate, orNA } from '@btls/shared-ui/format';
import pageStyles from '../courses/courses.module.css';
import { jobHtml } from './job-text';
import styles from './jobs.module.css';
import { postedAgo } from './jobs-page';

export function JobDetailPage() {
  const { jobId = '' } = useParams();
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    getJob(jobId)
      .then((found) => current && setJob(found))
      .catch((failure: Error) => current && setError(failure.message));
    return () => {
      current = false;
    };
  }, [jobId]);

  return (
    <main className={pageStyles.detail}>
      <Link className={pageStyles.back} to="/jobs">
        ← Back to all jobs
      </Link>
      {error ? (
        <section className={pageStyles.empty}>
          <h1>Job not available</h1>
          <p>{error}</p>
        </section>
      ) : !job ? (
        <Spinner label="Loading job details..." />
      ) : (
        <article className={styles.job}>
          <h1>{job.title}</h1>
          <p className={styles.company}>{job.companyName || 'A Reputable Company'}</p>
          <dl className={styles.facts}>
            <div><dt>Location</dt><dd>{orNA(job.location)}</dd></div>
            <div><dt>Job type</dt><dd>{orNA(job.jobType)}</dd></div>
            <div><dt>Salary</dt><dd>{job.salaryRange || 'Not stated'}</dd></div>
            <div><dt>Closing date</dt><dd>{job.closingDate ? formatDate(job.closingDate) : 'Open until filled'}</dd></div>
            <div><dt>Posted</dt><dd>{postedAgo(job.postedDate).replace('Posted ', '')}</dd></div>
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
      )}
    </main>
  );
}
