/** Job applications: the trainee applies and follows; the job's employer reviews; admins read. */
import { call, callPage, downloadFile, listQuery, seg, type Page, type PageParams } from '../client';
import type { EmployerApplicationStatus, JobApplicationStatus } from '../constants';
import { formDataOf } from '../form-data';
import { session } from '../auth/texts';
import { jobApplication } from './texts';
import type { JobApplicant, JobApplicationsSummary, MessageAnswer, MyJobApplication } from '../schemas';

const signedIn = { bearer: 'required', missingToken: session.notLoggedIn } as const;

export interface ApplyForJobFields {
  phone?: string;
  coverNote?: string;
  /** A PDF, a Word document or a JPEG/PNG photo of at most 5 MB (MAX_CV_BYTES). */
  cv?: Blob | null;
  /** The CV's file name (a File's own when not given). */
  cvName?: string;
}

/** The address an application for `jobId` is sent to (also by the phone's queue of writes). */
export const applicationPath = (jobId: number | string) => `jobs/${seg(jobId)}/applications`;

/**
 * An application's text fields and, with a CV, the multipart form that carries them with it: what is sent now,
 * and what the phone keeps to send later.
 */
export function applicationBody(fields: ApplyForJobFields): {
  text: { phone: string; coverNote: string };
  form?: Record<string, string | Blob>;
  fileNames?: Record<string, string>;
} {
  const text = { phone: fields.phone ?? '', coverNote: fields.coverNote ?? '' };
  if (!fields.cv) return { text };
  const name = fields.cvName || (fields.cv as File).name || 'cv';
  return { text, form: { ...text, cv: fields.cv }, fileNames: { cv: name } };
}

/**
 * Applies for a job: JSON, or a multipart form when a CV is attached. `idempotencyKey` is the application's own
 * key from its first try: sent again (from the phone's queue), it is stored once.
 */
export function applyForJob(
  jobId: number | string,
  fields: ApplyForJobFields,
  idempotencyKey?: string,
): Promise<MyJobApplication> {
  const { text, form, fileNames } = applicationBody(fields);
  const body = form ? formDataOf(form, fileNames) : undefined;
  return call({
    operation: 'POST /jobs/:jobId/applications',
    path: applicationPath(jobId),
    auth: signedIn,
    ...(body ? { body } : { json: text }),
    ...(idempotencyKey ? { idempotencyKey } : {}),
    fallback: jobApplication.failedApply,
  });
}

export interface MyJobApplicationsParams extends PageParams {
  jobId?: number | string;
}

/** The trainee's own applications, newest first. */
export function getMyJobApplications(params?: MyJobApplicationsParams): Promise<MyJobApplication[]> {
  return call({
    operation: 'GET /job-applications/mine',
    path: 'job-applications/mine',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: () => jobApplication.failedMine,
  });
}

/** Withdraws the trainee's application while it is still New. */
export function withdrawJobApplication(id: number): Promise<MessageAnswer & { application: MyJobApplication }> {
  return call({
    operation: 'DELETE /job-applications/:id',
    path: `job-applications/${seg(id)}`,
    auth: signedIn,
    fallback: () => jobApplication.failedWithdraw,
  });
}

export interface JobApplicantsParams extends PageParams {
  status?: JobApplicationStatus;
}

/** A job's applicants (its employer, admins), a page at a time with the total. */
export function getJobApplicantsPage(
  jobId: number | string,
  params?: JobApplicantsParams,
): Promise<Page<JobApplicant>> {
  return callPage({
    operation: 'GET /jobs/:jobId/applications',
    path: `jobs/${seg(jobId)}/applications`,
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: jobApplication.failedApplicants,
  });
}

export function setJobApplicationStatus(
  id: number,
  status: EmployerApplicationStatus,
  note?: string,
): Promise<JobApplicant> {
  return call({
    operation: 'PATCH /job-applications/:id',
    path: `job-applications/${seg(id)}`,
    auth: signedIn,
    json: { status, note: note ?? null },
    fallback: jobApplication.failedStatus,
  });
}

export function setJobApplicationsStatus(
  jobId: number,
  ids: number[],
  status: EmployerApplicationStatus,
  note?: string,
): Promise<MessageAnswer & { applications: JobApplicant[] }> {
  return call({
    operation: 'POST /jobs/:jobId/applications/status',
    path: `jobs/${seg(jobId)}/applications/status`,
    auth: signedIn,
    json: { ids, status, note: note ?? null },
    fallback: jobApplication.failedStatus,
  });
}

/** Applications received (an employer: on their jobs; an admin: all), and how many are still New. */
export function getJobApplicationsSummary(): Promise<JobApplicationsSummary> {
  return call({
    operation: 'GET /job-applications/summary',
    path: 'job-applications/summary',
    auth: signedIn,
    fallback: () => jobApplication.failedSummary,
  });
}

export function downloadApplicationCv(id: number): Promise<void> {
  return downloadFile(
    {
      operation: 'GET /job-applications/:id/cv',
      path: `job-applications/${seg(id)}/cv`,
      auth: signedIn,
      fallback: () => jobApplication.failedDownload,
    },
    // The server names the file by its kind (.pdf, .docx, .doc, .jpg, .png); this is for an answer without one.
    `cv-${id}`,
  );
}

export function downloadApplicantsCsv(jobId: number, params?: JobApplicantsParams): Promise<void> {
  return downloadFile(
    {
      operation: 'GET /jobs/:jobId/applications.csv',
      path: `jobs/${seg(jobId)}/applications.csv`,
      auth: signedIn,
      searchParams: listQuery({ ...params, limit: undefined, offset: undefined }),
      fallback: () => jobApplication.failedDownload,
    },
    `applicants-job-${jobId}.csv`,
  );
}
