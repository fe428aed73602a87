import { queryOptions } from '@btls/kernel';
import { JOB_TYPES } from '../constants';
import { getJob, getJobFacets, getJobForEdit, getMyPostingsPage, listJobsPage } from './calls';
import { PUBLIC_PAGE_SIZE, only, orNotFound, paged, text } from '../query-helpers';
import { jobKeys } from './keys';

export interface JobFilters {
  q?: string;
  location?: string;
  jobType?: string;
}

export function jobsPageQuery(filters: JobFilters, page: number) {
  const size = PUBLIC_PAGE_SIZE.jobs;
  const params = { q: text(filters.q), location: text(filters.location), jobType: only(filters.jobType, JOB_TYPES) };
  return queryOptions({
    queryKey: [...jobKeys.jobPages, JSON.stringify(params), page] as const,
    queryFn: () => listJobsPage({ ...params, limit: size, offset: (page - 1) * size }),
  });
}

export const jobFacetsQuery = () =>
  queryOptions({ queryKey: jobKeys.jobFacets, queryFn: getJobFacets, staleTime: 5 * 60_000 });

export const jobQuery = (id: string) =>
  queryOptions({ queryKey: jobKeys.job(id), queryFn: () => orNotFound(() => getJob(id)) });

/** An employer's own posting, to edit or to review its applicants; not theirs or none is a NotFound. */
export const myJobQuery = (id: string) =>
  queryOptions({ queryKey: jobKeys.myJob(id), queryFn: () => orNotFound(() => getJobForEdit(id)) });

export const pagedJobPostings = /* @__PURE__ */ paged(jobKeys.jobs, getMyPostingsPage);
