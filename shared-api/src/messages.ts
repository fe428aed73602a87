/**
 * The spec's texts that both sides use: validation messages of §5 (the server answers with the same words
 * the form shows) and the fallback texts of the §8 error catalogue, used when an answer carries no message.
 *
 * Every text has a stable code, `<group>.<key>` (see codes.ts): the server answers an error with the English
 * `message` and its `code`, and the client translates by code. One text is defined once, under one code.
 * A text with parameters takes one object (`({ id }) => …`): the answer's `params` are that object.
 */
import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  ENROLLMENT_SORTS,
  ENROLLMENT_STATUSES,
  JOB_TYPES,
  LANGUAGES,
  OUTBOX_STATUSES,
} from './constants';

export const validation = {
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
} as const;

/** The check of a verifiable credential (issue 17): the server's findings and the words the screens show. */
export const credentialCheck = {
  signatureValid: 'Signature valid',
  signatureInvalid:
    'The signature does not match: this credential was changed after it was signed, or it was not signed by the key it names.',
  notOurIssuer: 'This credential was not issued by BTLS Coffee Training Centre.',
  statusUnknown: 'Its revocation status could not be checked.',
  revoked: 'This certificate has been revoked by the training centre.',
  notACredential: 'This is not a credential: choose the .json file downloaded from a certificate page.',
  tooManyChecks: 'Too many verification requests. Please try again later.',
} as const;

/** Account recovery and settings (issue 15); the quoted texts are the issue's. */
export const account = {
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
  siteDataBlocked:
    'Signing in needs site data, which your browser blocks for this site. Allow this site to store data (cookies and site data in your browser settings), then try again.',
} as const;

/** Job applications (issue 16): the server's answers and the words the screens show. */
export const jobApplication = {
  alreadyApplied: 'You have already applied for this job.',
  notFound: 'Application not found.',
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
} as const;

/** §8 fallbacks: shown when a non-OK answer carries no `message`. */
export const fallback = {
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
} as const;

/** The server's answers to a request it cannot read or serve, on any route. */
export const request = {
  notAnObject: 'The request body must be a JSON object.',
  nestedTooDeeply: 'The request body is nested too deeply.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large (at most 1 MB).',
  unsupportedMediaType: 'Unsupported content type. Send JSON (or a multipart form where a file is expected).',
  tooManyParts: 'Too many parts in the form.',
  lengthMismatch: 'The request body does not match its declared length.',
  tooLarge: 'The request is too large.',
  /** Another 4xx of the framework; the answer keeps the framework's own words. */
  badRequest: 'Bad request.',
  /** A value the database refused; also the code of a zod check that names no text of its own. */
  invalidData: 'Some of the data sent is not valid.',
  changedMeanwhile: 'The data changed meanwhile. Please reload and try again.',
  serviceBusy: 'The service is busy right now. Please try again in a moment.',
  databaseDown: 'The database is not answering.',
  serverError: 'Something went wrong on our side. Please try again.',
  noSuchEndpoint: ({ method, path }: { method: string; path: string }) => `No such API endpoint: ${method} ${path}`,
  notText: 'Must be text.',
  textTooLong: ({ max }: { max: number }) => `Must be at most ${max} characters.`,
  notBoolean: 'Must be true or false.',
  invalidId: 'Invalid ID.',
  queryNotText: 'q must be text.',
  searchTooLong: 'Search text must be at most 200 characters.',
  activeOrInactive: 'status must be active or inactive.',
  locationNotText: 'location must be text.',
  limitNotWhole: 'limit must be a whole number of at least 1.',
  offsetNotWhole: 'offset must be a whole number of at least 0.',
} as const;

/** Signing in, signing up and the session. */
export const session = {
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
} as const;

/** The admin's user management. */
export const user = {
  notFound: ({ id }: { id: number }) => `User with ID ${id} not found.`,
  invalidId: 'Invalid user ID.',
  deactivatedNoReset: 'This account is deactivated. Activate it before sending a reset link.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  hasHistory:
    'This user has applications, progress records, certificates or job postings and cannot be deleted. ' +
    'Deactivate the account instead.',
} as const;

