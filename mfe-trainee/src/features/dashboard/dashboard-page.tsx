import { useState } from 'react';
import {
  DASHBOARD_PROGRESS_ENROLLMENTS,
  DASHBOARD_PROGRESS_ITEMS,
  errorMessage,
  latestProgressQuery,
  myApplicationsQuery,
  myCertificatesQuery,
  myJobApplicationsQuery,
  queryKeys,
  useQuery,
  useQueryClient,
  withdrawJobApplication,
} from '@btls/shared-api';
import type { Enrollment, MyJobApplication, ProgressRecord } from '@btls/shared-api/schemas';
import { Link, panelFor, paths, useAuth } from '@btls/shared-auth';
import { ApplicationStatusBadge, Button, buttonClass, ErrorBanner, Spinner, StatusBadge } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { formatScore } from '@btls/shared-ui/format';
import { formatDate } from '@btls/shared-ui/format-date';
import styles from './dashboard.module.css';

const STAFF_ROLES = new Set(['admin', 'trainer', 'employer']);

interface Loaded<T> {
  data: T | null;
  error: string;
}

interface CourseProgress {
  enrollment: Enrollment;
  records: ProgressRecord[];
}

/** A query's answer as the sections show it: null while it comes, [] and the message when it failed. */
function loaded<T>(query: { data?: T[]; error: Error | null }): Loaded<T[]> {
  return query.error ? { data: [], error: errorMessage(query.error) } : { data: query.data ?? null, error: '' };
}

/** Progress for at most the first 3 Approved or Completed applications, 2 items each; a failure gives none. */
function useDashboardData() {
  const applications = useQuery(myApplicationsQuery());
  const certificates = useQuery(myCertificatesQuery());
  const active = (applications.data ?? [])
    .filter((a) => a.status === 'Approved' || a.status === 'Completed')
    .slice(0, DASHBOARD_PROGRESS_ENROLLMENTS);
  const records = useQuery({
    ...latestProgressQuery(active.map((a) => a.id), DASHBOARD_PROGRESS_ITEMS),
    enabled: applications.isSuccess,
  });
  const progress: Loaded<CourseProgress[]> = applications.error
    ? { data: [], error: '' }
    : records.error
      ? { data: [], error: errorMessage(records.error) }
      : { data: records.data ? active.map((enrollment, i) => ({ enrollment, records: records.data[i] ?? [] })) : null, error: '' };
  return { applications: loaded(applications), certificates: loaded(certificates), progress };
}

export function DashboardPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner label="Loading user data..." />;
  if (!user) {
    return (
      <main className={styles.page}>
        <p>Please log in to view your dashboard.</p>
        <Link to={paths.login}>Log in</Link>
      </main>
    );
  }
  if (STAFF_ROLES.has(user.role)) {
    const panel = panelFor(user.role);
    return (
      <main className={styles.page}>
        <h1>Dashboard Access</h1>
        <p>Your account has its own workspace.</p>
        <Link className={buttonClass()} to={panel.path}>
          {panel.accessLabel}
        </Link>
      </main>
    );
  }
  return <TraineeDashboard firstName={user.firstName} />;
}

