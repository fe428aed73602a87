import { pagedLists } from '@btls/shared-api';
import { Link, paths, useLocation, useSearchParams } from '@btls/shared-auth';
import { buttonClass, ErrorBanner, SuccessBanner, Table } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { JobPostingFilters, JobRowActions, useJobPostingActions } from '@btls/shared-ui/job-postings';
import { panelPage as styles } from '@btls/shared-ui/panel-page';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { ListStates } from '@btls/shared-ui/panel-states';

const FILTERS = ['q', 'status'] as const;

export function MyJobsPage() {
  const list = usePagedList(useSearchParams(), pagedLists.jobPostings, FILTERS);
  const jobs = list.items;
  const { toggle, remove, failure, notice, dialog } = useJobPostingActions(
    list,
    () => 'Are you sure you want to delete this job posting? This action cannot be undone.',
    (useLocation().state as { notice?: string } | null)?.notice,
  );
  const error = failure || list.error;

  return (
    <section className={styles.page}>
      <div className={styles.actions}>
        <h1>My Job Postings</h1>
        <Link className={buttonClass()} to={paths.employer.postJob}>
          Post a Job
        </Link>
      </div>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      <JobPostingFilters list={list} searchLabel="Search your jobs" />
      <ListStates
        items={jobs}
        error={list.error}
        loading="Loading your job postings..."
        empty={list.filters.q || list.filters.status ? 'No job postings match.' : 'You have not posted any jobs yet.'}
      >
        {(rows) => (
        <Table
          caption="My job postings"
          rows={rows}
          rowKey={(j) => j.id}
          columns={[
            { header: 'Title', cell: (j) => j.title },
            { header: 'Location', cell: (j) => j.location },
            { header: 'Type', cell: (j) => j.jobType },
            { header: 'Posted', cell: (j) => formatDate(j.postedDate) },
            {
              header: 'Applicants',
              cell: (j) => (
                <Link to={paths.employer.applicants(j.id)} aria-label={`Applicants for ${j.title}: ${j.applicationCount ?? 0}, ${j.newApplicationCount ?? 0} new`}>
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
                <JobRowActions job={j} remove={remove}>
                  <Link to={paths.employer.editJob(j.id)} aria-label={`Edit ${j.title}`}>
                    Edit
                  </Link>
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
