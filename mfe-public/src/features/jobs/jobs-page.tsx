import { jobFacetsQuery, jobsPageQuery, PUBLIC_PAGE_SIZE, useSuspenseQueries, valueText } from '@btls/shared-api';
import { Link, paths, useI18n } from '@btls/shared-auth';
import { ErrorBanner, SelectField, Spinner, TextField } from '@btls/shared-ui/components';
import { formatJobSalary, orNA } from '@btls/shared-ui/format';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { activeCount, FilterDisclosure } from '../../ui/filter-disclosure';
import { PageHead } from '../../ui/page-head';
import { PagedResults } from '../../ui/paged-results';
import { ALL, chosen, optionsOf, useListPath, useListRequest, useUrlFilters } from '../../ui/use-url-filters';
import pageStyles from '../courses/courses.module.css';
import styles from './jobs.module.css';
import { postedAgo } from './posted-ago';
import { textLang, WrittenIn } from '@btls/shared-ui/written-in';

/**
 * Place names in alphabetical order, without Intl's collator: its first use loads the browser's collation data,
 * 10–15 ms of a desktop's main thread (ten times that on a low-end phone) while the board is first shown, and the
 * names are plain (the server's list comes in its collator's order already).
 */
const byName = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

/**
 * The job board's places grouped by city: "Kigali, Kiyovu" is the Kiyovu area of Kigali, "Huye" a city alone.
 * The location filter finds a place by any part of it, so the city's own option finds all of its areas.
 */
export function citiesOf(locations: string[]): { city: string; areas: { name: string; value: string }[] }[] {
  const cities = new Map<string, { name: string; value: string }[]>();
  for (const value of locations) {
    const [city = value, ...rest] = value.split(',').map((part) => part.trim());
    const areas = cities.get(city) ?? [];
    if (rest.length) areas.push({ name: rest.join(', '), value });
    cities.set(city, areas);
  }
  return [...cities]
    .map(([city, areas]) => ({ city, areas: areas.sort((a, b) => byName(a.name, b.name)) }))
    .sort((a, b) => byName(a.city, b.city));
}

/** The board's choices besides the search, and their "no choice" values. */
const CHOICES = { location: ALL, type: ALL };

