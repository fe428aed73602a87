import {
  countQuery,
  jobApplicationsSummaryQuery,
  pagedJobPostings,
  recentTalentQuery,
  useQuery,
} from '@btls/shared-api';
import { Link, paths, useAuth, useI18n } from '@btls/shared-auth';
import { Button, ErrorBanner, Spinner } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from './employer.module.css';
import { talentSummary } from './talent';

const styles = withPanelPage(own);

export function EmployerDashboardPage() {
  const i18n = useI18n();
  const { user, role } = useAuth();
  const enabled = role === 'employer'; // the dashboard loads data only for employers (docs/product.md §6)
  // The lists are paged: the counts are the answers' totals.
  const active = useQuery({ ...countQuery(pagedJobPostings, { status: 'active' }), enabled });
  const all = useQuery({ ...countQuery(pagedJobPostings), enabled });
  const jobs = active.data !== undefined && all.data !== undefined ? { active: active.data, total: all.data } : null;
  const failed = (active.isError || all.isError) && !active.isFetching && !all.isFetching;
  const retry = () => {
    void active.refetch();
    void all.refetch();
  };
  const talent = useQuery({ ...recentTalentQuery(), enabled }).data ?? null;
  const applications = useQuery({ ...jobApplicationsSummaryQuery(), enabled });

  const summary = talentSummary(talent?.items ?? [], talent?.total ?? 0);
  return (
    <section className={styles.page}>
      <h1>
        {i18n._({
          id: 'employer.dashboard.welcome',
          message: 'Welcome, {name}',
          values: { name: user?.companyName || user?.firstName },
        })}
      </h1>
      {failed ? (
        <ErrorBanner>
          {i18n._({ id: 'employer.dashboard.statsFailed', message: 'Failed to fetch job posting stats.' })}{' '}
          <Button variant="secondary" onClick={retry}>
            {i18n._({ id: 'common.tryAgain', message: 'Try Again' })}
          </Button>
        </ErrorBanner>
      ) : (
        // The tiles keep their place while the counts load ('–'), so nothing below them moves.
        <div className={styles.tiles} aria-busy={jobs === null}>
          <div className={styles.tile}>
            <strong>{jobs ? jobs.active : '–'}</strong>{' '}
            {i18n._({ id: 'employer.dashboard.activeJobs', message: 'Active job postings' })}
          </div>
          <div className={styles.tile}>
            <strong>{jobs ? jobs.total : '–'}</strong>{' '}
            {i18n._({ id: 'employer.dashboard.totalJobs', message: 'Total jobs posted' })}
          </div>
          <div className={`${styles.tile} ${applications.data?.new ? styles.hasNew : ''}`}>
            <strong>{applications.data ? applications.data.total : '–'}</strong>{' '}
            {i18n._({ id: 'employer.dashboard.applications', message: 'Applications received' })}
            {applications.data && (
              <span className={styles.newCount}>
                {applications.data.new > 0
                  ? i18n._({
                      id: 'employer.dashboard.newCount',
                      message: '{count} new',
                      values: { count: applications.data.new },
                    })
                  : i18n._({ id: 'employer.dashboard.noneNew', message: 'none new' })}
              </span>
            )}
            {applications.error && (
              <span className={styles.muted}>
                {' '}
                {i18n._({ id: 'employer.dashboard.couldNotLoad', message: '(could not load)' })}
              </span>
            )}
            <Link className={styles.tileLink} to={paths.employer.myJobs}>
              {i18n._({ id: 'employer.dashboard.reviewByJob', message: 'Review by job' })}
            </Link>
          </div>
        </div>
      )}
      <div className={styles.actions}>
        <Link className={styles.tapLink} to={paths.employer.findTalent}>
          {i18n._({ id: 'employer.dashboard.findTalent', message: 'Find talent' })}
        </Link>
        <Link className={styles.tapLink} to={paths.employer.profile}>
          {i18n._({ id: 'employer.dashboard.companyProfile', message: 'Company profile' })}
        </Link>
      </div>
      <h2>{i18n._({ id: 'employer.dashboard.recentTalent', message: 'Recently certified talent' })}</h2>
      {talent === null ? (
        <Spinner label={i18n._({ id: 'employer.dashboard.loadingTalent', message: 'Loading certified talent...' })} />
      ) : summary.total === 0 ? (
        <div className={styles.card}>
          <h3>{i18n._({ id: 'employer.dashboard.noTalent', message: 'No Certified Talent Yet' })}</h3>
          <p>
            {i18n._({
              id: 'employer.dashboard.noTalentText',
              message: 'Certified baristas will appear here as soon as they finish a course.',
            })}
          </p>
        </div>
      ) : (
        <>
          <ul className={styles.talent}>
            {summary.recent.map(({ trainee, courses, more }) => (
              <li key={trainee.userId}>
                <h3>
                  {trainee.firstName} {trainee.lastName}
                </h3>
                <p className={styles.muted}>
                  {courses.join(', ')}
                  {more > 0 &&
                    ` ${i18n._({ id: 'employer.dashboard.more', message: '+{count} more', values: { count: more } })}`}
                </p>
              </li>
            ))}
          </ul>
          {summary.showViewAll && (
            <Link className={styles.tapLink} to={paths.employer.findTalent}>
              {i18n._({
                id: 'employer.dashboard.viewAll',
                message: 'View All {count}',
                values: { count: summary.total },
              })}
            </Link>
          )}
        </>
      )}
    </section>
  );
}
