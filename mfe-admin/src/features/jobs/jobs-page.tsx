/** Moderation (issue 14): every job posting of every employer; an admin may take one down or delete it. */
import { JOB_TYPES, pagedLists } from '@btls/shared-api';
import { Link, paths, useSearchParams } from '@btls/shared-auth';
import { ErrorBanner, SelectField, SuccessBanner, Table } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { JobPostingFilters, JobRowActions, useJobPostingActions } from '@btls/shared-ui/job-postings';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';

const styles = withPanelPage(own);
const FILTERS = ['q', 'status', 'jobType'] as const;

export function JobsPage() {
  const list = usePagedList(useSearchParams(), pagedLists.jobPostings, FILTERS);
  const { toggle, remove, failure, notice, dialog } = useJobPostingActions(
    list,
    (job) => `Delete the job posting "${job.title}" of ${job.companyName}? This cannot be undone.`,
  );
  const jobs = list.items;

  return (
    <section className={styles.page}>
      <h1>Job Postings</h1>
      <p>Every employer's postings. Deactivating one takes it off the public job board; its employer can see it still.</p>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{failure || list.error}</ErrorBanner>
      <JobPostingFilters list={list} searchLabel="Search jobs">
        <SelectField label="Job type" value={list.filters.jobType} onChange={(e) => list.setFilter('jobType', e.target.value)}>
          <option value="">All types</option>
          {JOB_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </SelectField>
      </JobPostingFilters>
      <ListStates items={jobs} error={list.error} loading="Loading job postings..." empty="No job postings match.">
        {(rows) => (
        <Table
          caption="Job postings"
          rows={rows}
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
                <Link to={paths.admin.jobApplications(j.id)} aria-label={`Applications for ${j.title}: ${j.applicationCount ?? 0}`}>
                  {j.applicationCount ?? 0}
                </Link>
              ),
            },
            {
              header: 'Actions',
              cell: (j) => (
                <JobRowActions job={j} remove={remove}>
                  <button type="button" className={styles.linkButton} aria-label={`${j.isActive ? 'Deactivate' : 'Activate'} ${j.title}`} onClick={() => void toggle(j)}>
                    {j.isActive ? 'Deactivate' : 'Activate'}
                  </button>
                </JobRowActions>
              ),
            },
          ]}
        />
        )}
      </ListStates>
      <Pager list={list} label="Job postings" />
      {dialog}
    </section>
  );
}
