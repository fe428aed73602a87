/** Moderation: every job posting of every employer; an admin may take one down or delete it. */
import { JOB_TYPES, pagedJobPostings, useDeleteJob, useSetJobActive, valueText } from '@btls/shared-api';
import type { Job } from '@btls/shared-api/schemas';
import { Link, paths, useI18n } from '@btls/shared-auth';
import { ErrorBanner, SelectField, SuccessBanner, Table } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { JobPostingFilters, JobRowActions, useJobPostingActions } from '@btls/shared-ui/job-postings';
import { activeFilters, ListTools } from '@btls/shared-ui/list-tools';
import { Pager } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';
import { SEARCH, useCheckedPagedList } from '@btls/shared-ui/address-filters';
import { ROW_ITEM } from '@btls/shared-ui/focus-row';
import { useFocusAfterChange } from '../focus-after-change';
import { TitleInLanguage } from '@btls/shared-ui/written-in';

const styles = withPanelPage(own);
const FILTERS = { q: SEARCH, status: ['active', 'inactive'], jobType: JOB_TYPES } as const;

export function JobsPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const list = useCheckedPagedList(FILTERS, pagedJobPostings);
  const writes = { setActive: useSetJobActive(), deletion: useDeleteJob() };
  const { toggle, remove, failure, notice, dialog } = useJobPostingActions(list, writes, (job) =>
    i18n._({
      id: 'admin.jobs.confirmDelete',
      message: 'Delete the job posting "{title}" of {company}? This cannot be undone.',
      values: { title: job.title, company: job.companyName },
    }),
  );
  const jobs = list.items;
  // A row a write took out of the list (deleted, or no longer of the status shown) leaves the focus on its message.
  const focus = useFocusAfterChange(jobs);
  // Followed only when the write was made: a cancelled or refused one leaves the focus where it is.
  const changing = (write: (job: Job) => Promise<boolean>) => async (job: Job) => {
    focus.before(job.id);
    if (await write(job)) focus.after();
  };

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.jobs.title', message: 'Job Postings' })}</h1>
      <p>
        {i18n._({
          id: 'admin.jobs.intro',
          message:
            "Every employer's postings. Deactivating one takes it off the public job board; its employer can see it still.",
        })}
      </p>
      <SuccessBanner takeFocus={focus.noticeTakesFocus}>{notice}</SuccessBanner>
      <ErrorBanner>{failure || list.error}</ErrorBanner>
      {/* On a phone the filters wait behind one button: the first postings come first. */}
      <ListTools
        active={activeFilters({
          q: list.filters.q ?? '',
          status: list.filters.status ?? '',
          jobType: list.filters.jobType ?? '',
        })}
        filters={
          <JobPostingFilters list={list} searchLabel={i18n._({ id: 'admin.jobs.search', message: 'Search jobs' })}>
            <SelectField
              label={i18n._({ id: 'admin.jobs.jobType', message: 'Job type' })}
              value={list.filters.jobType}
              onChange={(e) => list.setFilter('jobType', e.target.value)}
            >
              <option value="">{i18n._({ id: 'admin.jobs.allTypes', message: 'All types' })}</option>
              {JOB_TYPES.map((type) => (
                <option key={type} value={type}>
                  {i18n._(valueText(type))}
                </option>
              ))}
            </SelectField>
          </JobPostingFilters>
        }
      />
      <ListStates
        items={jobs}
        error={list.error}
        loading={i18n._({ id: 'admin.jobs.loading', message: 'Loading job postings...' })}
        empty={i18n._({ id: 'admin.jobs.noMatch', message: 'No job postings match.' })}
      >
        {(rows) => (
          <Table
            caption={i18n._({ id: 'admin.jobs.caption', message: 'Job postings' })}
            rows={rows}
            rowKey={(j) => j.id}
            columns={[
              {
                header: i18n._({ id: 'admin.jobs.jobTitle', message: 'Title' }),
                cell: (j) => <TitleInLanguage title={j.title} language={j.language} />,
              },
              { header: i18n._({ id: 'admin.jobs.company', message: 'Company' }), cell: (j) => j.companyName },
              { header: i18n._({ id: 'admin.jobs.location', message: 'Location' }), cell: (j) => j.location },
              {
                header: i18n._({ id: 'admin.jobs.posted', message: 'Posted' }),
                cell: (j) => formatDate(j.postedDate, 'MMM d, yyyy', locale),
              },
              {
                header: i18n._({ id: 'admin.jobs.status', message: 'Status' }),
                cell: (j) =>
                  j.isActive
                    ? i18n._({ id: 'admin.jobs.active', message: 'Active' })
                    : i18n._({ id: 'admin.jobs.inactive', message: 'Inactive' }),
              },
              {
                header: i18n._({ id: 'admin.jobs.applications', message: 'Applications' }),
                cell: (j) => (
                  <Link
                    className={styles.countLink}
                    to={paths.admin.jobApplications(j.id)}
                    aria-label={i18n._({
                      id: 'admin.jobs.applicationsFor',
                      message: 'Applications for {title}: {count}',
                      values: { title: j.title, count: j.applicationCount ?? 0 },
                    })}
                  >
                    {j.applicationCount ?? 0}
                  </Link>
                ),
              },
              {
                header: i18n._({ id: 'admin.jobs.actions', message: 'Actions' }),
                cell: (j) => (
                  <JobRowActions job={j} remove={changing(remove)}>
                    <button
                      type="button"
                      className={styles.linkButton}
                      {...{ [ROW_ITEM]: j.id }}
                      aria-label={
                        j.isActive
                          ? i18n._({
                              id: 'admin.jobs.deactivateOf',
                              message: 'Deactivate {title}',
                              values: { title: j.title },
                            })
                          : i18n._({
                              id: 'admin.jobs.activateOf',
                              message: 'Activate {title}',
                              values: { title: j.title },
                            })
                      }
                      onClick={() => void changing(toggle)(j)}
                    >
                      {j.isActive
                        ? i18n._({ id: 'admin.jobs.deactivate', message: 'Deactivate' })
                        : i18n._({ id: 'admin.jobs.activate', message: 'Activate' })}
                    </button>
                  </JobRowActions>
                ),
              },
            ]}
          />
        )}
      </ListStates>
      <Pager list={list} label={i18n._({ id: 'admin.jobs.caption', message: 'Job postings' })} />
      {dialog}
    </section>
  );
}
