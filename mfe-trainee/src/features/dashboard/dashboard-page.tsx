import { lazy, Suspense } from 'react';
import { errorMessage } from '@btls/shared-api';
import type { Certificate, Enrollment } from '@btls/shared-api/schemas';
import { Link, panelFor, paths, useAuth, useI18n } from '@btls/shared-auth';
import {
  ApplicationStatusBadge,
  Button,
  buttonClass,
  ErrorBanner,
  Spinner,
  StatusBadge,
} from '@btls/shared-ui/components';
import { formatScore } from '@btls/shared-ui/format';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { panelLabel } from '@btls/shared-ui/panel-layout';
import styles from './dashboard.module.css';
import { useDashboardData, useJobApplications, type CourseProgress, type Loaded } from './use-dashboard';

/**
 * The applications kept on this phone: their code (the queue's) is loaded only when some wait, as the mark
 * jobs/kept-flag.ts keeps says (read here by its name: importing it would make a chunk of its own).
 */
const hasKeptApplications = (userId: number) => {
  try {
    return localStorage.getItem(`btls-kept-applications:${userId}`) === '1';
  } catch {
    return false;
  }
};
const KeptApplications = lazy(() =>
  import('../jobs/kept-applications').then(({ KeptApplications }) => ({ default: KeptApplications })),
);

const STAFF_ROLES = new Set(['admin', 'trainer', 'employer']);

export function DashboardPage() {
  const i18n = useI18n();
  const { user, isLoading } = useAuth();
  if (isLoading)
    return <Spinner label={i18n._({ id: 'trainee.dashboard.loadingUser', message: 'Loading user data...' })} />;
  if (!user) {
    return (
      <main className={styles.page}>
        <p>{i18n._({ id: 'trainee.dashboard.pleaseLogIn', message: 'Please log in to view your dashboard.' })}</p>
        <Link to={paths.login}>{i18n._({ id: 'common.logIn', message: 'Log in' })}</Link>
      </main>
    );
  }
  if (STAFF_ROLES.has(user.role)) {
    const panel = panelFor(user.role);
    return (
      <main className={styles.page}>
        <h1>{i18n._({ id: 'trainee.dashboard.access', message: 'Dashboard Access' })}</h1>
        <p>{i18n._({ id: 'trainee.dashboard.ownWorkspace', message: 'Your account has its own workspace.' })}</p>
        <Link className={buttonClass()} to={panel.path}>
          {user.role === 'employer'
            ? i18n._({ id: 'panel.employerPortal', message: 'Employer Portal' })
            : i18n._(panelLabel(user.role))}
        </Link>
      </main>
    );
  }
  return <TraineeDashboard firstName={user.firstName} />;
}

function TraineeDashboard({ firstName }: { firstName: string }) {
  const i18n = useI18n();
  const dashboard = useDashboardData();
  const greeting = (
    <>
      <h1>{i18n._({ id: 'trainee.dashboard.welcome', message: 'Welcome, {name}!', values: { name: firstName } })}</h1>
      <p>
        <Link className={styles.action} to={paths.profile}>
          {i18n._({ id: 'trainee.dashboard.profileLink', message: 'My profile and settings' })}
        </Link>
      </p>
    </>
  );
  if (!dashboard.ready) {
    return (
      <main className={styles.page} aria-busy="true">
        {greeting}
        <DashboardSkeleton />
      </main>
    );
  }
  const certificates = <CertificatesSection certificates={dashboard.certificates} />;
  // A graduate is led to what a certificate is for (the job board) rather than to start again; a new course is
  // still one tap away in the applications' section.
  const graduated = dashboard.certificatesFirst ? dashboard.certificates.data?.find((c) => !c.revokedAt) : undefined;
  const journey = dashboard.showJourney && !graduated;
  return (
    <main className={styles.page}>
      {greeting}
      {graduated && <NextAfterCertificate certificate={graduated} />}
      {dashboard.certificatesFirst && certificates}
      {journey && <Journey />}
      {/* One way to apply: the journey's button when it shows, else the section's. */}
      <CourseApplicationsSection applications={dashboard.applications} applyHere={!journey} />
      <JobApplicationsSection />
      {!dashboard.certificatesFirst && certificates}
      <ProgressSection progress={dashboard.progress} />
      <KeepGrowing />
    </main>
  );
}

/**
 * What stands in for the sections while their answers come (seconds on a slow link): their shapes, so the page
 * is there at once and nothing jumps when they arrive. Screen readers hear that it is loading, once.
 */
