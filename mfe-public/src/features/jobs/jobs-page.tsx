import { formatDistanceToNow, parseISO } from 'date-fns';
import { jobFacetsQuery, jobsPageQuery, PUBLIC_PAGE_SIZE, useSuspenseQueries } from '@btls/shared-api';
import { Link, paths } from '@btls/shared-auth';
import { ErrorBanner, SelectField, Spinner, TextField } from '@btls/shared-ui/components';
import { orNA } from '@btls/shared-ui/format';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { PageHead } from '../../ui/page-head';
import { PagedResults } from '../../ui/paged-results';
import { ALL, chosen, optionsOf, useListPath, useListRequest, useUrlFilters } from '../../ui/use-url-filters';
import pageStyles from '../courses/courses.module.css';
import styles from './jobs.module.css';


export function postedAgo(date: string): string {
  return `Posted ${formatDistanceToNow(parseISO(date), { addSuffix: true })}`;
}

function JobBoard() {
  const { values, page, pageHref, set, formRef } = useUrlFilters({ q: '', location: ALL, type: ALL });
  const { shown, stale } = useListRequest({
    q: values.q,
    location: chosen(values.location),
    jobType: chosen(values.type),
    page,
  });
  const [{ data: facets }, { data: list }] = useSuspenseQueries({ queries: [jobFacetsQuery(), jobsPageQuery(shown, shown.page)] });

  return (
    <>
      {/* Without JavaScript the form still works: it sends the same parameters to the server-rendered page. */}
      <form ref={formRef} className={`${pageStyles.filters} ${styles.filters}`} role="search" method="get" action={paths.jobs} onSubmit={(e) => e.preventDefault()}>
        <TextField label="Search jobs" name="q" type="search" placeholder="Title, company or description" value={values.q} onChange={(e) => set('q', e.target.value)} />
        <SelectField label="Location" name="location" value={values.location} onChange={(e) => set('location', e.target.value)}>
          {optionsOf(facets.locations, values.location).map((v) => <option key={v}>{v}</option>)}
        </SelectField>
        <SelectField label="Job type" name="type" value={values.type} onChange={(e) => set('type', e.target.value)}>
          {optionsOf(facets.jobTypes, values.type).map((v) => <option key={v}>{v}</option>)}
        </SelectField>
      </form>
      <PagedResults
        page={shown.page}
        pageSize={PUBLIC_PAGE_SIZE.jobs}
        total={list.total}
        count={list.items.length}
        noun={['job opening', 'job openings']}
        stale={stale}
        hrefFor={pageHref}
        empty={<p className={pageStyles.empty}>No job openings found matching your criteria.</p>}
      >
        <div className={styles.list}>
          {list.items.map((job) => (
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
              <Link to={paths.job(job.id)} aria-label={`View Details: ${job.title}`}>
                View Details
              </Link>
            </article>
          ))}
        </div>
      </PagedResults>
    </>
  );
}

export function JobsPage() {
  return (
    <main className={pageStyles.page}>
      <PageHead
        title="Barista jobs in Rwanda"
        description="Openings at cafés, hotels and roasters in Rwanda that hire certified baristas."
        path={useListPath(paths.jobs)}
      />
      <h1>Find Your Barista Career</h1>
      <p className={pageStyles.lead}>Openings at cafés, hotels and roasters that hire our certified baristas.</p>
      <QueryBoundary loading={<Spinner label="Loading job openings..." />} error={(message) => <ErrorBanner>Could not load jobs: {message}</ErrorBanner>}>
        <JobBoard />
      </QueryBoundary>
    </main>
  );
}
