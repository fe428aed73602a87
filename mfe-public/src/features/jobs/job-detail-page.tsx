import {
  isNotFound,
  jobQuery,
  myJobApplicationForQuery,
  valueText,
  translateMessage,
  useQuery,
  useSuspenseQuery,
} from '@btls/shared-api';
import { Link, paths, useAuth, useI18n, useParams } from '@btls/shared-auth';
import { Button, buttonClass, Spinner } from '@btls/shared-ui/components';
import { useHydrated } from '@btls/shared-ui/hydrated';
import { formatJobSalary, orNA } from '@btls/shared-ui/format';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { textLang, WrittenIn } from '@btls/shared-ui/written-in';
import { PageHead } from '../../ui/page-head';
import pageStyles from '../courses/courses.module.css';
import { jobShareDescription, jobStructuredData } from './job-structured-data';
import { jobHtml, requirementsHtml } from './job-text';
import styles from './jobs.module.css';
import { ago } from './posted-ago';

function NotAvailable({ message }: { message: string }) {
  const i18n = useI18n();
  return (
    <section className={pageStyles.empty}>
      <h1>{i18n._({ id: 'public.job.notAvailable', message: 'Job not available' })}</h1>
      <p>{message}</p>
    </section>
  );
}

function JobDetail({ id }: { id: string }) {
  const i18n = useI18n();
  const locale = useLocale();
  const { data: job } = useSuspenseQuery(jobQuery(id));
  if (isNotFound(job)) return <NotAvailable message={translateMessage(job.notFound)} />;
  const company = job.companyName || i18n._({ id: 'public.jobs.anonymousCompany', message: 'A Reputable Company' });
  // The posting's texts in the reader's language when written in it, else in its own, marked and noted.
  const lang = textLang(i18n, job.language);
  return (
    <article className={styles.job}>
      <PageHead
        title={i18n._({
          id: 'public.job.pageTitle',
          message: '{title} at {company}',
          values: { title: job.title, company },
        })}
        description={jobShareDescription(job, company, i18n)}
        path={paths.job(job.id)}
        type="article"
        structuredData={jobStructuredData(job)}
      />
      <h1 {...lang}>{job.title}</h1>
      <WrittenIn language={job.language} />
      <p className={styles.company}>{company}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{i18n._({ id: 'public.jobs.location', message: 'Location' })}</dt>
          <dd>{orNA(job.location, i18n)}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.job.type', message: 'Job type' })}</dt>
          <dd>{orNA(job.jobType && i18n._(valueText(job.jobType)), i18n)}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.job.salary', message: 'Salary' })}</dt>
          <dd>
            {/* In the reader's language; an older posting's words as written. */}
            {formatJobSalary(job, i18n) ?? i18n._({ id: 'public.job.salaryNotStated', message: 'Not stated' })}
          </dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.job.closing', message: 'Closing date' })}</dt>
          <dd>
            {job.closingDate
              ? formatDate(job.closingDate, undefined, locale)
              : i18n._({ id: 'public.job.openUntilFilled', message: 'Open until filled' })}
          </dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.job.posted', message: 'Posted' })}</dt>
          <dd suppressHydrationWarning>{ago(job.postedDate, i18n)}</dd>
        </div>
      </dl>
      <h2>{i18n._({ id: 'public.job.description', message: 'Description' })}</h2>
      <div className={styles.html} {...lang} dangerouslySetInnerHTML={{ __html: jobHtml(job.description) }} />
      {job.requirements && (
        <>
          <h2>{i18n._({ id: 'public.job.requirements', message: 'Requirements' })}</h2>
          <div
            className={styles.html}
            {...lang}
            dangerouslySetInnerHTML={{ __html: requirementsHtml(job.requirements) }}
          />
        </>
      )}
      <ApplyArea jobId={job.id} />
    </article>
  );
}

/**
 * Apply Now, or what the signed-in user has to know instead. The server renders it for whom the session hint
 * names (an employer reads why they cannot apply from the first HTML); a trainee's own application is read only
 * once the page is taken over, and the box keeps its height whatever it says.
 */
function ApplyArea({ jobId }: { jobId: number }) {
  const i18n = useI18n();
  const locale = useLocale();
  const hydrated = useHydrated();
  const { role, shown } = useAuth();
  // (A shell older than this remote has no `shown`: a visitor's box until taken over, as before.)
  const who = hydrated ? role : (shown?.role ?? null);
  const mine = useQuery({
    ...myJobApplicationForQuery(String(jobId)),
    enabled: hydrated && who === 'trainee',
  });
  const applied = who === 'trainee' ? mine.data : null;

  if (who && who !== 'trainee') {
    return (
      <div className={styles.apply}>
        <Button disabled aria-describedby="apply-why">
          {i18n._({ id: 'public.job.apply', message: 'Apply Now' })}
        </Button>
        <span id="apply-why">
          {i18n._({
            id: 'public.job.onlyTrainees',
            message:
              'Only trainees can apply for jobs: you are signed in as {role, select, admin {an admin} employer {an employer} other {a {role}}}.',
            values: { role: who },
          })}
        </span>
      </div>
    );
  }
  if (applied) {
    return (
      <div className={styles.apply} role="status">
        <p className={styles.applied}>
          {i18n._({
            id: 'public.job.appliedOn',
            message: 'Applied on {date} — {status}',
            values: {
              date: formatDate(applied.appliedAt, undefined, locale),
              status: i18n._(valueText(applied.status)),
            },
          })}
        </p>
        <Link to={paths.dashboard}>
          {i18n._({ id: 'public.job.myApplications', message: 'See my job applications' })}
        </Link>
      </div>
    );
  }
  // On a phone the button stays at the bottom of the screen while the job is read (see jobs.module.css).
  return (
    <div className={`${styles.apply} ${styles.applyOpen}`}>
      <Link
        className={`${buttonClass()} ${styles.applyNow}`}
        to={paths.applyForJob(jobId)}
        aria-describedby="apply-how"
      >
        {i18n._({ id: 'public.job.apply', message: 'Apply Now' })}
      </Link>
      <span id="apply-how">
        {i18n._({ id: 'public.job.applyHow', message: 'Apply in a minute: your verified certificates are your CV.' })}
      </span>
    </div>
  );
}

export function JobDetailPage() {
  const i18n = useI18n();
  const { jobId = '' } = useParams();
  return (
    <main className={pageStyles.detail}>
      <Link className={pageStyles.back} to={paths.jobs}>
        ← {i18n._({ id: 'public.job.back', message: 'Back to all jobs' })}
      </Link>
      <QueryBoundary
        loading={<Spinner label={i18n._({ id: 'public.job.loading', message: 'Loading job details...' })} />}
        error={(message) => <NotAvailable message={message} />}
      >
        <JobDetail id={jobId} />
      </QueryBoundary>
    </main>
  );
}
