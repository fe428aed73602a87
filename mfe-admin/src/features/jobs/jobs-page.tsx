/** Moderation (issue 14): every job posting of every employer; an admin may take one down or delete it. */
import { useState } from 'react';
import { errorMessage, JOB_TYPES, pagedLists, useDeleteJob, useSetJobActive } from '@btls/shared-api';
import type { Job } from '@btls/shared-api/schemas';
import { Link, useSearchParams } from '@btls/shared-auth';
import { ErrorBanner, SelectField, Spinner, SuccessBanner, Table, TextField } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { formatDate } from '@btls/shared-ui/format-date';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);
const FILTERS = ['q', 'status', 'jobType'] as const;

export function JobsPage() {
  const list = usePagedList(useSearchParams(), pagedLists.jobPostings, FILTERS);
  const setActive = useSetJobActive();
  const deletion = useDeleteJob();
  const { confirm, dialog } = useDialog();
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const jobs = list.items;

  async function toggle(job: Job) {
    setFailure('');
    setNotice('');
    try {
      const answer = await setActive.mutateAsync({ id: job.id, isActive: !job.isActive });
      setNotice(answer.message);
    } catch (e) {
      setFailure(errorMessage(e));
    }
  }

  async function remove(job: Job) {
    if (!(await confirm(`Delete the job posting "${job.title}" of ${job.companyName}? This cannot be undone.`))) return;
    setFailure('');
    setNotice('');
    try {
      await deletion.mutateAsync(job.id);
      list.setItems((rows) => rows.filter((j) => j.id !== job.id));
      setNotice(`Job "${job.title}" deleted.`);
    } catch (e) {
      setFailure(errorMessage(e));
    }
  }

  return (
    <section className={styles.page}>
      <h1>Job Postings</h1>
      <p>Every employer's postings. Deactivating one takes it off the public job board; its employer can see it still.</p>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{failure || list.error}</ErrorBanner>
      <div className={styles.filters}>
        <TextField
          label="Search jobs"
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
        <SelectField label="Job type" value={list.filters.jobType} onChange={(e) => list.setFilter('jobType', e.target.value)}>
          <option value="">All types</option>
          {JOB_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </SelectField>
      </div>
      {jobs === null ? (
        <Spinner label="Loading job postings..." />
      ) : jobs.length === 0 ? (
        !list.error && <p>No job postings match.</p>
      ) : (
        <Table
          caption="Job postings"
          rows={jobs}
          rowKey={(j) => j.id}
          columns={[
            { header: 'Title', cell: (j) => j.title },
            { header: 'Company', cell: (j) => j.companyName },
            { header: 'Location', cell: (j) => j.location },
            { header: 'Posted', cell: (j) => formatDate(j.postedDate) },
            { header: 'Status', cell: (j) => (j.isActive ? 'Active' : 'Inactive') },
            {
              header: 'Applications',
              cell: (j) => (
                <Link to={`/admin/jobs/${j.id}/applications`} aria-label={`Applications for ${j.title}: ${j.applicationCount ?? 0}`}>
                  {j.applicationCount ?? 0}
                </Link>
              ),
            },
            {
              header: 'Actions',
              cell: (j) => (
                <span className={styles.actions}>
                  <button type="button" className={styles.linkButton} aria-label={`${j.isActive ? 'Deactivate' : 'Activate'} ${j.title}`} onClick={() => void toggle(j)}>
                    {j.isActive ? 'Deactivate' : 'Activate'}
                  </button>
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