function DashboardSkeleton() {
  const i18n = useI18n();
  const section = (items: number) => (
    <div className={styles.skeletonSection}>
      <span className={styles.skeletonHeading} />
      {Array.from({ length: items }, (_, i) => (
        <span key={i} className={styles.skeletonCard}>
          <span className={styles.skeletonLine} />
          <span className={styles.skeletonLine} />
        </span>
      ))}
    </div>
  );
  return (
    <div role="status">
      <span className="visually-hidden">
        {i18n._({ id: 'trainee.dashboard.loading', message: 'Loading your dashboard...' })}
      </span>
      <div aria-hidden="true">
        {section(1)}
        {section(1)}
        {section(2)}
      </div>
    </div>
  );
}

/** What a certificate leads to: the job board, with the certificate to show beside it. */
function NextAfterCertificate({ certificate }: { certificate: Certificate }) {
  const i18n = useI18n();
  return (
    <section className={styles.journey} aria-labelledby="next-title">
      <h2 id="next-title">{i18n._({ id: 'trainee.next.title', message: 'Certified: find your barista job' })}</h2>
      <p>
        {i18n._({
          id: 'trainee.next.text',
          message:
            'Your {course} certificate is ready to show. Employers on the job board can check it by its code when you apply.',
          values: { course: certificate.courseTitle },
        })}
      </p>
      <p className={styles.nextActions}>
        <Link className={buttonClass()} to={paths.jobs}>
          {i18n._({ id: 'trainee.next.jobs', message: 'Browse barista jobs' })}
        </Link>
        <Link className={buttonClass('secondary')} to={paths.certificate(certificate.certificateCode)}>
          {i18n._({ id: 'trainee.next.certificate', message: 'My certificate' })}
        </Link>
      </p>
    </section>
  );
}

function Journey() {
  const i18n = useI18n();
  return (
    <section className={styles.journey} aria-labelledby="journey-title">
      <h2 id="journey-title">{i18n._({ id: 'trainee.journey.title', message: 'Start Your Barista Journey' })}</h2>
      <p>
        {i18n._({
          id: 'trainee.journey.text',
          message: 'Choose a course, tell us when you would like to start, and we will take it from there.',
        })}
      </p>
      <Link className={buttonClass()} to={paths.applyForCourse}>
        {i18n._({ id: 'trainee.journey.apply', message: 'Apply for a course' })}
      </Link>
    </section>
  );
}

