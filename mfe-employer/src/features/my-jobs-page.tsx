import { pagedJobPostings, useDeleteJob, useSetJobActive, valueText } from '@btls/shared-api';
import { Link, paths, useI18n, useLocation, useSearchParams } from '@btls/shared-auth';
import { buttonClass, ErrorBanner, SuccessBanner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { JobPostingFilters, useJobPostingActions } from '@btls/shared-ui/job-postings';
import { formatJobSalary } from '@btls/shared-ui/format';
import { activeFilters, ListTools } from '@btls/shared-ui/list-tools';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from './employer.module.css';
import { textLang, WrittenIn } from '@btls/shared-ui/written-in';

const styles = withPanelPage(own);

const FILTERS = ['q', 'status'] as const;

export function MyJobsPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const list = usePagedList(useSearchParams(), pagedJobPostings, FILTERS);
  const jobs = list.items;
  const { toggle, remove, failure, notice, noticeTakesFocus, dialog } = useJobPostingActions(
    list,
    { setActive: useSetJobActive(), deletion: useDeleteJob() },
    (job) =>
      i18n._({
        id: 'employer.myJobs.deleteConfirmOf',
        message:
          'Delete the job posting "{title}"? It leaves the job board and its applicants are no longer listed here. This cannot be undone.',
        values: { title: job.title },
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
      <SuccessBanner takeFocus={noticeTakesFocus}>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      {/* On a phone the filters wait behind one button: the first postings come first. */}
      <ListTools
        active={activeFilters({ q: list.filters.q ?? '', status: list.filters.status ?? '' })}
        filters={
          <JobPostingFilters
            list={list}
            searchLabel={i18n._({ id: 'employer.myJobs.search', message: 'Search your jobs' })}
          />
        }
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
          // A card per posting rather than a table: on a phone its actions get the card's whole width.
          <ul
            className={styles.postings}
            aria-label={i18n._({ id: 'employer.myJobs.caption', message: 'My job postings' })}
          >
            {rows.map((j) => (
              <li key={j.id}>
                <article className={styles.posting} aria-labelledby={`posting-${j.id}`}>
                  <h2 id={`posting-${j.id}`} {...textLang(i18n, j.language)}>
                    {j.title}
                  </h2>
                  <WrittenIn language={j.language} />
                  <dl className={styles.postingFacts}>
                    <div>
                      <dt>{i18n._({ id: 'employer.myJobs.colLocation', message: 'Location' })}</dt>
                      <dd>{j.location}</dd>
                    </div>
                    <div>
                      <dt>{i18n._({ id: 'employer.myJobs.colType', message: 'Type' })}</dt>
                      <dd>{j.jobType ? i18n._(valueText(j.jobType)) : '—'}</dd>
                    </div>
                    <div>
                      <dt>{i18n._({ id: 'employer.myJobs.colPosted', message: 'Posted' })}</dt>
                      <dd>{formatDate(j.postedDate, undefined, locale)}</dd>
                    </div>
                    <div>
                      <dt>{i18n._({ id: 'employer.myJobs.colStatus', message: 'Status' })}</dt>
                      <dd>
                        {j.isActive
                          ? i18n._({ id: 'employer.myJobs.statusActive', message: 'Active, on the job board' })
                          : i18n._({
                              id: 'employer.myJobs.statusInactive',
                              message: 'Inactive, hidden from job seekers',
                            })}
                      </dd>
                    </div>
                    <div>
                      <dt>{i18n._({ id: 'employer.myJobs.colSalary', message: 'Salary' })}</dt>
                      <dd>{formatJobSalary(j, i18n) ?? '—'}</dd>
                    </div>
                  </dl>
                  {/* One tap from a posting to its applicants, saying how many wait for a first look. */}
                  <p className={styles.applicants}>
                    <Link
                      className={buttonClass(j.newApplicationCount ? 'primary' : 'secondary')}
                      to={paths.employer.applicants(j.id)}
                    >
                      {i18n._({
                        id: 'employer.myJobs.applicantsNew',
                        message: '{count, plural, one {Applicants ({count} new)} other {Applicants ({count} new)}}',
                        values: { count: j.newApplicationCount ?? 0 },
                      })}{' '}
                      <span className="visually-hidden">{j.title}</span>
                    </Link>
                    <span className={styles.muted}>
                      {i18n._({
                        id: 'employer.myJobs.applicantsInAll',
                        message: '{count, plural, one {{count} in all} other {{count} in all}}',
                        values: { count: j.applicationCount ?? 0 },
                      })}
                    </span>
                  </p>
                  {/* Delete stands apart from the everyday actions (Activate beside it invited the wrong tap):
                      on its own line under a rule, and it asks first. */}
                  <div className={styles.postingActions}>
                    <span className={styles.everyday}>
                      {/* The status is said above; the button says only what it does. Its name starts with what it
                        shows (WCAG 2.5.3), then says which job. */}
                      <button type="button" className={buttonClass('secondary')} onClick={() => void toggle(j)}>
                        {j.isActive
                          ? i18n._({ id: 'employer.myJobs.deactivate', message: 'Deactivate' })
                          : i18n._({ id: 'employer.myJobs.activate', message: 'Activate' })}
                        <span className="visually-hidden"> {j.title}</span>
                      </button>
                      <Link
                        className={buttonClass('secondary')}
                        to={paths.employer.editJob(j.id)}
                        aria-label={i18n._({
                          id: 'employer.myJobs.editOf',
                          message: 'Edit {title}',
                          values: { title: j.title },
                        })}
                      >
                        {i18n._({ id: 'employer.myJobs.edit', message: 'Edit' })}
                      </Link>
                    </span>
                    <button
                      type="button"
                      className={`${buttonClass('secondary')} ${styles.destructive}`}
                      aria-label={i18n._({
                        id: 'employer.myJobs.deleteOf',
                        message: 'Delete {title}',
                        values: { title: j.title },
                      })}
                      onClick={() => void remove(j)}
                    >
                      {i18n._({ id: 'employer.myJobs.delete', message: 'Delete' })}
                    </button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      <Pager list={list} label={i18n._({ id: 'employer.myJobs.pages', message: 'Job postings' })} />
      {dialog}
    </section>
  );
}
