/**
 * The catalogue's texts the browser shows from its own code (docs/product.md §5's validation messages, the docs/product.md §8 fallbacks,
 * the credential check, account recovery, job applications, signing in): the forms' checks and the client's
 * fallbacks use them, and the server answers with the same words. They are the browser's part of messages.ts,
 * which adds the texts only the server sends: those reach the browser as `{ message, code, params }` and are
 * shown by code (`errorMessage`, `noticeText`), so the first load of a page does not carry their English.
 */
import { LANGUAGES } from './constants';
import { withCodes } from './text-codes';

export const validation = /* @__PURE__ */ withCodes('validation', {
  loginInvalidResponse: 'Login failed: Invalid response from server.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  requiredFields: 'Please fill in all required fields.',
  invalidEmail: 'Please enter a valid email address.',
  invalidRole: 'Invalid role selected.',
  onlyNumbers: 'Field cannot contain only numbers.',
  editUserRequired: 'First name, last name, and role are required.',
  ownRoleFromAdmin: 'You cannot change your own role from Admin.',
  deleteSelf: 'You cannot delete your own account.',
  employerHasJobs:
    'This employer has job postings. Confirm that they are deleted with the account, or deactivate the account instead.',
  lastAdmin: 'The platform must keep at least one active admin: make another user an admin first.',
  courseAddRequired: 'Required fields: Title, Description, Category, Level.',
  courseEditRequired: 'Please fill in all required fields: Title, Description, Category, Level.',
  imageTooLarge: 'File is too large. Max size is 5MB.',
  imageInvalidType: 'Invalid file type. Please upload an image.',
  noToken: 'Not authorized: No token provided.',
  selectCourse: 'Please select a course.',
  mustBeLoggedInToApply: 'You must be logged in to apply.',
  selectTrainer: 'Please select a trainer.',
  assessmentNameRequired: 'Assessment name is required.',
  scoreNotNumber: 'Score must be a valid number.',
  maxScoreNotNumber: 'Max Score must be a valid number.',
  scoreAboveMax: 'Score cannot be greater than Max Score.',
  maxScoreNegative: 'Max Score cannot be negative.',
  jobRequired: 'Please fill in all required fields: Company Name, Job Title, Description, and Location.',
  profileRequired: 'Contact first name, last name, and company name are required.',
  certificateOnlyCompleted: "Certificate can only be issued for 'Completed' enrollments",
  revocationReasonRequired: 'A reason is required to revoke a certificate.',
  scoreNegative: 'Score cannot be negative.',
  notADate: 'Must be a date (YYYY-MM-DD).',
  preferredStartInPast: 'Preferred start date cannot be in the past.',
  closingDateInPast: 'Closing date cannot be in the past.',
  invalidImageUrl: 'Image URL must be a valid URL.',
  invalidWebsiteUrl: 'Please enter a valid website URL.',
  /** A signed-in call made without a session (refused before any request). */
  noSession: 'Authentication token not found.',
} as const);

/** The check of a verifiable credential: the server's findings and the words the screens show. */
export const credentialCheck = /* @__PURE__ */ withCodes('credentialCheck', {
  signatureValid: 'Signature valid',
  signatureInvalid:
    'The signature does not match: this credential was changed after it was signed, or it was not signed by the key it names.',
  notOurIssuer: 'This credential was not issued by BTLS Coffee Training Centre.',
  statusUnknown: 'Its revocation status could not be checked.',
  revoked: 'This certificate has been revoked by the training centre.',
  notACredential: 'This is not a credential: choose the .json file downloaded from a certificate page.',
  tooManyChecks: 'Too many verification requests. Please try again later.',
  /** A real Open Badges 3.0 credential fits in 32 KB; a bigger body is refused before it is read. */
  tooLarge: 'This file is too large to be a credential (at most 32 KB).',
  /** More values than a credential holds, or a check that ran past its deadline. */
  tooComplex: 'This file holds too much to be checked as a credential.',
} as const);

/** Account recovery and settings; the quoted texts are the issue's. */
/**
 * Signing in, when the browser refuses site data (the session cannot be kept): on its own, since signing in
 * (useAuth, in every area and the shell) says it, and the rest of `account` is only the forms'.
 */
