import { formatDistanceToNow, parseISO } from 'date-fns';
import { useMemo } from 'react';
import { jobsQuery, useSuspenseQuery } from '@btls/shared-api';
import type { Job } from '@btls/shared-api/schemas';
import { Link } from '@btls/shared-auth';
import { ErrorBanner, SelectField, Spinner, TextField } from '@btls/shared-ui/components';
import { orNA } from '@btls/shared-ui/format';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { PageHead } from '../../ui/page-head';
import { useUrlFilters } from '../../ui/use-url-filters';
import pageStyles from '../courses/courses.module.css';
import styles from './jobs.module.css';

const ALL = 'All';

export function postedAgo(date: string): string {
  return `Posted ${formatDistanceToNow(parseISO(date), { addSuffix: true })}`;
}

function JobBoard() {
  const { data: jobs } = useSuspenseQuery(jobsQuery());
  const { values, set, formRef } = useUrlFilters({ q: '', location: ALL, type: ALL });
  const { q: query, location, type: jobType } = values;

  const options = useMemo(() => {
    const distinct = (pick: (job: Job) => string | null) =>
      [ALL, ...[...new Set(jobs.map(pick).filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b))];
    return { locations: distinct((j) => j.location), types: distinct((j) => j.jobType) };
  }, [jobs]);

  const q = query.trim().toLowerCase();
  const shown = jobs.filter(
    (job) =>
      (!q || [job.title, job.companyName, job.descriptionSnippet].some((t) => t?.toLowerCase().includes(q))) &&
      (location === ALL || job.location === location) &&
      (jobType === ALL || job.jobType === jobType),
  );

  return (
    <>
      {/* Without JavaScript the form still works: it sends the same parameters to the server-rendered page. */}
      <form ref={formRef} className={`${pageStyles.filters} ${styles.filters}`} role="search" method="get" action="/jobs" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Search jobs" name="q" type="search" placeholder="Title, company or description" value={query} onChange={(e) => set('q', e.target.value)} />
        <SelectField label="Location" name="location" value={location} onChange={(e) => set('location', e.target.value)}>
          {options.locations.map((v) => <option key={v}>{v}</option>)}
        </SelectField>
        <SelectField label="Job type" name="type" value={jobType} onChange={(e) => set('type', e.target.value)}>
          {options.types.map((v) => <option key={v}>{v}</option>)}
        </SelectField>
      </form>
      {shown.length === 0 ? (
        <p className={pageStyles.empty}>No job openings found matching your criteria.</p>
      ) : (
        <div className={styles.list}>
          {shown.map((job) => (
            <article key={job.id} className={styles.job}>
              <h2>{job.title}</h2>
              <p className={styles.company}>{job.companyName || 'A Reputable Company'}</p>
              <ul className={styles.meta}>
                <li><span className="visually-hidden">Location: </span>{orNA(job.location)}</li>
                <li><span className="visually-hidden">Job type: </span>{orNA(job.jobType)}</li>
                {/* Relative to the reader's clock: the server's "2 hours ago" may read "3 hours ago" here. */}
                <li suppressHydrationWarning>{postedAgo(job.postedDate)}</li>
              </ul>
              <p>{job.descriptionSnippet || job.description}</p>
              <Link to={`/jobs/${job.id}`} aria-label={`View Details: ${job.title}`}>
                View Details
              </Link>
            </article>
          ))}
        </div>
      )}
    </>
  );
}

export function JobsPage() {
  return (
    <main className={pageStyles.page}>
      <PageHead
        title="Barista jobs in Rwanda"
        description="Openings at cafés, hotels and roasters in Rwanda that hire certified baristas."
        path="/jobs"
      />
      <h1>Find Your Barista Career</h1>
      <p className={pageStyles.lead}>Openings at cafés, hotels and roasters that hire our certified baristas.</p>
      <QueryBoundary loading={<Spinner label="Loading job openings..." />} error={(message) => <ErrorBanner>Could not load jobs: {message}</ErrorBanner>}>
        <JobBoard />
      </QueryBoundary>
    </main>
  );
}
