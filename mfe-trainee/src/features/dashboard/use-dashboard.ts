/**
 * What the trainee's dashboard shows and does: the applications, certificates and latest progress (loaded
 * together, shown together), which section comes first, and withdrawing a job application. The page
 * (dashboard-page.tsx) and its sections only show them.
 */
import { useState } from 'react';
import {
  DASHBOARD_PROGRESS_ENROLLMENTS,
  DASHBOARD_PROGRESS_ITEMS,
  errorMessage,
  latestProgressQuery,
  myApplicationsQuery,
  myCertificatesQuery,
  myJobApplicationsQuery,
  useQuery,
  useWithdrawJobApplication,
} from '@btls/shared-api';
import type { Enrollment, MyJobApplication, ProgressRecord } from '@btls/shared-api/schemas';
import { useI18n } from '@btls/shared-auth';
import { useDialog } from '@btls/shared-ui/dialog';

export interface Loaded<T> {
  data: T | null;
  error: string;
}

export interface CourseProgress {
  enrollment: Enrollment;
  records: ProgressRecord[];
}

/** A query's answer as the sections show it: null while it comes, [] and the message when it failed. */
function loaded<T>(query: { data?: T[]; error: Error | null }): Loaded<T[]> {
  return query.error ? { data: [], error: errorMessage(query.error) } : { data: query.data ?? null, error: '' };
}

/** Progress for at most the first 3 Approved or Completed applications, 2 items each; a failure gives none. */
export function useDashboardData() {
  const applications = useQuery(myApplicationsQuery());
  const certificates = useQuery(myCertificatesQuery());
  const active = (applications.data ?? [])
    .filter((a) => a.status === 'Approved' || a.status === 'Completed')
    .slice(0, DASHBOARD_PROGRESS_ENROLLMENTS);
  const records = useQuery({
    ...latestProgressQuery(
      active.map((a) => a.id),
      DASHBOARD_PROGRESS_ITEMS,
    ),
    enabled: applications.isSuccess,
  });
  const progress: Loaded<CourseProgress[]> = applications.error
    ? { data: [], error: '' }
    : records.error
      ? { data: [], error: errorMessage(records.error) }
      : {
          data: records.data ? active.map((enrollment, i) => ({ enrollment, records: records.data[i] ?? [] })) : null,
          error: '',
        };
  const shown = { applications: loaded(applications), certificates: loaded(certificates), progress };
  const hasActive = shown.applications.data?.some((a) => a.status === 'Approved' || a.status === 'Pending');
  return {
    ...shown,
    // The sections show together once all three answers are in: one appearing above another would push it
    // down while the trainee reads (and the banner above them depends on the applications).
    ready: shown.applications.data !== null && shown.certificates.data !== null && progress.data !== null,
    showJourney: shown.applications.data !== null && !shown.applications.error && !hasActive,
    // A graduate's certificates are what they come for (to show an employer): first, once there are any.
    certificatesFirst: !shown.certificates.error && (shown.certificates.data?.length ?? 0) > 0,
  };
}

/** The trainee's job applications, and withdrawing one while it is New (after a confirm). */
export function useJobApplications() {
  const i18n = useI18n();
  const list = useQuery(myJobApplicationsQuery());
  const withdrawal = useWithdrawJobApplication();
  const { confirm, dialog } = useDialog();
  const [error, setError] = useState('');

  async function withdraw(application: MyJobApplication) {
    const question = i18n._({
      id: 'trainee.jobs.withdrawConfirm',
      message: 'Withdraw your application for "{job}"? The employer will no longer consider it.',
      values: { job: application.jobTitle },
    });
    if (!(await confirm(question))) return;
    setError('');
    try {
      await withdrawal.mutateAsync(application.id);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return { list, error, withdraw, dialog };
}
