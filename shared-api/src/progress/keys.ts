/**
 * The progress resource's query keys: each starts with the resource, so a write refreshes all its views.
 */

export const progressKeys = {
  progress: ['progress'] as const,
  enrollmentProgress: (enrollmentId: number) => ['progress', enrollmentId] as const,
  latestProgress: (enrollmentIds: readonly number[]) => ['progress', 'latest', ...enrollmentIds] as const,
};
