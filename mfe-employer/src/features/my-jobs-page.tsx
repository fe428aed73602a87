import { useEffect, useState } from 'react';
import { deleteJob, getMyPostings, setJobActive } from '@btls/shared-api';
import type { Job } from '@btls/shared-api/schemas';
import { Link, useLocation } from '@btls/shared-auth';
import { buttonClass, ErrorBanner, Spinner, SuccessBanner, Table } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { formatDate } from '@btls/shared-ui/format-date';
import { panelPage as styles } from '@btls/shared-ui/panel-page';

export function MyJobsPage() {
  const { confirm, dialog } = useDialog();
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState((useLocation().state as { notice?: string } | null)?.notice ?? '');
  useEffect(() => {
    getMyPostings()
      .then(setJobs)
      .catch((failure: Error) => {
        setJobs([]);
        setError(failure.message);
      });
  }, []);

  async function toggle(job: Job) {
    setError('');
    try {
      const answer = await setJobActive(job.id, !job.isActive);
      setJobs((list) => list?.map((j) => (j.id === job.id ? answer.job : j)) ?? null);
      setNotice(answer.message);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  async function remove(job: Job) {
    if (!(await confirm('Are you sure you want to delete this job posting? This action cannot be undone.'))) return;
    setError('');
    try {
      await deleteJob(job.id);
      setJobs((list) => list?.filter((j) => j.id !== job.id) ?? null);
      setNotice(`Job "${job.title}" deleted.`);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <section className={styles.page}>
      <div className={styles.actions}>
        <h1>My Job Postings</h1>
        <Link className={buttonClass()} to="/employer/post-job">
          Post a Job
        </Link>
      </div>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      {jobs === null ? (
        <Spinner label="Loading your job postings..." />
      ) : jobs.length === 0 ? (
        !error && <p>You have not posted any jobs yet.</p>
      ) : (
        <Table
          caption="My job postings"
          rows={jobs}
          rowKey={(j) => j.id}
          columns={[
            { header: 'Title', cell: (j) => j.title },
            { header: 'Location', cell: (j) => j.location },
            { header: 'Type', cell: (j) => j.jobType },
            { header: 'Posted', cell: (j) => formatDate(j.postedDate) },
            {
              header: 'Status',
              cell: (j) => (
                <button type="button" className={styles.linkButton} aria-label={`${j.isActive ? 'Deactivate' : 'Activate'} ${j.title}`} onClick={() => void toggle(j)}>
                  {j.isActive ? 'Active' : 'Inactive'} — {j.isActive ? 'deactivate' : 'activate'}
                </button>
              ),
            },
            {
              header: 'Actions',
              cell: (j) => (
                <span className={styles.actions}>
                  <Link to={`/employer/jobs/edit/${j.id}`} aria-label={`Edit ${j.title}`}>
                    Edit
                  </Link>
                  <button type="button" className={`${styles.linkButton} ${styles.danger}`} aria-label={`Delete ${j.title}`} onClick={() => void remove(j)}>
                    Delete
                  </button>
                </span>
              ),
            },
          ]}
        />
      )}
      {dialog}
    </section>
  );
}