export const course = {
  notFound: 'Course not found.',
  notFoundById: ({ id }: { id: number }) => `Course with ID ${id} not found.`,
  invalidId: 'Invalid course ID.',
  notOpen: 'This course is not open for applications.',
  hasHistory: 'This course has applications or certificates and cannot be deleted. Deactivate it instead.',
  categoryOneOf: `Category must be one of: ${COURSE_CATEGORIES.join(', ')}.`,
  levelOneOf: `Level must be one of: ${COURSE_LEVELS.join(', ')}.`,
} as const;

/** Course applications (enrollments), trainers and progress. */
export const enrollment = {
  notFound: 'Enrollment not found.',
  notFoundOrNotAssigned: 'Enrollment not found or not assigned to you.',
  applicationNotFound: 'Enrollment application not found.',
  invalidId: 'Invalid enrollment application ID.',
  invalidApplicationId: 'Invalid application ID.',
  alreadyOpen: 'You already have an open application for this course.',
  cannotReopen: 'This trainee already has an open application for this course, so this one cannot be reopened.',
  changedMeanwhile: 'The application changed meanwhile. Please reload and try again.',
  trainerOnlyCompletes: 'A trainer can only mark a training as completed.',
  onlyApprovedCompletes: 'Only an Approved training can be marked as completed.',
  onlyTrainerCompletes: 'Only the assigned trainer can mark a training as completed.',
  completedKeepsStatus: 'A completed enrollment keeps its status; only its notes can be edited.',
  assignOnlyApproved: 'A trainer can only be assigned to an Approved application.',
  notActiveTrainer: 'The selected user is not an active trainer.',
  trainerNotFound: 'Trainer not found.',
  invalidTrainerId: 'Invalid trainer ID.',
  progressOnlyApproved: 'Progress can only be recorded while the training is Approved.',
  progressNotFound: 'Progress record not found.',
  invalidProgressRecordId: 'Invalid progress record ID.',
  invalidEnrollmentId: 'Invalid enrollment ID.',
  statusOneOf: `Status must be one of: ${ENROLLMENT_STATUSES.join(', ')}.`,
  reviewStatusOneOf: 'Status must be Approved, Rejected, Waitlisted or Pending.',
  approvedOrCompleted: 'Status must be Approved or Completed.',
  sortOneOf: `sort must be one of: ${ENROLLMENT_SORTS.join(', ')}.`,
  selectApplications: 'Select at least one application.',
  atMost100: 'At most 100 applications at once.',
} as const;

export const certificate = {
  notFound: 'Certificate not found.',
  noneForEnrollment: 'No certificate has been issued for this enrollment.',
  mismatch: 'The trainee and course do not match this enrollment.',
  alreadyIssued: 'A certificate has already been issued for this enrollment.',
  invalidCode: 'This is not a valid certificate code.',
  alreadyRevoked: 'This certificate has already been revoked.',
  noStatusList: 'No such status list.',
} as const;

/** Job postings and their applications, beyond the texts of the screens above. */
export const job = {
  notFoundOrNotYours: ({ id }: { id: number }) =>
    `Job posting with ID ${id} not found or you're not authorized to edit it.`,
  adminCannotEdit: 'Admins can deactivate or delete a job posting, but only its employer can edit it.',
  invalidId: 'Invalid job ID.',
  typeOneOf: `Job type must be one of: ${JOB_TYPES.join(', ')}.`,
  invalidApplicationStatus: 'Invalid application status.',
  noteTooLong: 'The note must be at most 1,000 characters.',
  atMost100Applicants: 'At most 100 applicants at once.',
} as const;

export const image = {
  notFound: 'Image not found.',
  noLongerStored: 'This image is no longer stored. Please upload it again.',
} as const;

