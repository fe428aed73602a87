/**
 * Every text the platform's server says, the catalogue of codes: the browser's part (client-messages.ts: the
 * validation messages of docs/product.md §5, the docs/product.md §8 fallbacks, …, which the forms show and the server answers with the same
 * words) and, here, the texts only the server sends, which reach the browser with their code.
 *
 * Every text has a stable code, `<group>.<key>` (see codes.ts): the server answers an error with the English
 * `message` and its `code`, and the client translates by code. One text is defined once, under one code.
 * A text with parameters takes one object (`({ id }) => …`): the answer's `params` are that object.
 */
import { account, credentialCheck, fallback, jobApplication, releases, session, validation } from './client-messages';
import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  ENROLLMENT_SORTS,
  ENROLLMENT_STATUSES,
  JOB_TYPES,
  OUTBOX_STATUSES,
} from './constants';

export * from './client-messages';

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
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 letters, digits, dots, dashes, colons or underscores.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyInProgress: 'The same request is still being processed. Please try again in a moment.',
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
  /** An approval that also assigned the trainer. */
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
  releaseTokenCreated: ({ area }: { area: string }) =>
    `Release token for the ${area} area created. Copy it now: it is not shown again.`,
  releaseTokenRevoked: 'Release token revoked.',
  releaseUploaded: ({ area, version }: { area: string; version: string }) => `Release ${area}@${version} uploaded.`,
  releaseTrialLink: ({ area, version }: { area: string; version: string }) =>
    `Open this link within two hours to try ${area}@${version} in that browser only.`,
  releaseActivated: ({ area, version }: { area: string; version: string }) => `Release ${area}@${version} is active.`,
  releasesPruned: ({ count }: { count: number }) => `${count} release${count === 1 ? '' : 's'} pruned.`,
  releaseRolloutStarted: ({ area, version, percent }: { area: string; version: string; percent: number }) =>
    `Release ${area}@${version} now goes to ${percent}% of browsers.`,
  releaseRolloutStopped: ({ area, version }: { area: string; version: string }) =>
    `The rollout of ${area}@${version} is stopped: every browser gets the active release again.`,
} as const;

/** The release API's answers (what a team's `npm run release` prints). */
export const release = {
  tokenMissing: 'Send a release token (BTLS_RELEASE_TOKEN) or sign in as an admin.',
  tokenInvalid: 'This release token is not valid: it is unknown or was revoked.',
  wrongArea: ({ tokenArea, area }: { tokenArea: string; area: string }) =>
    `This release token releases the ${tokenArea} area, not ${area}.`,
  unknownArea: ({ area }: { area: string }) => `There is no area called ${area}.`,
  manifestMissing: 'The upload must start with the release manifest (a part named manifest).',
  manifestInvalid: ({ problem }: { problem: string }) => `The release manifest is not valid: ${problem}`,
  areaMismatch: ({ manifestArea, area }: { manifestArea: string; area: string }) =>
    `The manifest is of the ${manifestArea} area, not ${area}.`,
  fileNotInManifest: ({ path }: { path: string }) => `${path} is not a file of the release manifest.`,
  fileHashMismatch: ({ path }: { path: string }) => `${path} does not match its hash in the release manifest.`,
  filesMissing: ({ paths }: { paths: string }) => `Files of the release manifest are missing: ${paths}.`,
  versionTaken: ({ version }: { version: string }) =>
    `Version ${version} of this area was released with other files, and a release never changes: build a new version.`,
  hashedNameTaken: ({ paths }: { paths: string }) =>
    `An earlier release of this area has files of these names with other bytes, and a file named by its content's hash never changes: ${paths}. Build the release again.`,
  notFound: ({ area, version }: { area: string; version: string }) => `The ${area} area has no release ${version}.`,
  incompatible: ({ problems }: { problems: string }) => `This release cannot be activated: ${problems}.`,
  changedMeanwhile: ({ active }: { active: string }) =>
    `Another release of this area became active meanwhile (${active}); check it and try again.`,
  nothingToRollBack: 'This area has no earlier release to go back to.',
  tokenNotFound: 'Release token not found.',
  trialNotNewer: ({ version }: { version: string }) =>
    `Only a release uploaded after the active one can be tried; ${version} is not newer.`,
  fileSizeMismatch: ({ path }: { path: string }) => `${path} is larger than its size in the release manifest.`,
  fileSizeDiffers: ({ path }: { path: string }) => `${path} is not the size the release manifest gives it.`,
  rolloutNeedsActive: 'This area has no active release yet: release it to everyone first.',
  rolloutIsActive: ({ version }: { version: string }) =>
    `${version} is already the active release: every browser has it.`,
  rolloutRunning: ({ version }: { version: string }) =>
    `A rollout of ${version} is running: promote it or stop it before starting another.`,
  noRollout: 'No rollout of this area is running.',
  rolloutShareOrStages: 'Give either a share of browsers or stages, not both.',
  stagesRising: 'Stages are shares that rise, each above the one before, the first below 100 (e.g. 5, 25, 50, 100).',
  notInTrial:
    'Refused in a trial: a candidate release may be running on the trial site, so no admin, release or token operation is done there or with a session signed in there. Sign in on the site itself.',
  quotaPassed: ({
    releases,
    megabytes,
    size,
    quotaReleases,
    quotaMegabytes,
  }: {
    releases: number;
    megabytes: number;
    size: number;
    quotaReleases: number;
    quotaMegabytes: number;
  }) =>
    `This area keeps ${releases} releases (${megabytes} MB) that cannot go (the active one, one rolling out, the newest five), and this release (${size} MB) would pass its quota of ${quotaReleases} releases and ${quotaMegabytes} MB.`,
  tooManyUploads: ({ minutes }: { minutes: number }) =>
    `This area has uploaded as many releases as it may in an hour. Try again in ${minutes} minutes.`,
  trialsOff:
    'Trials need a site of their own: this server has no TRIAL_URL, so no trial link can be made (docs/releasing.md).',
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
  release,
  releases,
  notice,
} as const;
