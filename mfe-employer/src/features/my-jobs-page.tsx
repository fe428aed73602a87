import { pagedJobPostings, useDeleteJob, useSetJobActive, valueText } from '@btls/shared-api';
import { Link, paths, useI18n, useLocation, useSearchParams } from '@btls/shared-auth';
import { buttonClass, ErrorBanner, SuccessBanner, Table } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { JobPostingFilters, JobRowActions, useJobPostingActions } from '@btls/shared-ui/job-postings';
import { panelPage as styles } from '@btls/shared-ui/panel-page';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { ListStates } from '@btls/shared-ui/panel-states';

const FILTERS = ['q', 'status'] as const;

export function MyJobsPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const list = usePagedList(useSearchParams(), pagedJobPostings, FILTERS);
  const jobs = list.items;
  const { toggle, remove, failure, notice, dialog } = useJobPostingActions(
    list,
    { setActive: useSetJobActive(), deletion: useDeleteJob() },
    () =>
      i18n._({
        id: 'employer.myJobs.deleteConfirm',
        message: 'Are you sure you want to delete this job posting? This action cannot be undone.',
      }),
    (useLocation().state as { notice?: string } | null)?.notice,
  );
  const error = failure || list.error;

  return (
    <section className={styles.page}>
      <div className={styles.actions}>
        <h1>{i18n._({ id: 'employer.myJobs.title', message: 'My Job Postings' })}</h1>
        <Link className={buttonClass()} to={paths.employer.postJob}>
          {i18n._({ id: 'employer.myJobs.post', message: 'Post a Job' })}
        </Link>
      </div>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      <JobPostingFilters
        list={list}
        searchLabel={i18n._({ id: 'employer.myJobs.search', message: 'Search your jobs' })}
      />
      <ListStates
        items={jobs}
        error={list.error}
        loading={i18n._({ id: 'employer.myJobs.loading', message: 'Loading your job postings...' })}
        empty={
          list.filters.q || list.filters.status
            ? i18n._({ id: 'employer.myJobs.noMatch', message: 'No job postings match.' })
            : i18n._({ id: 'employer.myJobs.none', message: 'You have not posted any jobs yet.' })
        }
      >
        {(rows) => (
          <Table
            caption={i18n._({ id: 'employer.myJobs.caption', message: 'My job postings' })}
            rows={rows}
            rowKey={(j) => j.id}
            columns={[
              { header: i18n._({ id: 'employer.myJobs.colTitle', message: 'Title' }), cell: (j) => j.title },
              { header: i18n._({ id: 'employer.myJobs.colLocation', message: 'Location' }), cell: (j) => j.location },
              {
                header: i18n._({ id: 'employer.myJobs.colType', message: 'Type' }),
                cell: (j) => (j.jobType ? i18n._(valueText(j.jobType)) : ''),
              },
              {
                header: i18n._({ id: 'employer.myJobs.colPosted', message: 'Posted' }),
                cell: (j) => formatDate(j.postedDate, undefined, locale),
              },
              {
                header: i18n._({ id: 'employer.myJobs.colApplicants', message: 'Applicants' }),
                cell: (j) => (
                  <Link
                    to={paths.employer.applicants(j.id)}
                    aria-label={i18n._({
                      id: 'employer.myJobs.applicantsOf',
                      message: 'Applicants for {title}: {count}, {newCount} new',
                      values: { title: j.title, count: j.applicationCount ?? 0, newCount: j.newApplicationCount ?? 0 },
                    })}
                  >
                    {j.applicationCount ?? 0}
                    {(j.newApplicationCount ?? 0) > 0 && (
                      <strong>
                        {' '}
                        {i18n._({
                          id: 'employer.myJobs.newCount',
                          message: '({count} new)',
                          values: { count: j.newApplicationCount },
                        })}
                      </strong>
                    )}
                  </Link>
                ),
              },
              {
                header: i18n._({ id: 'employer.myJobs.colStatus', message: 'Status' }),
                cell: (j) => (
                  <button type="button" className={styles.linkButton} onClick={() => void toggle(j)}>
                    {/* The name starts with what the button shows (WCAG 2.5.3), then says which job. */}
                    {j.isActive
                      ? i18n._({ id: 'employer.myJobs.activeDeactivate', message: 'Active — deactivate' })
                      : i18n._({ id: 'employer.myJobs.inactiveActivate', message: 'Inactive — activate' })}
                    <span className="visually-hidden"> {j.title}</span>
                  </button>
                ),
              },
              {
                header: i18n._({ id: 'employer.myJobs.colActions', message: 'Actions' }),
                cell: (j) => (
                  <JobRowActions job={j} remove={remove}>
                    <Link
                      to={paths.employer.editJob(j.id)}
                      aria-label={i18n._({
                        id: 'employer.myJobs.editOf',
                        message: 'Edit {title}',
                        values: { title: j.title },
                      })}
                    >
                      {i18n._({ id: 'employer.myJobs.edit', message: 'Edit' })}
                    </Link>
                  </JobRowActions>
                ),
              },
            ]}
          />
        )}
      </ListStates>
      <Pager list={list} label={i18n._({ id: 'employer.myJobs.pages', message: 'Job postings' })} />
      {dialog}
    </section>
  );
}
