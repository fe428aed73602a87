import { formatDistanceToNow, parseISO } from 'date-fns';
import { useEffect, useMemo, useState } from 'react';
import { listJobs } from '@btls/shared-api';
import type { Job } from '@btls/shared-api/schemas';
import { Link } from '@btls/shared-auth';
import { ErrorBanner, SelectField, Spinner, TextField } from '@btls/shared-ui/components';
import { orNA } from '@btls/shared-ui/format';
import pageStyles from '../courses/courses.module.css';
import styles from './jobs.module.css';

const ALL = 'All';

export function postedAgo(date: string): string {
  return `Posted ${formatDistanceToNow(parseISO(date), { addSuffix: true })}`;
}

export function JobsPage() {
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const [error, setError] = useState('');
  const [query, setQuery] = useState('');
  const [location, setLocation] = useState(ALL);
  const [jobType, setJobType] = useState(ALL);
  useEffect(() => {
    listJobs()
      .then(setJobs)
      .catch((failure: Error) => {
        setJobs([]);
        setError(failure.message);
      });
  }, []);

  const options = useMemo(() => {
    const distinct = (pick: (job: Job) => string | null) =>
      [ALL, ...[...new Set((jobs ?? []).map(pick).filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b))];
    return { locations: distinct((j) => j.location), types: distinct((j) => j.jobType) };
  }, [jobs]);

  const q = query.trim().toLowerCase();
  const shown = (jobs ?? []).filter(
    (job) =>
      (!q || [job.title, job.companyName, job.descriptionSnippet].some((t) => t?.toLowerCase().includes(q))) &&
      (location === ALL || job.location === location) &&
      (jobType === ALL || job.jobType === jobType),
  );

  return (
    <main className={pageStyles.page}>
      <h1>Find Your Barista Career</h1>
      <p className={pageStyles.lead}>Openings at cafés, hotels and roasters that hire our certified baristas.</p>
      <form className={`${pageStyles.filters} ${styles.filters}`} role="search" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Search jobs" type="search" placeholder="Title, company or description" value={query} onChange={(e) => setQuery(e.target.value)} />
        <SelectField label="Location" value={location} onChange={(e) => setLocation(e.target.value)}>
          {options.locations.map((v) => <option key={v}>{v}</option>)}
        </SelectField>
        <SelectField label="Job type" value={jobType} onChange={(e) => setJobType(e.target.value)}>
          {options.types.map((v) => <option key={v}>{v}</option>)}
        </SelectField>
      </form>
      {error && <ErrorBanner>Could not load jobs: {error}</ErrorBanner>}
      {jobs === null ? (
        <Spinner label="Loading job openings..." />
      ) : shown.length === 0 ? (
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
                <li>{postedAgo(job.postedDate)}</li>
              </ul>
              <p>{job.descriptionSnippet || job.description}</p>
              <Link to={`/jobs/${job.id}`} aria-label={`View Details: ${job.title}`}>
                View Details
              </Link>
            </article>
          ))}
        </div>
      )}
    </main>
  );
}
