/**
 * The courses resource's query keys: each starts with the resource, so a write refreshes all its views.
 */

export const courseKeys = {
  courses: ['courses'] as const,
  coursePages: ['courses', 'pages'] as const,
  courseFacets: ['courses', 'facets'] as const,
  course: (id: string) => ['courses', id] as const,
};