function CertificatesSection({ certificates }: { certificates: Loaded<Certificate[]> }) {
  const i18n = useI18n();
  const locale = useLocale();
  return (
    <section className={styles.section} aria-labelledby="certificates-title">
      <h2 id="certificates-title">{i18n._({ id: 'trainee.certificates.title', message: 'My Certificates' })}</h2>
      {certificates.error ? (
        <ErrorBanner>
          {i18n._({ id: 'common.errorWith', message: 'Error: {error}', values: { error: certificates.error } })}
        </ErrorBanner>
      ) : certificates.data === null ? (
        <Spinner label={i18n._({ id: 'trainee.certificates.loading', message: 'Loading your certificates...' })} />
      ) : certificates.data.length === 0 ? (
        <p className={styles.empty}>
          {i18n._({ id: 'trainee.certificates.none', message: 'You have not earned any certificates yet.' })}
        </p>
      ) : (
        <ul className={styles.list}>
          {certificates.data.map((c) => (
            <li key={c.id} className={styles.item}>
              <h3>{c.courseTitle}</h3>
              <p className={styles.meta}>
                {i18n._({
                  id: 'trainee.certificates.issued',
                  message: 'Issued {date} · Code {code}',
                  values: { date: formatDate(c.issueDate, undefined, locale), code: c.certificateCode },
                })}
                {c.revokedAt && (
                  <>
                    {' '}
                    ·{' '}
                    <strong>
                      {i18n._({
                        id: 'trainee.certificates.revoked',
                        message: 'Revoked {date}',
                        values: { date: formatDate(c.revokedAt, undefined, locale) },
                      })}
                    </strong>
                  </>
                )}
              </p>
              <Link className={styles.action} to={paths.certificate(c.certificateCode)}>
                {i18n._({ id: 'trainee.certificates.view', message: 'View certificate' })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CourseApplicationsSection({
  applications,
  applyHere,
}: {
  applications: Loaded<Enrollment[]>;
  applyHere: boolean;
}) {
  const i18n = useI18n();
  return (
    <section className={styles.section} aria-labelledby="applications-title">
      <div className={styles.sectionHead}>
        <h2 id="applications-title">
          {i18n._({ id: 'trainee.applications.title', message: 'My Course Applications' })}
        </h2>
        {applyHere && (
          <Link className={buttonClass('secondary')} to={paths.applyForCourse}>
            {i18n._({ id: 'trainee.applications.applyNew', message: 'Apply for New Course' })}
          </Link>
        )}
      </div>
      {applications.error ? (
        <ErrorBanner>
          {i18n._({
            id: 'trainee.applications.error',
            message: 'Could not load applications: {error}',
            values: { error: applications.error },
          })}
        </ErrorBanner>
      ) : applications.data === null ? (
        <Spinner label={i18n._({ id: 'trainee.applications.loading', message: 'Loading your applications...' })} />
      ) : applications.data.length === 0 ? (
        <p className={styles.empty}>
          {i18n._({ id: 'trainee.applications.none', message: 'You have not applied for any courses yet.' })}
        </p>
      ) : (
        <ul className={styles.list}>
          {applications.data.map((a) => (
            <ApplicationItem key={a.id} application={a} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ProgressSection({ progress }: { progress: Loaded<CourseProgress[]> }) {
  const i18n = useI18n();
  const locale = useLocale();
  return (
    <section className={styles.section} aria-labelledby="progress-title">
      <h2 id="progress-title">{i18n._({ id: 'trainee.progress.title', message: 'My Learning Progress' })}</h2>
      {progress.error ? (
        <ErrorBanner>
          {i18n._({
            id: 'trainee.progress.error',
            message: 'Error loading progress: {error}',
            values: { error: progress.error },
          })}
        </ErrorBanner>
      ) : progress.data === null ? (
        <Spinner label={i18n._({ id: 'trainee.progress.loading', message: 'Loading your progress...' })} />
      ) : progress.data.length === 0 ? (
        <p className={styles.empty}>
          {i18n._({
            id: 'trainee.progress.none',
            message: "No recent progress to display. Engage with your 'Approved' or 'Completed' courses!",
          })}
        </p>
      ) : (
        <ul className={styles.list}>
          {progress.data.map(({ enrollment, records }) => (
            <li key={enrollment.id} className={styles.item}>
              <h3>{enrollment.courseTitle}</h3>
              {records.length === 0 ? (
                <p className={styles.empty}>
                  {i18n._({
                    id: 'trainee.progress.noneForCourse',
                    message: 'No specific progress items recorded yet for this course.',
                  })}
                </p>
              ) : (
                <ul className={styles.progressItems}>
                  {records.map((r) => (
                    <li key={r.id}>
                      <strong>{r.assessmentName}</strong>
                      {r.score !== null && ` — ${formatScore(r)}`}
                      {r.feedbackNotes && <span>: {r.feedbackNotes}</span>}{' '}
                      <span className={styles.meta}>({formatDate(r.recordDate, undefined, locale)})</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function KeepGrowing() {
  const i18n = useI18n();
  return (
    <section className={styles.section} aria-labelledby="more-title">
      <h2 id="more-title">{i18n._({ id: 'trainee.more.title', message: 'Keep growing' })}</h2>
      <div className={styles.cards}>
        <article className={styles.item}>
          <h3>{i18n._({ id: 'trainee.more.courses.title', message: 'Explore more courses' })}</h3>
          <p>
            {i18n._({
              id: 'trainee.more.courses.text',
              message: 'From latte art to running a café: add a skill employers ask for.',
            })}
          </p>
          <Link className={styles.action} to={paths.courses}>
            {i18n._({ id: 'shell.notFound.courses', message: 'Browse courses' })}
          </Link>
        </article>
        <article className={styles.item}>
          <h3>{i18n._({ id: 'trainee.more.jobs.title', message: 'Find your next job' })}</h3>
          <p>
            {i18n._({
              id: 'trainee.more.jobs.text',
              message: 'Cafés and hotels across Rwanda hire our certified baristas.',
            })}
          </p>
          <Link className={styles.action} to={paths.jobs}>
            {i18n._({ id: 'trainee.more.jobs.link', message: 'See open jobs' })}
          </Link>
        </article>
      </div>
    </section>
  );
}

const NOTE_STYLE = {
  Pending: styles.notePending,
  Approved: styles.noteApproved,
  Rejected: styles.noteRejected,
  Completed: styles.noteCompleted,
  Waitlisted: styles.noteWaitlisted,
};

function ApplicationItem({ application: a }: { application: Enrollment }) {
  const i18n = useI18n();
  const locale = useLocale();
  const trainerName = [a.trainerFirstName, a.trainerLastName].filter(Boolean).join(' ');
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <h3>{a.courseTitle}</h3>
        <StatusBadge status={a.status} />
      </div>
      <p className={styles.meta}>
        {i18n._({
          id: 'trainee.applied',
          message: 'Applied {date}',
          values: { date: formatDate(a.applicationDate, undefined, locale) },
        })}
        {a.preferredStartDate &&
          ` · ${i18n._({ id: 'trainee.applications.preferredStart', message: 'Preferred start {date}', values: { date: formatDate(a.preferredStartDate, undefined, locale) } })}`}
      </p>
      {a.applicantNotes && (
        <p>
          {i18n._({
            id: 'trainee.applications.yourNotes',
            message: 'Your notes: {notes}',
            values: { notes: a.applicantNotes },
          })}
        </p>
      )}
      {a.status === 'Approved' && (
        <p>
          {i18n._({ id: 'trainee.applications.trainer', message: 'Trainer:' })}{' '}
          {a.assignedTrainerId && trainerName ? (
            <>
              {trainerName} (<a href={`mailto:${a.trainerEmail}`}>{a.trainerEmail}</a>)
            </>
          ) : (
            i18n._({ id: 'trainee.applications.contactPending', message: 'Contact info pending' })
          )}
        </p>
      )}
      {a.adminNotes && (
        <p className={`${styles.note} ${NOTE_STYLE[a.status]}`}>
          <strong>
            {i18n._({ id: 'trainee.applications.centreNote', message: 'Note from the training centre:' })}
          </strong>{' '}
          {a.adminNotes}
        </p>
      )}
    </li>
  );
}

/** The trainee's job applications: job, company, date, status, a link to the job; withdraw while New. */
function JobApplicationsSection() {
  const i18n = useI18n();
  const locale = useLocale();
  const { list, error, withdraw, dialog } = useJobApplications();
  const { user } = useAuth();
  const kept = hasKeptApplications(user?.id ?? 0);

  return (
    <section className={styles.section} aria-labelledby="job-applications-title">
      <div className={styles.sectionHead}>
        <h2 id="job-applications-title">{i18n._({ id: 'trainee.jobs.title', message: 'My Job Applications' })}</h2>
        <Link className={buttonClass('secondary')} to={paths.jobs}>
          {i18n._({ id: 'trainee.jobs.find', message: 'Find a job' })}
        </Link>
      </div>
      <ErrorBanner>{error}</ErrorBanner>
      {kept && (
        <Suspense fallback={null}>
          <KeptApplications />
        </Suspense>
      )}
      {list.error ? (
        <>
          <ErrorBanner>
            {i18n._({
              id: 'trainee.jobs.error',
              message: 'Could not load your job applications: {error}',
              values: { error: errorMessage(list.error) },
            })}
          </ErrorBanner>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {i18n._({ id: 'common.tryAgain', message: 'Try Again' })}
          </Button>
        </>
      ) : list.data === undefined ? (
        <Spinner label={i18n._({ id: 'trainee.jobs.loading', message: 'Loading your job applications...' })} />
      ) : list.data.length === 0 ? (
        <p className={styles.empty}>
          {i18n._({ id: 'trainee.jobs.none', message: 'You have not applied for any jobs yet.' })}
        </p>
      ) : (
        <ul className={styles.list}>
          {list.data.map((a) => (
            <li key={a.id} className={styles.item}>
              <div className={styles.itemHead}>
                <h3>{a.jobTitle}</h3>
                <ApplicationStatusBadge status={a.status} />
              </div>
              <p className={styles.meta}>
                {a.companyName} ·{' '}
                {i18n._({
                  id: 'trainee.applied',
                  message: 'Applied {date}',
                  values: { date: formatDate(a.appliedAt, undefined, locale) },
                })}
                {a.updatedAt !== a.appliedAt &&
                  a.status !== 'New' &&
                  ` · ${i18n._({ id: 'trainee.jobs.updated', message: 'Updated {date}', values: { date: formatDate(a.updatedAt, undefined, locale) } })}`}
              </p>
              <p className={styles.actions}>
                {a.jobId === null ? (
                  <span className={styles.empty}>
                    {i18n._({ id: 'trainee.jobs.removed', message: 'Job removed by the employer' })}
                  </span>
                ) : (
                  <Link className={styles.action} to={paths.job(a.jobId)}>
                    {i18n._({ id: 'trainee.jobs.view', message: 'View job' })}
                    <span className="visually-hidden">: {a.jobTitle}</span>
                  </Link>
                )}
                {a.status === 'New' && (
                  <Button variant="secondary" onClick={() => void withdraw(a)}>
                    {i18n._({ id: 'trainee.jobs.withdraw', message: 'Withdraw' })}{' '}
                    <span className="visually-hidden">
                      {i18n._({
                        id: 'trainee.jobs.withdrawFor',
                        message: 'application for {job}',
                        values: { job: a.jobTitle },
                      })}
                    </span>
                  </Button>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
