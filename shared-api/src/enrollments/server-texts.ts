/**
 * The texts beside this file, as descriptors for the shared texts' catalogue: `errorMessage()` and
 * `noticeText()` show an answer's text in the page's language by its `code`. Written by scripts/server-texts.mjs
 * (do not edit: change the texts, then `npm run i18n`): the id of each is the code (`<group>.<key>`), its
 * message the English text in ICU form, with `{name}` for a parameter and a plural where the English has one.
 * The catalogue check (`npm run lint`) fails on a missing French or Kinyarwanda translation. Nothing imports
 * this file: it is read by the extractor.
 */
export const SERVER_TEXTS = [
  // validation
  /*i18n*/ { id: 'validation.selectCourse', message: 'Please select a course.' },
  /*i18n*/ { id: 'validation.mustBeLoggedInToApply', message: 'You must be logged in to apply.' },
  /*i18n*/ { id: 'validation.selectTrainer', message: 'Please select a trainer.' },
  /*i18n*/ { id: 'validation.preferredStartInPast', message: 'Preferred start date cannot be in the past.' },
  // fallback
  /*i18n*/ { id: 'fallback.applyForCourse', message: 'Application submission failed. Status: {status}' },
  /*i18n*/ { id: 'fallback.fetchApplications', message: 'Failed to fetch applications. Status: {status}' },
  /*i18n*/ { id: 'fallback.fetchMyApplications', message: 'Failed to fetch your applications.' },
  /*i18n*/ {
    id: 'fallback.myApplicationsNotJson',
    message: 'Network error or non-JSON response fetching applications.',
  },
  /*i18n*/ { id: 'fallback.fetchAssignedTrainings', message: 'Failed to fetch assigned trainings.' },
  /*i18n*/ { id: 'fallback.fetchApplication', message: 'Failed to fetch application details' },
  /*i18n*/ { id: 'fallback.updateEnrollmentStatus', message: 'Failed to update status. Status: {status}' },
  /*i18n*/ { id: 'fallback.markCompleted', message: 'Failed to mark training as completed.' },
  /*i18n*/ { id: 'fallback.assignTrainer', message: 'Failed to assign trainer.' },
  // enrollment
  /*i18n*/ { id: 'enrollment.notFound', message: 'Enrollment not found.' },
  /*i18n*/ { id: 'enrollment.notFoundOrNotAssigned', message: 'Enrollment not found or not assigned to you.' },
  /*i18n*/ { id: 'enrollment.applicationNotFound', message: 'Enrollment application not found.' },
  /*i18n*/ { id: 'enrollment.invalidId', message: 'Invalid enrollment application ID.' },
  /*i18n*/ { id: 'enrollment.invalidApplicationId', message: 'Invalid application ID.' },
  /*i18n*/ { id: 'enrollment.alreadyOpen', message: 'You already have an open application for this course.' },
  /*i18n*/ {
    id: 'enrollment.cannotReopen',
    message: 'This trainee already has an open application for this course, so this one cannot be reopened.',
  },
  /*i18n*/ {
    id: 'enrollment.changedMeanwhile',
    message: 'The application changed meanwhile. Please reload and try again.',
  },
  /*i18n*/ { id: 'enrollment.trainerOnlyCompletes', message: 'A trainer can only mark a training as completed.' },
  /*i18n*/ { id: 'enrollment.onlyApprovedCompletes', message: 'Only an Approved training can be marked as completed.' },
  /*i18n*/ {
    id: 'enrollment.onlyTrainerCompletes',
    message: 'Only the assigned trainer can mark a training as completed.',
  },
  /*i18n*/ {
    id: 'enrollment.completedKeepsStatus',
    message: 'A completed enrollment keeps its status; only its notes can be edited.',
  },
  /*i18n*/ {
    id: 'enrollment.assignOnlyApproved',
    message: 'A trainer can only be assigned to an Approved application.',
  },
  /*i18n*/ { id: 'enrollment.notActiveTrainer', message: 'The selected user is not an active trainer.' },
  /*i18n*/ { id: 'enrollment.trainerNotFound', message: 'Trainer not found.' },
  /*i18n*/ { id: 'enrollment.invalidTrainerId', message: 'Invalid trainer ID.' },
  /*i18n*/ {
    id: 'enrollment.progressOnlyApproved',
    message: 'Progress can only be recorded while the training is Approved.',
  },
  /*i18n*/ { id: 'enrollment.progressNotFound', message: 'Progress record not found.' },
  /*i18n*/ { id: 'enrollment.invalidProgressRecordId', message: 'Invalid progress record ID.' },
  /*i18n*/ { id: 'enrollment.invalidEnrollmentId', message: 'Invalid enrollment ID.' },
  /*i18n*/ {
    id: 'enrollment.statusOneOf',
    message: 'Status must be one of: Pending, Approved, Rejected, Waitlisted, Completed.',
  },
  /*i18n*/ { id: 'enrollment.reviewStatusOneOf', message: 'Status must be Approved, Rejected, Waitlisted or Pending.' },
  /*i18n*/ { id: 'enrollment.approvedOrCompleted', message: 'Status must be Approved or Completed.' },
  /*i18n*/ { id: 'enrollment.sortOneOf', message: 'sort must be one of: newest, oldest, course.' },
  /*i18n*/ { id: 'enrollment.selectApplications', message: 'Select at least one application.' },
  /*i18n*/ { id: 'enrollment.atMost100', message: 'At most 100 applications at once.' },
  // notice
  /*i18n*/ {
    id: 'notice.applicationSubmitted',
    message: 'Application for "{course}" submitted (application ID {id}). You will be notified once it is reviewed.',
  },
  /*i18n*/ {
    id: 'notice.trainingCompleted',
    message: 'Training marked as completed. The admin has been notified to issue the certificate.',
  },
  /*i18n*/ { id: 'notice.applicationStatusUpdated', message: 'Application status updated to {status}.' },
  /*i18n*/ { id: 'notice.adminNotesUpdated', message: 'Admin notes updated.' },
  /*i18n*/ {
    id: 'notice.applicationStatusUpdatedAndTrainer',
    message: 'Application status updated to {status}. Trainer {name} assigned.',
  },
  /*i18n*/ { id: 'notice.adminNotesUpdatedAndTrainer', message: 'Admin notes updated. Trainer {name} assigned.' },
  /*i18n*/ {
    id: 'notice.applicationsUpdatedAndTrainer',
    message:
      '{count, plural, one {# application} other {# applications}} updated to {status}. Trainer {name} assigned.',
  },
  /*i18n*/ {
    id: 'notice.applicationsUpdated',
    message: '{count, plural, one {# application} other {# applications}} updated to {status}.',
  },
  /*i18n*/ { id: 'notice.trainerAssigned', message: 'Trainer {name} assigned successfully.' },
];
