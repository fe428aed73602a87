import { courseFacetsQuery, coursesPageQuery, PUBLIC_PAGE_SIZE, useSuspenseQueries, valueText } from '@btls/shared-api';
import { paths, useI18n } from '@btls/shared-auth';
import { Button, ErrorBanner, SelectField, Spinner, TextField } from '@btls/shared-ui/components';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { PageHead } from '../../ui/page-head';
import { activeCount, FilterDisclosure } from '../../ui/filter-disclosure';
import { PagedResults } from '../../ui/paged-results';
import { ALL, chosen, optionsOf, useListPath, useListRequest, useUrlFilters } from '../../ui/use-url-filters';
import { CourseCard } from './course-card';
import styles from './courses.module.css';

/** The catalogue's choices besides the search, and their "no choice" values. */
const CHOICES = { category: ALL, level: ALL, center: ALL };

/** The catalogue: searched, filtered and paged by the server; the filter options are every value it holds. */
function Catalogue() {
  const i18n = useI18n();
  // 'All' stays the value in the address; only its text is translated.
  const all = i18n._({ id: 'public.filters.all', message: 'All' });
  const { values, page, pageHref, set, reset, formRef } = useUrlFilters({ q: '', ...CHOICES });
  const { shown, stale } = useListRequest({
    q: values.q,
    category: chosen(values.category),
    level: chosen(values.level),
    trainingCenter: chosen(values.center),
    page,
  });
  const [{ data: facets }, { data: list }] = useSuspenseQueries({
    queries: [courseFacetsQuery(), coursesPageQuery(shown, shown.page)],
  });

  return (
    <>
      {/* Without JavaScript the form still works: it sends the same parameters to the server-rendered page. */}
      <form
        ref={formRef}
        className={styles.filters}
        role="search"
        method="get"
        action={paths.courses}
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          label={i18n._({ id: 'public.courses.search', message: 'Search courses' })}
          name="q"
          type="search"
          placeholder={i18n._({ id: 'public.courses.searchHint', message: 'Title, description or tag' })}
          value={values.q}
          onChange={(e) => set('q', e.target.value)}
        />
        <FilterDisclosure active={activeCount(values, CHOICES)}>
          <SelectField
            label={i18n._({ id: 'public.courses.category', message: 'Category' })}
            name="category"
            value={values.category}
            onChange={(e) => set('category', e.target.value)}
          >
            {optionsOf(facets.categories, values.category).map((v) => (
              <option key={v} value={v}>
                {v === ALL ? all : i18n._(valueText(v))}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={i18n._({ id: 'public.courses.level', message: 'Skill Level' })}
            name="level"
            value={values.level}
            onChange={(e) => set('level', e.target.value)}
          >
            {optionsOf(facets.levels, values.level).map((v) => (
              <option key={v} value={v}>
                {v === ALL ? all : i18n._(valueText(v))}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={i18n._({ id: 'public.courses.centre', message: 'Training Centre' })}
            name="center"
            value={values.center}
            onChange={(e) => set('center', e.target.value)}
          >
            {optionsOf(facets.trainingCenters, values.center).map((v) => (
              <option key={v} value={v}>
                {v === ALL ? all : v}
              </option>
            ))}
          </SelectField>
          <Button variant="secondary" onClick={reset}>
            {i18n._({ id: 'public.courses.reset', message: 'Reset Filters' })}
          </Button>
        </FilterDisclosure>
      </form>
      <PagedResults
        page={shown.page}
        pageSize={PUBLIC_PAGE_SIZE.courses}
        total={list.total}
        count={list.items.length}
        counted={(count, shown) =>
          i18n._({
            id: 'public.courses.count',
            message: '{count, plural, one {{shown} course} other {{shown} courses}}',
            values: { count, shown },
          })
        }
        pagesLabel={i18n._({ id: 'public.courses.pages', message: 'Pages of courses' })}
        stale={stale}
        hrefFor={pageHref}
        empty={
          <section className={styles.empty}>
            <h2>{i18n._({ id: 'public.courses.none', message: 'No Courses Found' })}</h2>
            <p>
              {i18n._({
                id: 'public.courses.noneHint',
                message: 'Try adjusting your search or filters, or check back later!',
              })}
            </p>
          </section>
        }
      >
        <div className={styles.grid}>
          {list.items.map((course) => (
            <CourseCard key={course.id} course={course} headingLevel={2} />
          ))}
        </div>
      </PagedResults>
    </>
  );
}

export function CoursesPage() {
  const i18n = useI18n();
  return (
    <main className={styles.page}>
      <PageHead
        title={i18n._({ id: 'public.courses.pageTitle', message: 'Barista courses' })}
        description={i18n._({
          id: 'public.courses.description',
          message:
            'Hands-on barista courses at our training centre in Kigali: brewing, latte art, coffee knowledge, service and café management.',
        })}
        path={useListPath(paths.courses)}
      />
      <h1>{i18n._({ id: 'public.courses.title', message: 'Our Barista Courses' })}</h1>
      <p className={styles.lead}>
        {i18n._({
          id: 'public.courses.lead',
          message: 'Hands-on training at our centre in Kigali, from your first espresso to running a café.',
        })}
      </p>
      <QueryBoundary
        loading={<Spinner label={i18n._({ id: 'public.courses.loading', message: 'Loading available courses...' })} />}
        error={(message) => (
          <section className={styles.empty}>
            <h2>{i18n._({ id: 'public.courses.failed', message: 'Failed to Load Courses' })}</h2>
            <ErrorBanner>{message}</ErrorBanner>
          </section>
        )}
      >
        <Catalogue />
      </QueryBoundary>
    </main>
  );
}