export const SITE_DATA_BLOCKED =
  'Signing in needs site data, which your browser blocks for this site. Allow this site to store data (cookies and site data in your browser settings), then try again.';

export const account = /* @__PURE__ */ withCodes('account', {
  /** A signed-in employer, trainer or admin who opens the course application form. */
  onlyTraineesApplyForCourses: 'Only trainees can apply for courses.',
  resetLinkSent: 'If an account exists for that e-mail, we have sent a link to reset the password.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  passwordChanged: 'Your password has been changed. Your other sign-ins have been ended.',
  currentPasswordWrong: 'Your current password is incorrect.',
  resetLinkSentByAdmin: ({ email }: { email: string }) => `A password reset link has been sent to ${email}.`,
  tooManyResetRequests: 'Too many password reset requests. Please try again later.',
  preferencesSaved: 'Your settings have been saved.',
  emailNotificationsLabel: 'E-mail me about my applications, training and messages',
  emailNotificationsHint: 'Account e-mails, such as password reset links, are always sent.',
  showInTalentSearchLabel: 'Show me to employers in the talent search',
  showInTalentSearchHint: 'Employers then see your name, e-mail address and certified courses.',
  failedForgotPassword: 'Could not send the reset link. Please try again.',
  failedResetPassword: 'Could not reset the password. Please try again.',
  failedChangePassword: 'Could not change the password. Please try again.',
  failedPreferences: 'Could not load or save your settings. Please try again.',
  failedOutbox: 'Could not load the e-mails. Please try again.',
  failedRetry: 'Could not retry this e-mail. Please try again.',
  siteDataBlocked: SITE_DATA_BLOCKED,
} as const);

/** The admins' Releases page: what a failed call says when the server sent no words of its own. */
export const releases = /* @__PURE__ */ withCodes('releases', {
  failedReleases: 'Could not load the releases. Please try again.',
  failedReleaseChange: 'Could not change the release. Please try again.',
  failedTokens: 'Could not load or change the release tokens. Please try again.',
} as const);

/** Job applications: the server's answers and the words the screens show. */
export const jobApplication = /* @__PURE__ */ withCodes('jobApplication', {
  alreadyApplied: 'You have already applied for this job.',
  notFound: 'Application not found.',
  invalidId: 'Invalid job application ID.',
  invalidPhone: 'Please enter a Rwandan phone number, e.g. 078 123 4567 or +250 78 123 4567.',
  coverNoteTooLong: 'The cover note must be at most 2,000 characters.',
  cvNotPdf: 'The CV must be a PDF file.',
  cvTooLarge: 'The CV is too large. Max size is 2MB.',
  noCv: 'This application has no CV.',
  onlyTrainees: 'Only trainees can apply for jobs.',
  withdrawOnlyNew: 'An application can be withdrawn only while it is New.',
  moveNotAllowed: ({ name, from, to }: { name: string; from: string; to: string }) =>
    `${name}: An application that is ${from} cannot be moved to ${to}.`,
  changedMeanwhile: 'This application changed meanwhile. Please reload and try again.',
  selectApplications: 'Please select at least one applicant.',
  adminReadOnly: "Admins can read a job's applications, but only its employer can change them.",
  applied: 'Your application has been sent. The employer will be in touch.',
  failedApply: (status: number) => `Application failed. Status: ${status}`,
  failedMine: 'Failed to fetch your job applications.',
  failedWithdraw: 'Failed to withdraw the application.',
  failedApplicants: (status: number) => `Failed to fetch the applicants. Status: ${status}`,
  failedStatus: (status: number) => `Failed to update the status. Status: ${status}`,
  failedDownload: 'Failed to download the file.',
  failedSummary: 'Failed to fetch application stats.',
} as const);

