import { queryOptions } from '@btls/kernel';
import { getEnrollment, getMyApplications, getMyAssignedTrainingsPage, listEnrollmentsPage } from './calls';
import { orNotFound, paged } from '../query-helpers';
import { enrollmentKeys } from './keys';

export const enrollmentQuery = (id: string) =>
  queryOptions({ queryKey: enrollmentKeys.enrollment(id), queryFn: () => orNotFound(() => getEnrollment(id)) });

const LATEST_ASSIGNMENTS = 5;

/** The trainer's dashboard (docs/product.md §6): the latest few assignments, and the counts by status from the totals. */
export const assignmentSummaryQuery = () =>
  queryOptions({
    queryKey: enrollmentKeys.assignmentSummary,
    queryFn: async () => {
      const [latest, active, completed] = await Promise.all([
        getMyAssignedTrainingsPage({ limit: LATEST_ASSIGNMENTS }),
        getMyAssignedTrainingsPage({ limit: 1, status: 'Approved' }),
        getMyAssignedTrainingsPage({ limit: 1, status: 'Completed' }),
      ]);
      return { latest: latest.items, active: active.total, completed: completed.total };
    },
  });

export const myApplicationsQuery = () =>
  queryOptions({ queryKey: enrollmentKeys.myApplications, queryFn: () => getMyApplications() });

export const pagedEnrollments = /* @__PURE__ */ paged(enrollmentKeys.enrollments, listEnrollmentsPage);

export const pagedAssignedTrainings = /* @__PURE__ */ paged(
  [...enrollmentKeys.enrollments, 'assigned'],
  getMyAssignedTrainingsPage,
);
