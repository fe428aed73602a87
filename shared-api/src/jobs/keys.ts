/**
 * The jobs resource's query keys: each starts with the resource, so a write refreshes all its views.
 */

export const jobKeys = {
  jobs: ['jobs'] as const,
  jobPages: ['jobs', 'pages'] as const,
  jobFacets: ['jobs', 'facets'] as const,
  job: (id: string) => ['jobs', id] as const,
  /** A posting as its employer edits it (inactive ones too). */
  myJob: (id: string) => ['jobs', 'mine', id] as const,
};