/** docs/product.md §8 fallbacks: shown when a non-OK answer carries no `message`. */
export const fallback = /* @__PURE__ */ withCodes('fallback', {
  /** No answer at all (offline, a dropped mobile link, a timeout). */
  network: 'Could not reach the server. Please check your connection and try again.',
  /** Offline, and this was never saved on this phone: nothing is wrong, it is just not here yet. */
  notSavedOffline: 'You are offline, and this was not saved on this phone. It will show once you are back online.',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  register: 'Failed to register. Please try again.',
  login: 'Failed to log in. Please check your credentials.',
  registerCompany: 'Failed to register company. Please try again.',
  createUser: 'Failed to create user. Please try again.',

  fetchCourses: (status: number) => `Failed to fetch courses. Status: ${status}`,
  addCourse: (status: number) => `Failed to add course. Status: ${status}`,
  updateCourse: (status: number) => `Failed to update course. Status: ${status}`,
  deleteCourse: (status: number) => `Failed to delete course. Status: ${status}`,
  fetchCourse: (id: number | string, status: number) => `Failed to fetch course ${id}. Status: ${status}`,
  courseIdMissing: 'Course ID is missing.',

  fetchJobs: (status: number) => `Failed to fetch jobs. Status: ${status}`,
  fetchJob: 'Failed to fetch job details.',
  postJob: (status: number) => `Failed to post job. Status: ${status}`,
  fetchMyJobs: (status: number) => `Failed to fetch your job postings. Status: ${status}`,
  updateJobStatus: (status: number) => `Failed to update job status. Status: ${status}`,
  deleteJob: (status: number) => `Failed to delete job. Status: ${status}`,
  updateJob: (status: number) => `Failed to update job. Status: ${status}`,
  jobIdMissing: 'Job ID is missing.',
  publicJobNotFound: 'Job not found or no longer available.',

  contact: 'An error occurred. Please try again.',

  fetchUsers: (status: number) => `Failed to fetch users. Status: ${status}`,
  updateUserStatus: (status: number) => `Failed to update status. Status: ${status}`,
  deleteUser: (status: number) => `Failed to delete user. Status: ${status}`,
  updateUser: (status: number) => `Failed to update user. Status: ${status}`,
  fetchTrainers: 'Failed to fetch trainers',
  fetchCertifiedTrainees: (status: number) => `Failed to fetch certified trainees. Status: ${status}`,
  updateProfile: 'Failed to update profile.',

  applyForCourse: (status: number) => `Application submission failed. Status: ${status}`,
  fetchApplications: (status: number) => `Failed to fetch applications. Status: ${status}`,
  fetchMyApplications: 'Failed to fetch your applications.',
  myApplicationsNotJson: 'Network error or non-JSON response fetching applications.',
  fetchAssignedTrainings: 'Failed to fetch assigned trainings.',
  fetchApplication: 'Failed to fetch application details',
  updateEnrollmentStatus: (status: number) => `Failed to update status. Status: ${status}`,
  markCompleted: 'Failed to mark training as completed.',
  assignTrainer: 'Failed to assign trainer.',

  fetchProgress: 'Failed to fetch progress records.',
  saveProgress: 'Failed to save progress record.',
  deleteProgress: 'Failed to delete progress record.',

  fetchMyCertificates: 'Failed to fetch your certificates.',
  fetchEnrollmentCertificate: (status: number) => `Failed to fetch certificate. Status: ${status}`,
  issueCertificate: 'Failed to issue certificate.',
  fetchCertificate: (status: number) => `Failed to fetch certificate. Status: ${status}`,
  certificateMissingInfo: 'Missing information to fetch certificate.',
  revokeCertificate: 'Failed to revoke certificate.',
  checkCredential: (status: number) => `Failed to check the credential. Status: ${status}`,
} as const);

/** Signing in, signing up and the session. */
export const session = /* @__PURE__ */ withCodes('session', {
  notLoggedIn: 'Not authorized. Please log in.',
  expired: 'Your session has expired or is no longer valid. Please log in again.',
  forbidden: 'You do not have permission to do this.',
  invalidCredentials: 'Invalid email or password.',
  credentialsRequired: 'Email and password are required.',
  deactivated: 'This account has been deactivated. Please contact the training centre.',
  emailTaken: 'An account with this email already exists.',
  onlyAdminCreatesStaff: 'Only an admin can create trainer or admin accounts.',
  accountChanged: 'Your account changed meanwhile. Please sign in again.',
  passwordTooLong: 'Password must be at most 200 characters.',
  companyNameRequired: 'Company name is required.',
  invalidLanguage: `Language must be one of: ${LANGUAGES.join(', ')}.`,
} as const);
