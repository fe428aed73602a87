import { useMemo } from 'react';
import { coursesQuery, useSuspenseQuery } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Button, ErrorBanner, SelectField, Spinner, TextField } from '@btls/shared-ui/components';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { PageHead } from '../../ui/page-head';
import { useUrlFilters } from '../../ui/use-url-filters';
import { CourseCard } from './course-card';
import styles from './courses.module.css';

const ALL = 'All';

/** 'All' plus the sorted distinct non-empty values of one course field. */
export function optionsOf(courses: Course[], pick: (course: Course) => string | null): string[] {
  const values = new Set(courses.map(pick).filter((v): v is string => !!v && !!v.trim()));
  return [ALL, ...[...values].sort((a, b) => a.localeCompare(b))];
}

export function matchesSearch(course: Course, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [course.title, course.description, ...course.tags].some((text) => text?.toLowerCase().includes(q));
}

function Catalogue() {
  const { data: courses } = useSuspenseQuery(coursesQuery());
  const { values, set, reset, formRef } = useUrlFilters({ q: '', category: ALL, level: ALL, center: ALL });
  const { q: query, ...chosen } = values;

  const options = useMemo(
    () => ({
      category: optionsOf(courses, (c) => c.category),
      level: optionsOf(courses, (c) => c.level),
      center: optionsOf(courses, (c) => c.trainingCenter),
    }),
    [courses],
  );
  const shown = courses.filter(
    (c) =>
      matchesSearch(c, query) &&
      (chosen.category === ALL || c.category === chosen.category) &&
      (chosen.level === ALL || c.level === chosen.level) &&
      (chosen.center === ALL || c.trainingCenter === chosen.center),
  );

  return (
    <>
      {/* Without JavaScript the form still works: it sends the same parameters to the server-rendered page. */}
      <form ref={formRef} className={styles.filters} role="search" method="get" action="/courses" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Search courses" name="q" type="search" placeholder="Title, description or tag" value={query} onChange={(e) => set('q', e.target.value)} />
        <SelectField label="Category" name="category" value={chosen.category} onChange={(e) => set('category', e.target.value)}>
          {options.category.map((v) => <option key={v}>{v}</option>)}
        </SelectField>
        <SelectField label="Skill Level" name="level" value={chosen.level} onChange={(e) => set('level', e.target.value)}>
          {options.level.map((v) => <option key={v}>{v}</option>)}
        </SelectField>
        <SelectField label="Training Center" name="center" value={chosen.center} onChange={(e) => set('center', e.target.value)}>
          {options.center.map((v) => <option key={v}>{v}</option>)}
        </SelectField>
        <Button variant="secondary" onClick={reset}>
          Reset Filters
        </Button>
      </form>
      {shown.length === 0 ? (
        <section className={styles.empty}>
          <h2>No Courses Found</h2>
          <p>Try adjusting your search or filters, or check back later!</p>
        </section>
      ) : (
        <div className={styles.grid}>
          {shown.map((course) => (
            <CourseCard key={course.id} course={course} headingLevel={2} />
          ))}
        </div>
      )}
    </>
  );
}

export function CoursesPage() {
  return (
    <main className={styles.page}>
      <PageHead
        title="Barista courses"
        description="Hands-on barista courses at our training centre in Kigali: brewing, latte art, coffee knowledge, service and café management."
        path="/courses"
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
