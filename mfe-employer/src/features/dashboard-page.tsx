import { countQuery, jobApplicationsSummaryQuery, pagedLists, recentTalentQuery, useQuery } from '@btls/shared-api';
import { Link, paths, useAuth } from '@btls/shared-auth';
import { Button, ErrorBanner, Spinner } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from './employer.module.css';
import { talentSummary } from './talent';

const styles = withPanelPage(own);

export function EmployerDashboardPage() {
  const { user, role } = useAuth();
  const enabled = role === 'employer'; // the dashboard loads data only for employers (spec §6)
  // The lists are paged: the counts are the answers' totals.
  const active = useQuery({ ...countQuery(pagedLists.jobPostings, { status: 'active' }), enabled });
  const all = useQuery({ ...countQuery(pagedLists.jobPostings), enabled });
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
      <h1>Welcome, {user?.companyName || user?.firstName}</h1>
      {failed ? (
        <ErrorBanner>
          Failed to fetch job posting stats.{' '}
          <Button variant="secondary" onClick={retry}>
            Try Again
          </Button>
        </ErrorBanner>
      ) : (
        // The tiles keep their place while the counts load ('–'), so nothing below them moves.
        <div className={styles.tiles} aria-busy={jobs === null}>
          <div className={styles.tile}>
            <strong>{jobs ? jobs.active : '–'}</strong> Active job postings
          </div>
          <div className={styles.tile}>
            <strong>{jobs ? jobs.total : '–'}</strong> Total jobs posted
          </div>
          <div className={`${styles.tile} ${applications.data?.new ? styles.hasNew : ''}`}>
            <strong>{applications.data ? applications.data.total : '–'}</strong> Applications received
            {applications.data && (
              <span className={styles.newCount}>
                {applications.data.new > 0 ? `${applications.data.new} new` : 'none new'}
              </span>
            )}
            {applications.error && <span className={styles.muted}> (could not load)</span>}
            <Link className={styles.tileLink} to={paths.employer.myJobs}>
              Review by job
            </Link>
          </div>
        </div>
      )}
      <div className={styles.actions}>
        <Link to={paths.employer.findTalent}>Find talent</Link>
        <Link to={paths.employer.profile}>Company profile</Link>
      </div>
      <h2>Recently certified talent</h2>
      {talent === null ? (
        <Spinner label="Loading certified talent..." />
      ) : summary.total === 0 ? (
        <div className={styles.card}>
          <h3>No Certified Talent Yet</h3>
          <p>Certified baristas will appear here as soon as they finish a course.</p>
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
                  {more > 0 && ` +${more} more`}
                </p>
              </li>
            ))}
          </ul>
          {summary.showViewAll && <Link to={paths.employer.findTalent}>View All {summary.total}</Link>}
        </>
      )}
    </section>
  );
}
