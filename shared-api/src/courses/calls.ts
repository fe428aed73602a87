import { ApiError, call, callPage, listQuery, seg, type Page, type PageParams } from '../client';
import type { CourseCategory, CourseLevel } from '../constants';
import { validation } from '../texts';
import { courseFallback } from './texts';
import { withReaderLanguage } from '../reader-language';
import type {
  Course,
  CourseAnswer,
  CourseFacets,
  CourseCreatePayload,
  CourseUpdatePayload,
  MessageAnswer,
} from '../schemas';

const staffOnly = { bearer: 'required', missingToken: validation.noToken } as const;

export interface CourseListParams extends PageParams {
  category?: CourseCategory;
  level?: CourseLevel;
  trainingCenter?: string;
  /** Admins only. */
  status?: 'active' | 'inactive';
}

/** Active courses for everyone; with an admin's session, inactive ones too. A page (the first 50 without params). */
export function listCourses(params?: CourseListParams): Promise<Course[]> {
  return call({
    operation: 'GET /courses',
    path: 'courses',
    auth: { bearer: 'optional' },
    searchParams: withReaderLanguage(listQuery(params)),
    fallback: courseFallback.fetchCourses,
  });
}

export function listCoursesPage(params?: CourseListParams): Promise<Page<Course>> {
  return callPage({
    operation: 'GET /courses',
    path: 'courses',
    auth: { bearer: 'optional' },
    searchParams: withReaderLanguage(listQuery(params)),
    fallback: courseFallback.fetchCourses,
  });
}

/** The filter options of the public catalogue: the categories, levels and centres the active courses hold. */
export function getCourseFacets(): Promise<CourseFacets> {
  return call({
    operation: 'GET /courses/facets',
    path: 'courses/facets',
    auth: { bearer: 'none' },
    fallback: courseFallback.fetchCourses,
  });
}

export function getCourse(id: number | string): Promise<Course> {
  if (id === '' || id === undefined || id === null)
    return Promise.reject(new ApiError(courseFallback.courseIdMissing, 400));
  return call({
    operation: 'GET /courses/:id',
    path: `courses/${seg(id)}`,
    auth: { bearer: 'optional' },
    searchParams: withReaderLanguage(undefined),
    fallback: (status) => courseFallback.fetchCourse(id, status),
  });
}

/** The course form as multipart: tags as JSON list text, the image (if any) as `courseImage`. */
function courseForm(payload: CourseCreatePayload | CourseUpdatePayload, image: Blob): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    form.append(key, key === 'tags' || key === 'translations' ? JSON.stringify(value) : String(value));
  }
  form.append('courseImage', image);
  return form;
}

export function createCourse(payload: CourseCreatePayload, image?: Blob | null): Promise<CourseAnswer> {
  return call({
    operation: 'POST /courses',
    path: 'courses',
    auth: staffOnly,
    ...(image ? { body: courseForm(payload, image) } : { json: payload }),
    fallback: courseFallback.addCourse,
  });
}

export function updateCourse(id: number, payload: CourseUpdatePayload, image?: Blob | null): Promise<CourseAnswer> {
  return call({
    operation: 'PUT /courses/:id',
    path: `courses/${seg(id)}`,
    auth: staffOnly,
    ...(image ? { body: courseForm(payload, image) } : { json: payload }),
    fallback: courseFallback.updateCourse,
  });
}

/** Answers 'Course deleted successfully.'; refused with 409 when applications depend on the course. */
export function deleteCourse(id: number): Promise<MessageAnswer> {
  return call({
    operation: 'DELETE /courses/:id',
    path: `courses/${seg(id)}`,
    auth: staffOnly,
    fallback: courseFallback.deleteCourse,
  });
}
