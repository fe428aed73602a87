/** Contract tests: every call of docs/product.md §7 goes to its method and path, with a bearer token exactly where docs/product.md §7 says. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  changePassword,
  createUser,
  login,
  registerEmployer,
  registerTrainee,
  requestPasswordReset,
  resetPassword,
  checkResetLink,
} from '../src/auth';
import {
  certificateCredentialHref,
  checkCredential,
  getCertificateByCode,
  getCertificateCredential,
  getEnrollmentCertificate,
  getMyCertificates,
  issueCertificate,
  revokeCertificate,
  verifyCertificate,
} from '../src/certificates';
import { ApiError, configureApi, errorMessage } from '../src/client';
import { fallback } from '../src/messages';
import { listContactMessages, sendContactMessage } from '../src/contact';
import { createCourse, deleteCourse, getCourse, listCourses, updateCourse } from '../src/courses';
import {
  applyForCourse,
  assignTrainer,
  getEnrollment,
  getMyApplications,
  getMyAssignedTrainings,
  listEnrollments,
  markTrainingCompleted,
  updateEnrollmentStatus,
} from '../src/enrollments';
import {
  deleteJob,
  getJob,
  getJobForEdit,
  getMyPostings,
  getMyPostingsPage,
  listJobs,
  postJob,
  setJobActive,
  updateJob,
} from '../src/jobs';
import {
  applyForJob,
  getJobApplicantsPage,
  getJobApplicationsSummary,
  getMyJobApplications,
  setJobApplicationStatus,
  setJobApplicationsStatus,
  withdrawJobApplication,
} from '../src/job-applications';
import { listOutbox, retryOutboxMessage } from '../src/outbox';
import { addProgress, deleteProgress, listProgress, updateProgress } from '../src/progress';
import {
  deleteUser,
  getMyPreferences,
  listCertifiedTrainees,
  sendPasswordResetLink,
  updateMyPreferences,
  listTrainers,
  listUsers,
  listUsersPage,
  listCertifiedTraineesPage,
  saveMyLanguage,
  setUserActive,
  updateMyProfile,
  updateUser,
} from '../src/users';

const BASE = 'http://api.test/api';
interface Seen {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
}
let seen: Seen[] = [];
let reply: () => Response = () => HttpResponse.json({ message: 'ok' });

const server = setupServer(
  http.all(`${BASE}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const contentType = request.headers.get('content-type');
    let body: unknown = null;
    if (contentType?.includes('json')) body = await request.json();
    else if (contentType?.includes('multipart')) body = await request.formData();
    seen.push({
      method: request.method,
      path: url.pathname.replace('/api', ''),
      search: url.search,
      authorization: request.headers.get('authorization'),
      contentType,
      body,
    });
    return reply();
  }),
);

let token: string | null = 'the-token';
const onUnauthorized = vi.fn();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  seen = [];
  token = 'the-token';
  reply = () => HttpResponse.json({ message: 'ok', token: 't', user: { id: 1 } });
  onUnauthorized.mockReset();
  configureApi({ baseUrl: BASE, getToken: () => token, onUnauthorized });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => server.close());

const course = { title: 'T', description: 'D', category: 'Latte Art', level: 'Beginner', tags: ['a', 'b'] } as const;
const job = { title: 'T', companyName: 'C', description: 'D', location: 'L', jobType: 'Full-time' };
const progress = { assessmentName: 'A', score: 1, maxScore: 2, feedbackNotes: null };

// [name, call, method, path, bearer?]
const calls: [string, () => Promise<unknown>, string, string, boolean][] = [
  [
    'register a trainee',
    () => registerTrainee({ firstName: 'a', lastName: 'b', email: 'e@x.rw', password: 'pppppp' }),
    'POST',
    '/auth/register',
    false,
  ],
  [
    'register a company',
    () => registerEmployer({ firstName: 'a', lastName: 'b', email: 'e@x.rw', password: 'pppppp', companyName: 'C' }),
    'POST',
    '/auth/register',
    false,
  ],
  [
    'admin creates a user',
    () => createUser({ firstName: 'a', lastName: 'b', email: 'e@x.rw', password: 'pppppp', role: 'trainer' }),
    'POST',
    '/auth/register',
    true,
  ],
  ['login', () => login({ email: 'e@x.rw', password: 'p' }), 'POST', '/auth/login', false],
  ['list courses (token only when signed in)', () => listCourses(), 'GET', '/courses', true],
  ['get a course', () => getCourse(7), 'GET', '/courses/7', true],
  ['add a course', () => createCourse(course), 'POST', '/courses', true],
  ['update a course', () => updateCourse(7, course), 'PUT', '/courses/7', true],
  ['delete a course', () => deleteCourse(7), 'DELETE', '/courses/7', true],
  [
    'send a contact message',
    () => sendContactMessage({ name: 'n', email: 'e@x.rw', subject: 's', message: 'm' }),
    'POST',
    '/contact',
    false,
  ],
  ['list contact messages', () => listContactMessages(), 'GET', '/contact', true],
  ['list users', () => listUsers(), 'GET', '/users', true],
  ['set user status', () => setUserActive(3, false), 'PUT', '/users/3/status', true],
  ['update a user', () => updateUser(3, { firstName: 'a', lastName: 'b', role: 'trainee' }), 'PUT', '/users/3', true],
  ['delete a user', () => deleteUser(3), 'DELETE', '/users/3', true],
  ['list trainers', () => listTrainers(), 'GET', '/users/trainers', true],
  ['list certified trainees', () => listCertifiedTrainees(), 'GET', '/users/certified-trainees', true],
  [
    'update my profile',
    () => updateMyProfile({ firstName: 'a', lastName: 'b', companyName: 'C' }),
    'PUT',
    '/users/me/profile',
    true,
  ],
  [
    'apply for a course',
    () => applyForCourse({ courseId: 1, applicantNotes: '', preferredStartDate: null }),
    'POST',
    '/enrollments/apply',
    true,
  ],
  ['list enrollments', () => listEnrollments('Pending'), 'GET', '/enrollments', true],
  ['my applications', () => getMyApplications(), 'GET', '/enrollments/my-applications', true],
  ['my assigned trainings', () => getMyAssignedTrainings(), 'GET', '/enrollments/my-assigned-trainings', true],
  ['get an enrollment', () => getEnrollment(5), 'GET', '/enrollments/5', true],
  [
    'update enrollment status',
    () => updateEnrollmentStatus(5, { status: 'Approved', adminNotes: 'n' }),
    'PUT',
    '/enrollments/5/status',
    true,
  ],
  ['assign a trainer', () => assignTrainer(5, { trainerId: 2 }), 'PUT', '/enrollments/5/assign-trainer', true],
  ['list progress', () => listProgress(5), 'GET', '/progress/enrollment/5', true],
  ['add progress', () => addProgress(5, progress), 'POST', '/progress/enrollment/5', true],
  ['update progress', () => updateProgress(9, progress), 'PUT', '/progress/9', true],
  ['delete progress', () => deleteProgress(9), 'DELETE', '/progress/9', true],
  ['my certificates', () => getMyCertificates(), 'GET', '/certificates/user', true],
  ['certificate of an enrollment', () => getEnrollmentCertificate(5), 'GET', '/certificates/enrollment/5', true],
  [
    'issue a certificate',
    () => issueCertificate({ enrollmentApplicationId: 5, userId: 1, courseId: 2 }),
    'POST',
    '/certificates/issue',
    true,
  ],
  ['certificate by code', () => getCertificateByCode('BTLS-AB/CD'), 'GET', '/certificates/code/BTLS-AB%2FCD', true],
  ['verify a certificate (public)', () => verifyCertificate('BTLS-1'), 'GET', '/certificates/verify/BTLS-1', false],
  [
    'apply for a job',
    () => applyForJob(4, { phone: '0781234567', coverNote: 'n' }),
    'POST',
    '/jobs/4/applications',
    true,
  ],
  ['my job applications', () => getMyJobApplications({ jobId: 4 }), 'GET', '/job-applications/mine', true],
  ['withdraw a job application', () => withdrawJobApplication(8), 'DELETE', '/job-applications/8', true],
  ["a job's applicants", () => getJobApplicantsPage(4, { status: 'New' }), 'GET', '/jobs/4/applications', true],
  [
    'move a job application',
    () => setJobApplicationStatus(8, 'Shortlisted', 'n'),
    'PATCH',
    '/job-applications/8',
    true,
  ],
  [
    'move several job applications',
    () => setJobApplicationsStatus(4, [8, 9], 'Interview'),
    'POST',
    '/jobs/4/applications/status',
    true,
  ],
  ['job applications summary', () => getJobApplicationsSummary(), 'GET', '/job-applications/summary', true],
  [
    'revoke a certificate',
    () => revokeCertificate('BTLS-1', { reason: 'Copied.' }),
    'POST',
    '/certificates/BTLS-1/revoke',
    true,
  ],
  [
    'signed credential of a certificate (public)',
    () => getCertificateCredential('BTLS-1'),
    'GET',
    '/certificates/BTLS-1/credential',
    false,
  ],
  [
    'check a credential (public)',
    () => checkCredential({ type: ['VerifiableCredential'] }),
    'POST',
    '/credentials/verify',
    false,
  ],
  ['list jobs', () => listJobs(), 'GET', '/jobs', false],
  ['public job detail', () => getJob(4), 'GET', '/jobs/4', false],
  ['job for editing', () => getJobForEdit(4), 'GET', '/jobs/4', true],
  ['my postings', () => getMyPostings(), 'GET', '/jobs/my-postings', true],
  ['post a job', () => postJob(job), 'POST', '/jobs', true],
  ['toggle a job', () => setJobActive(4, false), 'PUT', '/jobs/4', true],
  ['edit a job', () => updateJob(4, job), 'PUT', '/jobs/4', true],
  ['delete a job', () => deleteJob(4), 'DELETE', '/jobs/4', true],
  ['forgot password', () => requestPasswordReset('e@x.rw'), 'POST', '/auth/forgot-password', false],
  ['reset password', () => resetPassword({ token: 't', password: 'pppppp' }), 'POST', '/auth/reset-password', false],
  ['check a reset link', () => checkResetLink('t'), 'POST', '/auth/reset-password/check', false],
  [
    'change my password',
    () => changePassword({ currentPassword: 'a', newPassword: 'pppppp' }),
    'PUT',
    '/auth/password',
    true,
  ],
  ['my settings', () => getMyPreferences(), 'GET', '/users/me/preferences', true],
  ['save my settings', () => updateMyPreferences({ showInTalentSearch: false }), 'PUT', '/users/me/preferences', true],
  ['admin sends a reset link', () => sendPasswordResetLink(3), 'POST', '/users/3/reset-link', true],
  ['admin reads the outbox', () => listOutbox(), 'GET', '/admin/outbox', true],
  ['admin retries an e-mail', () => retryOutboxMessage(8), 'POST', '/admin/outbox/8/retry', true],
];

describe('every call of docs/product.md §7', () => {
  it.each(calls)('%s', async (_name, call, method, path, bearer) => {
    await call();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method, path, authorization: bearer ? 'Bearer the-token' : null });
  });

  it('sends JSON payloads with the spec field names', async () => {
    await listEnrollments('Pending');
    expect(seen[0]!.search).toBe('?status=Pending');
    await listEnrollments();
    expect(seen[1]!.search).toBe('');
    await registerEmployer({ firstName: 'a', lastName: 'b', email: 'e@x.rw', password: 'pppppp', companyName: 'C' });
    expect(seen[2]!.body).toMatchObject({ role: 'employer', companyName: 'C' });
    await markTrainingCompleted(5);
    expect(seen[3]).toMatchObject({ method: 'PUT', path: '/enrollments/5/status', body: { status: 'Completed' } });
    await setJobActive(4, true);
    expect(seen[4]!.body).toEqual({ isActive: true });
  });

  it('links the credential download under the configured API base, the code as one path segment', () => {
    expect(certificateCredentialHref('BTLS-AB/CD')).toBe(`${BASE}/certificates/BTLS-AB%2FCD/credential`);
  });

  it('sends the paging, search and filter parameters of a list, and reads the total', async () => {
    reply = () => HttpResponse.json([{ id: 1 }], { headers: { 'X-Total-Count': '120' } });
    const page = await listUsersPage({ limit: 10, offset: 20, q: 'ali', role: 'trainer', status: undefined });
    expect(seen[0]!.search).toBe('?limit=10&offset=20&q=ali&role=trainer');
    expect(page).toEqual({ items: [{ id: 1 }], total: 120 });
    await listEnrollments('Pending', { offset: 50 });
    expect(seen[1]!.search).toBe('?offset=50&status=Pending');
    await getMyPostingsPage({ q: '', status: 'inactive' });
    expect(seen[2]!.search).toBe('?status=inactive');
    await deleteUser(3, { deleteJobs: true });
    expect(seen[3]).toMatchObject({ method: 'DELETE', path: '/users/3', search: '?deleteJobs=true' });
    // Without X-Total-Count, the total is the page's length.
    reply = () => HttpResponse.json([{ id: 1 }, { id: 2 }]);
    expect((await listCertifiedTraineesPage()).total).toBe(2);
  });

  it("saves the user's language in their settings", async () => {
    await saveMyLanguage('rw');
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      path: '/users/me/preferences',
      authorization: 'Bearer the-token',
      body: { language: 'rw' },
    });
  });

  it("keeps an error answer's code and params for the translation", async () => {
    reply = () =>
      HttpResponse.json(
        { message: 'Password must be at least 6 characters long.', code: 'validation.passwordTooShort' },
        { status: 400 },
      );
    const failure = await updateMyProfile({ firstName: 'a', lastName: 'b' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'validation.passwordTooShort',
      message: 'Password must be at least 6 characters long.',
    });
  });

  it('sends a course with an image as multipart: tags as JSON list text, the file as courseImage', async () => {
    await createCourse(course, new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }));
    const form = seen[0]!.body as FormData;
    expect(seen[0]!.contentType).toMatch(/^multipart\/form-data/);
    expect(form.get('tags')).toBe('["a","b"]');
    expect(form.get('title')).toBe('T');
    expect(form.get('courseImage')).toBeInstanceOf(Blob);
  });
});

describe('the error rule of docs/product.md §8', () => {
  it("shows the server's message when there is one", async () => {
    reply = () => HttpResponse.json({ message: 'Course with ID 7 not found.' }, { status: 404 });
    await expect(getCourse(7)).rejects.toMatchObject({ message: 'Course with ID 7 not found.', status: 404 });
  });

  it('keeps the code and params of the answer; errorMessage() is still the English message', async () => {
    reply = () =>
      HttpResponse.json(
        { message: 'Course with ID 7 not found.', code: 'course.notFoundById', params: { id: 7 } },
        { status: 404 },
      );
    const error = (await getCourse(7).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 404, code: 'course.notFoundById', params: { id: 7 } });
    expect(errorMessage(error)).toBe('Course with ID 7 not found.');
  });

  it("an answer without a code: the code of its text when the catalogue has it; the fallback's, with the status", async () => {
    reply = () => HttpResponse.json({ message: 'Invalid email or password.' }, { status: 401 });
    await expect(listJobs()).rejects.toMatchObject({ code: 'session.invalidCredentials' });
    reply = () => new HttpResponse(null, { status: 500 });
    await expect(listJobs()).rejects.toMatchObject({ code: 'fallback.fetchJobs', params: { status: 500 } });
    // A fallback that names more than the status stays in English, without a code.
    const error = (await getCourse(3).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ message: 'Failed to fetch course 3. Status: 500' });
    expect(error.code).toBeUndefined();
  });

  it("otherwise the call's fallback with the status", async () => {
    reply = () => new HttpResponse('<html>bad gateway</html>', { status: 500 });
    await expect(listCourses()).rejects.toThrow('Failed to fetch courses. Status: 500');
    await expect(createCourse(course)).rejects.toThrow('Failed to add course. Status: 500');
    await expect(updateCourse(1, course)).rejects.toThrow('Failed to update course. Status: 500');
    await expect(deleteCourse(1)).rejects.toThrow('Failed to delete course. Status: 500');
    await expect(getCourse(3)).rejects.toThrow('Failed to fetch course 3. Status: 500');
    await expect(listJobs()).rejects.toThrow('Failed to fetch jobs. Status: 500');
    await expect(postJob(job)).rejects.toThrow('Failed to post job. Status: 500');
    await expect(getMyPostings()).rejects.toThrow('Failed to fetch your job postings. Status: 500');
    await expect(setJobActive(1, true)).rejects.toThrow('Failed to update job status. Status: 500');
    await expect(deleteJob(1)).rejects.toThrow('Failed to delete job. Status: 500');
    await expect(updateJob(1, job)).rejects.toThrow('Failed to update job. Status: 500');
    await expect(listUsers()).rejects.toThrow('Failed to fetch users. Status: 500');
    await expect(setUserActive(1, true)).rejects.toThrow('Failed to update status. Status: 500');
    await expect(deleteUser(1)).rejects.toThrow('Failed to delete user. Status: 500');
    await expect(updateUser(1, { firstName: 'a', lastName: 'b', role: 'admin' })).rejects.toThrow(
      'Failed to update user. Status: 500',
    );
    await expect(listEnrollments()).rejects.toThrow('Failed to fetch applications. Status: 500');
    await expect(applyForCourse({ courseId: 1 })).rejects.toThrow('Application submission failed. Status: 500');
    await expect(updateEnrollmentStatus(1, { status: 'Approved' })).rejects.toThrow(
      'Failed to update status. Status: 500',
    );
    await expect(getMyApplications()).rejects.toThrow('Failed to fetch your applications.');
    await expect(getMyAssignedTrainings()).rejects.toThrow('Failed to fetch assigned trainings.');
    await expect(markTrainingCompleted(1)).rejects.toThrow('Failed to mark training as completed.');
    await expect(assignTrainer(1, { trainerId: 1 })).rejects.toThrow('Failed to assign trainer.');
    await expect(listTrainers()).rejects.toThrow('Failed to fetch trainers');
    await expect(listCertifiedTrainees()).rejects.toThrow('Failed to fetch certified trainees. Status: 500');
    await expect(listProgress(1)).rejects.toThrow('Failed to fetch progress records.');
    await expect(deleteProgress(1)).rejects.toThrow('Failed to delete progress record.');
    await expect(getMyCertificates()).rejects.toThrow('Failed to fetch your certificates.');
    await expect(issueCertificate({ enrollmentApplicationId: 1, userId: 1, courseId: 1 })).rejects.toThrow(
      'Failed to issue certificate.',
    );
    await expect(getCertificateByCode('X')).rejects.toThrow('Failed to fetch certificate. Status: 500');
    await expect(updateMyProfile({ firstName: 'a', lastName: 'b' })).rejects.toThrow('Failed to update profile.');
    await expect(sendContactMessage({ name: 'n', email: 'e', subject: 's', message: 'm' })).rejects.toThrow(
      'An error occurred. Please try again.',
    );
    await expect(registerTrainee({ firstName: 'a', lastName: 'b', email: 'e', password: 'p' })).rejects.toThrow(
      'Failed to register. Please try again.',
    );
    await expect(
      registerEmployer({ firstName: 'a', lastName: 'b', email: 'e', password: 'p', companyName: 'c' }),
    ).rejects.toThrow('Failed to register company. Please try again.');
    await expect(login({ email: 'e', password: 'p' })).rejects.toThrow(
      'Failed to log in. Please check your credentials.',
    );
    await expect(createUser({ firstName: 'a', lastName: 'b', email: 'e', password: 'p' })).rejects.toThrow(
      'Failed to create user. Please try again.',
    );
  });

  it('logs the error to the console and rethrows it as an ApiError', async () => {
    reply = () => HttpResponse.json({ message: 'Nope' }, { status: 403 });
    const error = await listUsers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(console.error).toHaveBeenCalledWith('Nope');
  });

  it("refuses course writes without a token before any call: 'Not authorized: No token provided.'", async () => {
    token = null;
    await expect(createCourse(course)).rejects.toThrow('Not authorized: No token provided.');
    await expect(createCourse(course)).rejects.toMatchObject({ status: 401, code: 'validation.noToken' });
    await expect(updateCourse(1, course)).rejects.toThrow('Not authorized: No token provided.');
    await expect(deleteCourse(1)).rejects.toThrow('Not authorized: No token provided.');
    await expect(getCertificateByCode('X')).rejects.toThrow('Missing information to fetch certificate.');
    await expect(applyForCourse({ courseId: 1 })).rejects.toThrow('You must be logged in to apply.');
    expect(seen).toHaveLength(0);
  });

  it("answers 'Course ID is missing.' and 'Job ID is missing.' without a call", async () => {
    await expect(getCourse('')).rejects.toThrow('Course ID is missing.');
    await expect(getJob('')).rejects.toThrow('Job ID is missing.');
    expect(seen).toHaveLength(0);
  });

  it("accepts a login only when the answer has both token and user: 'Login failed: Invalid response from server.'", async () => {
    reply = () => HttpResponse.json({ message: 'ok', user: { id: 1 } });
    await expect(login({ email: 'e', password: 'p' })).rejects.toThrow('Login failed: Invalid response from server.');
    reply = () => HttpResponse.json({ message: 'ok', token: 't' });
    await expect(login({ email: 'e', password: 'p' })).rejects.toThrow('Login failed: Invalid response from server.');
  });

  it("treats a 404 for an enrollment's certificate as 'none issued' (null), silently", async () => {
    reply = () => HttpResponse.json({ message: 'No certificate' }, { status: 404 });
    expect(await getEnrollmentCertificate(5)).toBeNull();
  });

  it("says 'Job not found or no longer available.' for a public 404 without a message", async () => {
    reply = () => new HttpResponse(null, { status: 404 });
    await expect(getJob(9)).rejects.toThrow('Job not found or no longer available.');
  });

  it("reports an OK answer that is not JSON for my applications as 'Network error or non-JSON response fetching applications.'", async () => {
    reply = () => new HttpResponse('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } });
    await expect(getMyApplications()).rejects.toThrow('Network error or non-JSON response fetching applications.');
  });

  it('signs the session out on a 401 to a call that carried a token, not on a failed login', async () => {
    reply = () => HttpResponse.json({ message: 'Your session has expired' }, { status: 401 });
    await expect(listUsers()).rejects.toThrow('Your session has expired');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(login({ email: 'e', password: 'p' })).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('asks again once when a proxy answers a GET with 503, and never replays a POST', async () => {
    let answers = 0;
    reply = () => (++answers === 1 ? HttpResponse.json({ message: 'Busy' }, { status: 503 }) : HttpResponse.json([]));
    await expect(listJobs()).resolves.toEqual([]);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /jobs', 'GET /jobs']);

    // A proxy asking for an hour's patience gets a second (this test would time out otherwise), then its answer.
    seen = [];
    reply = () =>
      HttpResponse.json({ message: 'Back in an hour' }, { status: 503, headers: { 'Retry-After': '3600' } });
    await expect(listJobs()).rejects.toThrow('Back in an hour');
    expect(seen).toHaveLength(2);

    seen = [];
    reply = () => HttpResponse.json({ message: 'Busy' }, { status: 503 });
    await expect(sendContactMessage({ name: 'A', email: 'a@b.rw', subject: 'S', message: 'M' })).rejects.toThrow(
      'Busy',
    );
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /contact']);
  });

  it('explains a network failure instead of a status', async () => {
    reply = () => HttpResponse.error();
    await expect(listJobs()).rejects.toMatchObject({ message: fallback.network, code: 'fallback.network', status: 0 });
  });
});

describe('job applications', () => {
  it('applies as JSON without a CV, as a multipart form with one', async () => {
    await applyForJob(4, { phone: '078', coverNote: 'hi' });
    expect(seen[0]).toMatchObject({
      contentType: expect.stringContaining('json'),
      body: { phone: '078', coverNote: 'hi' },
    });
    const cv = new File([new TextEncoder().encode('%PDF-1.7')], 'cv.pdf', { type: 'application/pdf' });
    await applyForJob(4, { phone: '078', coverNote: 'hi', cv });
    const form = seen[1]!.body as FormData;
    expect(seen[1]!.contentType).toContain('multipart/form-data');
    expect([form.get('phone'), form.get('coverNote'), (form.get('cv') as File).name]).toEqual(['078', 'hi', 'cv.pdf']);
  });
});
