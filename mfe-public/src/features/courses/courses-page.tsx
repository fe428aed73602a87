import { courseFacetsQuery, coursesPageQuery, PUBLIC_PAGE_SIZE, useSuspenseQueries } from '@btls/shared-api';
import { Button, ErrorBanner, SelectField, Spinner, TextField } from '@btls/shared-ui/components';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { PageHead } from '../../ui/page-head';
import { PagedResults } from '../../ui/paged-results';
import { ALL, chosen, optionsOf, useListPath, useListRequest, useUrlFilters } from '../../ui/use-url-filters';
import { CourseCard } from './course-card';
import styles from './courses.module.css';
import { paths } from '@btls/shared-auth';


/** The catalogue: searched, filtered and paged by the server; the filter options are every value it holds. */
function Catalogue() {
  const { values, page, pageHref, set, reset, formRef } = useUrlFilters({ q: '', category: ALL, level: ALL, center: ALL });
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
      <form ref={formRef} className={styles.filters} role="search" method="get" action={paths.courses} onSubmit={(e) => e.preventDefault()}>
        <TextField label="Search courses" name="q" type="search" placeholder="Title, description or tag" value={values.q} onChange={(e) => set('q', e.target.value)} />
        <SelectField label="Category" name="category" value={values.category} onChange={(e) => set('category', e.target.value)}>
          {optionsOf(facets.categories, values.category).map((v) => <option key={v}>{v}</option>)}
        </SelectField>
        <SelectField label="Skill Level" name="level" value={values.level} onChange={(e) => set('level', e.target.value)}>
          {optionsOf(facets.levels, values.level).map((v) => <option key={v}>{v}</option>)}
        </SelectField>
        <SelectField label="Training Center" name="center" value={values.center} onChange={(e) => set('center', e.target.value)}>
          {optionsOf(facets.trainingCenters, values.center).map((v) => <option key={v}>{v}</option>)}
        </SelectField>
        <Button variant="secondary" onClick={reset}>
          Reset Filters
        </Button>
      </form>
      <PagedResults
        page={shown.page}
        pageSize={PUBLIC_PAGE_SIZE.courses}
        total={list.total}
        count={list.items.length}
        noun={['course', 'courses']}
        stale={stale}
        hrefFor={pageHref}
        empty={
          <section className={styles.empty}>
            <h2>No Courses Found</h2>
            <p>Try adjusting your search or filters, or check back later!</p>
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
  return (
    <main className={styles.page}>
      <PageHead
        title="Barista courses"
        description="Hands-on barista courses at our training centre in Kigali: brewing, latte art, coffee knowledge, service and café management."
        path={useListPath(paths.courses)}
      />
      <h1>Our Barista Courses</h1>
      <p className={styles.lead}>Hands-on training at our centre in Kigali, from your first espresso to running a café.</p>
      <QueryBoundary
        loading={<Spinner label="Loading available courses..." />}
        error={(message) => (
          <section className={styles.empty}>
            <h2>Failed to Load Courses</h2>
            <ErrorBanner>{message}</ErrorBanner>
          </section>
        )}
      >
        <Catalogue />
      </QueryBoundary>
    </main>
  );
}