function TraineeDashboard({ firstName }: { firstName: string }) {
  const { applications, certificates, progress } = useDashboardData();

  const hasActive = applications.data?.some((a) => a.status === 'Approved' || a.status === 'Pending');
  const showJourney = applications.data !== null && !applications.error && !hasActive;

  const greeting = (
    <>
      <h1>Welcome, {firstName}!</h1>
      <p>
        <Link to={paths.profile}>My profile and settings</Link>
      </p>
    </>
  );

  // The sections show together once all three answers are in: one appearing above another would push it
  // down while the trainee reads (and the banner above them depends on the applications).
  if (applications.data === null || certificates.data === null || progress.data === null) {
    return (
      <main className={styles.page} aria-busy="true">
        {greeting}
        <Spinner label="Loading your dashboard..." />
      </main>
    );
  }

  // A graduate's certificates are what they come for (to show an employer): first, once there are any.
  const certificatesFirst = !certificates.error && certificates.data.length > 0;
  const certificatesSection = (
      <section className={styles.section} aria-labelledby="certificates-title">
        <h2 id="certificates-title">My Certificates</h2>
        {certificates.error ? (
          <ErrorBanner>Error: {certificates.error}</ErrorBanner>
        ) : certificates.data === null ? (
          <Spinner label="Loading your certificates..." />
        ) : certificates.data.length === 0 ? (
          <p className={styles.empty}>You have not earned any certificates yet.</p>
        ) : (
          <ul className={styles.list}>
            {certificates.data.map((c) => (
              <li key={c.id} className={styles.item}>
                <h3>{c.courseTitle}</h3>
                <p className={styles.meta}>
                  Issued {formatDate(c.issueDate)} · Code {c.certificateCode}
                  {c.revokedAt && <> · <strong>Revoked {formatDate(c.revokedAt)}</strong></>}
                </p>
                <Link to={paths.certificate(c.certificateCode)}>View certificate</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
  );

  return (
    <main className={styles.page}>
      {greeting}
      {certificatesFirst && certificatesSection}
      {showJourney && (
        <section className={styles.journey} aria-labelledby="journey-title">
          <h2 id="journey-title">Start Your Barista Journey</h2>
          <p>Choose a course, tell us when you would like to start, and we will take it from there.</p>
          <Link className={buttonClass()} to={paths.applyForCourse}>
            Apply for a course
          </Link>
        </section>
      )}

      <section className={styles.section} aria-labelledby="applications-title">
        <div className={styles.sectionHead}>
          <h2 id="applications-title">My Course Applications</h2>
          <Link className={buttonClass('secondary')} to={paths.applyForCourse}>
            Apply for New Course
          </Link>
        </div>
        {applications.error ? (
          <ErrorBanner>Could not load applications: {applications.error}</ErrorBanner>
        ) : applications.data === null ? (
          <Spinner label="Loading your applications..." />
        ) : applications.data.length === 0 ? (
          <p className={styles.empty}>You have not applied for any courses yet.</p>
        ) : (
          <ul className={styles.list}>
            {applications.data.map((a) => (
              <ApplicationItem key={a.id} application={a} />
            ))}
          </ul>
        )}
      </section>

      <JobApplicationsSection />

      {!certificatesFirst && certificatesSection}

      <section className={styles.section} aria-labelledby="progress-title">
        <h2 id="progress-title">My Learning Progress</h2>
        {progress.error ? (
          <ErrorBanner>Error loading progress: {progress.error}</ErrorBanner>
        ) : progress.data === null ? (
          <Spinner label="Loading your progress..." />
        ) : progress.data.length === 0 ? (
          <p className={styles.empty}>No recent progress to display. Engage with your 'Approved' or 'Completed' courses!</p>
        ) : (
          <ul className={styles.list}>
            {progress.data.map(({ enrollment, records }) => (
              <li key={enrollment.id} className={styles.item}>
                <h3>{enrollment.courseTitle}</h3>
                {records.length === 0 ? (
                  <p className={styles.empty}>No specific progress items recorded yet for this course.</p>
                ) : (
                  <ul className={styles.progressItems}>
                    {records.map((r) => (
                      <li key={r.id}>
                        <strong>{r.assessmentName}</strong>
                        {r.score !== null && ` — ${formatScore(r)}`}
                        {r.feedbackNotes && <span>: {r.feedbackNotes}</span>} <span className={styles.meta}>({formatDate(r.recordDate)})</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.section} aria-labelledby="more-title">
        <h2 id="more-title">Keep growing</h2>
        <div className={styles.cards}>
          <article className={styles.item}>
            <h3>Explore more courses</h3>
            <p>From latte art to running a café: add a skill employers ask for.</p>
            <Link to={paths.courses}>Browse courses</Link>
          </article>
          <article className={styles.item}>
            <h3>Find your next job</h3>
            <p>Cafés and hotels across Rwanda hire our certified baristas.</p>
            <Link to={paths.jobs}>See open jobs</Link>
          </article>
        </div>
      </section>
    </main>
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
  const trainerName = [a.trainerFirstName, a.trainerLastName].filter(Boolean).join(' ');
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <h3>{a.courseTitle}</h3>
        <StatusBadge status={a.status} />
      </div>
      <p className={styles.meta}>
        Applied {formatDate(a.applicationDate)}
        {a.preferredStartDate && ` · Preferred start ${formatDate(a.preferredStartDate)}`}
      </p>
      {a.applicantNotes && <p>Your notes: {a.applicantNotes}</p>}
      {a.status === 'Approved' && (
        <p>
          Trainer:{' '}
          {a.assignedTrainerId && trainerName ? (
            <>
              {trainerName} (<a href={`mailto:${a.trainerEmail}`}>{a.trainerEmail}</a>)
            </>
          ) : (
            'Contact info pending'
          )}
        </p>
      )}
      {a.adminNotes && (
        <p className={`${styles.note} ${NOTE_STYLE[a.status]}`}>
          <strong>Note from the training centre:</strong> {a.adminNotes}
        </p>
      )}
    </li>
  );
}

/** The trainee's job applications (issue 16): job, company, date, status, a link to the job; withdraw while New. */
function JobApplicationsSection() {
  const list = useQuery(myJobApplicationsQuery());
  const client = useQueryClient();
  const { confirm, dialog } = useDialog();
  const [error, setError] = useState('');

  async function withdraw(application: MyJobApplication) {
    if (!(await confirm(`Withdraw your application for "${application.jobTitle}"? The employer will no longer consider it.`))) return;
    setError('');
    try {
      await withdrawJobApplication(application.id);
      await client.invalidateQueries({ queryKey: queryKeys.jobApplications });
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="job-applications-title">
      <div className={styles.sectionHead}>
        <h2 id="job-applications-title">My Job Applications</h2>
        <Link className={buttonClass('secondary')} to={paths.jobs}>
          Find a job
        </Link>
      </div>
      <ErrorBanner>{error}</ErrorBanner>
      {list.error ? (
        <>
          <ErrorBanner>Could not load your job applications: {list.error.message}</ErrorBanner>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </>
      ) : list.data === undefined ? (
        <Spinner label="Loading your job applications..." />
      ) : list.data.length === 0 ? (
        <p className={styles.empty}>You have not applied for any jobs yet.</p>
      ) : (
        <ul className={styles.list}>
          {list.data.map((a) => (
            <li key={a.id} className={styles.item}>
              <div className={styles.itemHead}>
                <h3>{a.jobTitle}</h3>
                <ApplicationStatusBadge status={a.status} />
              </div>
              <p className={styles.meta}>
                {a.companyName} · Applied {formatDate(a.appliedAt)}
                {a.updatedAt !== a.appliedAt && a.status !== 'New' && ` · Updated ${formatDate(a.updatedAt)}`}
              </p>
              <p className={styles.actions}>
                {a.jobId === null ? (
                  <span className={styles.empty}>Job removed by the employer</span>
                ) : (
                  <Link to={paths.job(a.jobId)}>
                    View job<span className="visually-hidden">: {a.jobTitle}</span>
                  </Link>
                )}
                {a.status === 'New' && (
                  <Button variant="secondary" onClick={() => void withdraw(a)}>
                    Withdraw <span className="visually-hidden">application for {a.jobTitle}</span>
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
