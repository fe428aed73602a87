/**
 * The enrollments resource's query keys: each starts with the resource, so a write refreshes all its views.
 */

export const enrollmentKeys = {
  // The panels' data. Every key starts with its resource, so a write refreshes all its views at once
  // (`invalidateQueries({ queryKey: enrollmentKeys.enrollments })`: lists, pages, counts and details).
  enrollments: ['enrollments'] as const,
  enrollment: (id: number | string) => ['enrollments', 'one', String(id)] as const,
  myApplications: ['enrollments', 'mine'] as const,
  assignmentSummary: ['enrollments', 'assigned', 'summary'] as const,
};
