import { useEffect, useMemo, useState } from 'react';
import type { Course } from '@btls/shared-api/schemas';
import { Button, ErrorBanner, SelectField, Spinner, TextField } from '@btls/shared-ui/components';
import { CourseCard } from './course-card';
import styles from './courses.module.css';
import { useCoursesStore } from './courses-store';

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

export function CoursesPage() {
  const { courses, status, error, load } = useCoursesStore();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL);
  const [level, setLevel] = useState(ALL);
  const [center, setCenter] = useState(ALL);
  useEffect(() => {
    void load();
  }, [load]);

  const options = useMemo(
    () => ({
      categories: optionsOf(courses, (c) => c.category),
      levels: optionsOf(courses, (c) => c.level),
      centers: optionsOf(courses, (c) => c.trainingCenter),
    }),
    [courses],
  );
  const shown = courses.filter(
    (c) =>
      matchesSearch(c, query) &&
      (category === ALL || c.category === category) &&
      (level === ALL || c.level === level) &&
      (center === ALL || c.trainingCenter === center),
  );

  return (
    <main className={styles.page}>
      <h1>Our Barista Courses</h1>
      <p className={styles.lead}>Hands-on training at our centre in Kigali, from your first espresso to running a café.</p>
      {status === 'error' ? (
        <section className={styles.empty}>
          <h2>Failed to Load Courses</h2>
          <ErrorBanner>{error}</ErrorBanner>
        </section>
      ) : status !== 'ready' ? (
        <Spinner label="Loading available courses..." />
      ) : (
        <>
          <form className={styles.filters} role="search" onSubmit={(e) => e.preventDefault()}>
            <TextField label="Search courses" type="search" placeholder="Title, description or tag" value={query} onChange={(e) => setQuery(e.target.value)} />
            <SelectField label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
              {options.categories.map((v) => <option key={v}>{v}</option>)}
            </SelectField>
            <SelectField label="Skill Level" value={level} onChange={(e) => setLevel(e.target.value)}>
              {options.levels.map((v) => <option key={v}>{v}</option>)}
            </SelectField>
            <SelectField label="Training Center" value={center} onChange={(e) => setCenter(e.target.value)}>
              {options.centers.map((v) => <option key={v}>{v}</option>)}
            </SelectField>
            <Button
              variant="secondary"
              onClick={() => {
                setQuery('');
                setCategory(ALL);
                setLevel(ALL);
                setCenter(ALL);
              }}
            >
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
                <CourseCard key={course.id} course={course} />
              ))}
            </div>
          )}
        </>
      )}
    </main>
  );
}