/** The admin's e-mail outbox. */
export const outbox = {
  notFound: 'Message not found.',
  invalidId: 'Invalid message ID.',
  statusOneOf: `Status must be one of: ${OUTBOX_STATUSES.join(', ')}.`,
  limitRange: 'limit must be a number from 1 to 200.',
  onlyFailedRetried: 'Only a failed e-mail can be retried.',
} as const;

/** The rate limits' 429s (the credential check's and the password reset's are above). */
export const limit = {
  tooManyLogins: ({ minutes }: { minutes: number }) =>
    `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManySignups: 'Too many sign-ups from your connection. Please try again later.',
  tooManyMessages: 'Too many messages from your connection. Please try again later.',
  tooManyJobPosts: ({ minutes }: { minutes: number }) =>
    `You have posted many jobs in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** What a successful change answers in `message` (the screens show it), with its code in `code`. */
export const notice = {
  registered: 'Registration successful.',
  loggedIn: 'Login successful.',
  userCreated: 'User created successfully.',
  profileUpdated: 'Profile updated successfully.',
  userActivated: 'User activated successfully.',
  userDeactivated: 'User deactivated successfully.',
  userUpdated: 'User updated successfully.',
  userDeleted: 'User deleted successfully.',
  courseAdded: ({ title }: { title: string }) => `Course "${title}" added successfully.`,
  courseUpdated: ({ title }: { title: string }) => `Course "${title}" updated successfully.`,
  courseDeleted: 'Course deleted successfully.',
  applicationSubmitted: ({ course, id }: { course: string; id: number }) =>
    `Application for "${course}" submitted (application ID ${id}). You will be notified once it is reviewed.`,
  trainingCompleted: 'Training marked as completed. The admin has been notified to issue the certificate.',
  applicationStatusUpdated: ({ status }: { status: string }) => `Application status updated to ${status}.`,
  adminNotesUpdated: 'Admin notes updated.',
  /** Issue 18: an approval that also assigned the trainer. */
  applicationStatusUpdatedAndTrainer: ({ status, name }: { status: string; name: string }) =>
    `Application status updated to ${status}. Trainer ${name} assigned.`,
  adminNotesUpdatedAndTrainer: ({ name }: { name: string }) => `Admin notes updated. Trainer ${name} assigned.`,
  applicationsUpdatedAndTrainer: ({ count, status, name }: { count: number; status: string; name: string }) =>
    `${count} application${count === 1 ? '' : 's'} updated to ${status}. Trainer ${name} assigned.`,
  applicationsUpdated: ({ count, status }: { count: number; status: string }) =>
    `${count} application${count === 1 ? '' : 's'} updated to ${status}.`,
  trainerAssigned: ({ name }: { name: string }) => `Trainer ${name} assigned successfully.`,
  progressAdded: 'Progress record added.',
  progressUpdated: 'Progress record updated.',
  progressDeleted: 'Progress record deleted.',
  certificateIssued: 'Certificate issued successfully.',
  certificateRevoked: 'Certificate revoked.',
  jobPosted: ({ title }: { title: string }) => `Job "${title}" posted successfully!`,
  jobActivated: 'Job status updated to Active.',
  jobDeactivated: 'Job status updated to Inactive.',
  jobUpdated: ({ title }: { title: string }) => `Job "${title}" updated successfully.`,
  jobDeleted: 'Job deleted successfully.',
  jobApplicationWithdrawn: 'Your application has been withdrawn.',
  jobApplicationsMoved: ({ count, status }: { count: number; status: string }) =>
    `${count} application${count === 1 ? '' : 's'} moved to ${status}.`,
  contactReceived: 'Your message has been received.',
  emailRetried: 'The e-mail will be sent again.',
} as const;

/** Every group by name: the codes are `<group>.<key>` of this object. */
export const messageCatalogue = {
  validation,
  credentialCheck,
  account,
  jobApplication,
  fallback,
  request,
  session,
  user,
  course,
  enrollment,
  certificate,
  job,
  image,
  outbox,
  limit,
  notice,
} as const;
