/** Admins read any job's applications, read-only: the employer moves them, not us. */
import { useState } from 'react';
import {
  downloadApplicationCv,
  errorMessage,
  isNotFound,
  jobApplicantsQuery,
  myJobQuery,
  valueText,
  useQuery,
  type JobApplicationStatus,
} from '@btls/shared-api';
import { Link, paths, useI18n, useParams } from '@btls/shared-auth';
import { ApplicantCard, ApplicantsFailed, ApplicationStatusFilter } from '@btls/shared-ui/applicant-card';
import { ErrorBanner, Spinner } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { Pager } from '@btls/shared-ui/paging';
import own from '../admin.module.css';

const styles = withPanelPage(own);
const PAGE_SIZE = 20;

export function JobApplicationsPage() {
  const i18n = useI18n();
  const { jobId = '' } = useParams();
  const job = useQuery(myJobQuery(jobId));
  const shown = job.data && !isNotFound(job.data) ? job.data : null;
  const jobError = job.error ? errorMessage(job.error) : isNotFound(job.data) ? job.data.notFound : '';
  const [status, setStatus] = useState<JobApplicationStatus | ''>('');
  const [page, setPage] = useState(1);
  const params = { ...(status ? { status } : {}), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  const list = useQuery({ ...jobApplicantsQuery(jobId, params), placeholderData: (previous) => previous });
  const [error, setError] = useState('');
  const total = list.data?.total ?? 0;

  return (
    <section className={styles.page}>
      <Link className={styles.back} to={paths.admin.jobs}>
        ← {i18n._({ id: 'admin.nav.jobs', message: 'Jobs' })}
      </Link>
      <h1>
        {shown
          ? i18n._({
              id: 'admin.jobApplications.titleOf',
              message: 'Applications: {title} ({company})',
              values: { title: shown.title, company: shown.companyName },
            })
          : i18n._({ id: 'admin.jobs.applications', message: 'Applications' })}
      </h1>
      <p className={styles.hint}>
        {i18n._({
          id: 'admin.jobApplications.readOnly',
          message: "Read-only: only the job's employer changes an application's status.",
        })}
      </p>
      <ErrorBanner>{error || jobError}</ErrorBanner>
      <div className={styles.filters}>
        <ApplicationStatusFilter
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </div>
      {list.error ? (
        <ApplicantsFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data === undefined ? (
        <Spinner label={i18n._({ id: 'admin.jobApplications.loading', message: 'Loading applications...' })} />
      ) : list.data.items.length === 0 ? (
        <p>
          {status
            ? i18n._({
                id: 'admin.jobApplications.noneWithStatus',
                message: 'No applications with the status {status}.',
                values: { status: i18n._(valueText(status)) },
              })
            : i18n._({ id: 'admin.jobApplications.none', message: 'No applications.' })}
        </p>
      ) : (
        <ul className={styles.applications}>
          {list.data.items.map((a) => (
            <li key={a.id}>
              <ApplicantCard
                applicant={a}
                onDownloadCv={() => {
                  setError('');
                  downloadApplicationCv(a.id).catch((failure: unknown) => setError(errorMessage(failure)));
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager
        list={{ page, pageCount: Math.ceil(total / PAGE_SIZE), total, setPage }}
        label={i18n._({ id: 'admin.jobs.applications', message: 'Applications' })}
      />
    </section>
  );
}
