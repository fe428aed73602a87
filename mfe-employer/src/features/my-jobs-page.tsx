import { useState } from 'react';
import { errorMessage, pagedLists, useDeleteJob, useSetJobActive } from '@btls/shared-api';
import type { Job } from '@btls/shared-api/schemas';
import { Link, useLocation, useSearchParams } from '@btls/shared-auth';
import { buttonClass, ErrorBanner, SelectField, Spinner, SuccessBanner, Table, TextField } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { formatDate } from '@btls/shared-ui/format-date';
import { panelPage as styles } from '@btls/shared-ui/panel-page';
import { Pager, usePagedList } from '@btls/shared-ui/paging';

const FILTERS = ['q', 'status'] as const;

export function MyJobsPage() {
  const { confirm, dialog } = useDialog();
  const list = usePagedList(useSearchParams(), pagedLists.jobPostings, FILTERS);
  const setActive = useSetJobActive();
  const deletion = useDeleteJob();
  const jobs = list.items;
  const [failure, setError] = useState('');
  const error = failure || list.error;
  const [notice, setNotice] = useState((useLocation().state as { notice?: string } | null)?.notice ?? '');

  async function toggle(job: Job) {
    setError('');
    try {
      const answer = await setActive.mutateAsync({ id: job.id, isActive: !job.isActive });
      setNotice(answer.message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function remove(job: Job) {
    if (!(await confirm('Are you sure you want to delete this job posting? This action cannot be undone.'))) return;
    setError('');
    try {
      await deletion.mutateAsync(job.id);
      list.setItems((rows) => rows.filter((j) => j.id !== job.id));
      setNotice(`Job "${job.title}" deleted.`);
    } catch (failure) {
      setError(errorMessage(failure));
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
      <div className={styles.filters}>
        <TextField
          label="Search your jobs"
          type="search"
          placeholder="Title, company or location"
          value={list.filters.q}
          onChange={(e) => list.setFilter('q', e.target.value)}
        />
        <SelectField label="Status" value={list.filters.status} onChange={(e) => list.setFilter('status', e.target.value)}>
          <option value="">All</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </SelectField>
      </div>
      {jobs === null ? (
        <Spinner label="Loading your job postings..." />
      ) : jobs.length === 0 ? (
        !error && <p>{list.filters.q || list.filters.status ? 'No job postings match.' : 'You have not posted any jobs yet.'}</p>
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
              header: 'Applicants',
              cell: (j) => (
                <Link to={`/employer/jobs/${j.id}/applicants`} aria-label={`Applicants for ${j.title}: ${j.applicationCount ?? 0}, ${j.newApplicationCount ?? 0} new`}>
                  {j.applicationCount ?? 0}
                  {(j.newApplicationCount ?? 0) > 0 && <strong> ({j.newApplicationCount} new)</strong>}
                </Link>
              ),
            },
            {
              header: 'Status',
              cell: (j) => (
                <button type="button" className={styles.linkButton} onClick={() => void toggle(j)}>
                  {/* The name starts with what the button shows (WCAG 2.5.3), then says which job. */}
                  {j.isActive ? 'Active' : 'Inactive'} — {j.isActive ? 'deactivate' : 'activate'}
                  <span className="visually-hidden"> {j.title}</span>
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
      <Pager list={list} label="Job postings" />
      {dialog}
    </section>
  );
}