function JobBoard() {
  const i18n = useI18n();
  // 'All' stays the value in the address; only its text is translated.
  const all = i18n._({ id: 'public.filters.all', message: 'All' });
  const { values, page, pageHref, set, formRef } = useUrlFilters({ q: '', ...CHOICES });
  const { shown, stale } = useListRequest({
    q: values.q,
    location: chosen(values.location),
    jobType: chosen(values.type),
    page,
  });
  const [{ data: facets }, { data: list }] = useSuspenseQueries({
    queries: [jobFacetsQuery(), jobsPageQuery(shown, shown.page)],
  });

  return (
    <>
      {/* Without JavaScript the form still works: it sends the same parameters to the server-rendered page. */}
      <form
        ref={formRef}
        className={`${pageStyles.filters} ${styles.filters}`}
        role="search"
        method="get"
        action={paths.jobs}
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          label={i18n._({ id: 'public.jobs.search', message: 'Search jobs' })}
          name="q"
          type="search"
          placeholder={i18n._({ id: 'public.jobs.searchHint', message: 'Title, company or description' })}
          value={values.q}
          onChange={(e) => set('q', e.target.value)}
        />
        <FilterDisclosure active={activeCount(values, CHOICES)}>
          <SelectField
            label={i18n._({ id: 'public.jobs.location', message: 'Location' })}
            name="location"
            value={values.location}
            onChange={(e) => set('location', e.target.value)}
          >
            <option value={ALL}>{all}</option>
            {citiesOf(optionsOf(facets.locations, values.location).filter((v) => v !== ALL)).map(({ city, areas }) =>
              areas.length === 0 ? (
                <option key={city} value={city}>
                  {city}
                </option>
              ) : (
                // A city's areas under it, and first the whole city (a place is found by its city too).
                <optgroup key={city} label={city}>
                  <option value={city}>
                    {i18n._({ id: 'public.jobs.allOfCity', message: 'All of {city}', values: { city } })}
                  </option>
                  {areas.map((area) => (
                    <option key={area.value} value={area.value}>
                      {area.name}
                    </option>
                  ))}
                </optgroup>
              ),
            )}
          </SelectField>
          <SelectField
            label={i18n._({ id: 'public.jobs.type', message: 'Job type' })}
            name="type"
            value={values.type}
            onChange={(e) => set('type', e.target.value)}
          >
            {optionsOf(facets.jobTypes, values.type).map((v) => (
              <option key={v} value={v}>
                {v === ALL ? all : i18n._(valueText(v))}
              </option>
            ))}
          </SelectField>
        </FilterDisclosure>
      </form>
      <PagedResults
        page={shown.page}
        pageSize={PUBLIC_PAGE_SIZE.jobs}
        total={list.total}
        capped={list.capped}
        count={list.items.length}
        counted={(count, shown) =>
          i18n._({
            id: 'public.jobs.count',
            message: '{count, plural, one {{shown} job opening} other {{shown} job openings}}',
            values: { count, shown },
          })
        }
        pagesLabel={i18n._({ id: 'public.jobs.pages', message: 'Pages of job openings' })}
        stale={stale}
        hrefFor={pageHref}
        empty={
          <p className={pageStyles.empty}>
            {i18n._({ id: 'public.jobs.none', message: 'No job openings found matching your criteria.' })}
          </p>
        }
      >
        <div className={styles.list}>
          {list.items.map((job) => (
            // The card is the job's link: its title's, stretched over the card, so a tap anywhere opens it.
            <article key={job.id} className={`${styles.job} ${pageStyles.linkCard}`}>
              <h2 {...textLang(i18n, job.language)}>
                <Link className={pageStyles.cardLink} to={paths.job(job.id)}>
                  {job.title}
                </Link>
              </h2>
              <WrittenIn language={job.language} />
              <p className={styles.company}>
                {job.companyName || i18n._({ id: 'public.jobs.anonymousCompany', message: 'A Reputable Company' })}
              </p>
              <ul className={styles.meta}>
                <li>
                  <span className="visually-hidden">
                    {i18n._({ id: 'public.jobs.locationLabel', message: 'Location:' })}{' '}
                  </span>
                  {orNA(job.location, i18n)}
                </li>
                <li>
                  <span className="visually-hidden">
                    {i18n._({ id: 'public.jobs.typeLabel', message: 'Job type:' })}{' '}
                  </span>
                  {orNA(job.jobType && i18n._(valueText(job.jobType)), i18n)}
                </li>
                {/* The salary in the reader's language (the words of an older posting as written). */}
                {(job.salary || job.salaryRange) && (
                  <li>
                    <span className="visually-hidden">
                      {i18n._({ id: 'public.jobs.salaryLabel', message: 'Salary:' })}{' '}
                    </span>
                    {formatJobSalary(job, i18n)}
                  </li>
                )}
                {/* Relative to the reader's clock: the server's "2 hours ago" may read "3 hours ago" here. */}
                <li suppressHydrationWarning>{postedAgo(job.postedDate, i18n)}</li>
              </ul>
              <p {...textLang(i18n, job.language)}>{job.descriptionSnippet || job.description}</p>
              <span className={pageStyles.cue} aria-hidden="true">
                {i18n._({ id: 'public.course.viewDetails', message: 'View Details' })}
              </span>
            </article>
          ))}
        </div>
      </PagedResults>
    </>
  );
}

export function JobsPage() {
  const i18n = useI18n();
  return (
    <main className={pageStyles.page}>
      <PageHead
        title={i18n._({ id: 'public.jobs.pageTitle', message: 'Barista jobs in Rwanda' })}
        description={i18n._({
          id: 'public.jobs.description',
          message: 'Openings at cafés, hotels and roasters in Rwanda that hire certified baristas.',
        })}
        path={useListPath(paths.jobs)}
      />
      <h1>{i18n._({ id: 'public.jobs.title', message: 'Find Your Barista Career' })}</h1>
      <p className={pageStyles.lead}>
        {i18n._({
          id: 'public.jobs.lead',
          message: 'Openings at cafés, hotels and roasters that hire our certified baristas.',
        })}
      </p>
      <QueryBoundary
        loading={<Spinner label={i18n._({ id: 'public.jobs.loading', message: 'Loading job openings...' })} />}
        error={(message) => (
          <ErrorBanner>
            {i18n._({ id: 'public.jobs.error', message: 'Could not load jobs: {error}', values: { error: message } })}
          </ErrorBanner>
        )}
      >
        <JobBoard />
      </QueryBoundary>
    </main>
  );
}
