import { type QueryClient, queryOptions } from '@btls/kernel';
import type { Page } from '../client';
import { COURSE_CATEGORIES, COURSE_LEVELS } from '../constants';
import { getCourse, getCourseFacets, listCourses, listCoursesPage } from './calls';
import { PUBLIC_PAGE_SIZE, only, orNotFound, paged, text } from '../query-helpers';
import type { Course } from '../schemas';
import { courseKeys } from './keys';

export interface CourseFilters {
  q?: string;
  category?: string;
  level?: string;
  trainingCenter?: string;
}

export function coursesPageQuery(filters: CourseFilters, page: number) {
  const size = PUBLIC_PAGE_SIZE.courses;
  const params = {
    q: text(filters.q),
    category: only(filters.category, COURSE_CATEGORIES),
    level: only(filters.level, COURSE_LEVELS),
    trainingCenter: text(filters.trainingCenter),
  };
  return queryOptions({
    queryKey: [...courseKeys.coursePages, JSON.stringify(params), page] as const,
    queryFn: () => listCoursesPage({ ...params, limit: size, offset: (page - 1) * size }),
  });
}

/** Filter options change when an admin edits the catalogue: kept for five minutes. */
export const courseFacetsQuery = () =>
  queryOptions({ queryKey: courseKeys.courseFacets, queryFn: getCourseFacets, staleTime: 5 * 60_000 });

/** One course; a course already on a list page shows at once (docs/product.md §7: the list in memory is checked first). */
export function courseQuery(id: string, client?: QueryClient) {
  return queryOptions({
    queryKey: courseKeys.course(id),
    queryFn: () => orNotFound(() => getCourse(id)),
    initialData: () =>
      client
        ?.getQueriesData<Page<Course>>({ queryKey: courseKeys.coursePages })
        .flatMap(([, page]) => page?.items ?? [])
        .find((course) => String(course.id) === id),
  });
}

/**
 * The active courses to choose from in the application form: their first 100 (the most one answer holds; a
 * training centre runs far fewer at once). A course named in the address but not among them is added by the
 * form from `courseQuery`.
 */
export const courseChoicesQuery = () =>
  queryOptions({
    queryKey: [...courseKeys.courses, 'choices'] as const,
    queryFn: () => listCourses({ limit: 100, status: 'active' }),
  });

/** Every course (an admin's token lists inactive ones too), for an admin's filter by course. */
export const allCourseChoicesQuery = () =>
  queryOptions({
    queryKey: [...courseKeys.courses, 'choices', 'all'] as const,
    queryFn: () => listCourses({ limit: 100 }),
  });

export const pagedCourses = /* @__PURE__ */ paged(courseKeys.courses, listCoursesPage);
