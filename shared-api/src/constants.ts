/** Business constants of docs/product.md §9 and the value sets of docs/product.md §3/docs/product.md §4, shared by the server and every screen. */

// The kernel's own values (the session's storage, the languages), shared with the server.
import type { Language } from '@btls/kernel/basics';

export { LANGUAGES, STORAGE_KEYS, type Language } from '@btls/kernel/basics';

/** Each language in its own words: what the switcher shows, whatever the active language. */
export const LANGUAGE_NAMES: Record<Language, string> = { rw: 'Ikinyarwanda', fr: 'Français', en: 'English' };

/** The roles a user has (docs/product.md §4): the contract's, so adding one is no change of the kernel (which keeps a word). */
export const ROLES = ['trainee', 'trainer', 'employer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const MIN_PASSWORD_LENGTH = 6;

/** The states of an e-mail in the outbox. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/** How a list of enrollment applications can be sorted. */
export const ENROLLMENT_SORTS = ['newest', 'oldest', 'course'] as const;

export const ENROLLMENT_STATUSES = ['Pending', 'Approved', 'Rejected', 'Waitlisted', 'Completed'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

export const COURSE_CATEGORIES = [
  'Brewing Techniques',
  'Latte Art',
  'Coffee Knowledge',
  'Service Skills',
  'Management',
] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'All Levels'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** The single training centre option of docs/product.md §9: the product's own centre, the default everywhere. */
export const DEFAULT_TRAINING_CENTER = 'BTLS Coffee Training Centre, Kigali';

/** Who issues the certificates: the name in every credential, on LinkedIn and on the verification page. */
export const ISSUER_NAME = 'BTLS Coffee Training Centre';

export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** Image upload limit of docs/product.md §9: 5 MB. */
export const MAX_IMAGE_BYTES = 5_242_880;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

export const FEATURED_COURSES_COUNT = 6;
export const CAROUSEL_AUTOPLAY_MS = 3500;
export const DASHBOARD_PROGRESS_ENROLLMENTS = 3;
export const DASHBOARD_PROGRESS_ITEMS = 2;
export const EMPLOYER_RECENT_TRAINEES = 3;
export const EMPLOYER_COURSES_PER_TRAINEE = 2;
export const ASSIGNED_TRAINER_REDIRECT_MS = 2000;

/** Paged lists: `limit` defaults to this, and is at most PAGE_MAX. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 100;
/** Job postings and their requirements: the longest text an employer may send. */
export const JOB_DESCRIPTION_MAX = 20_000;
export const JOB_REQUIREMENTS_MAX = 10_000;

/**
 * Job applications: the employer's pipeline New → Shortlisted → Interview → Offered → Hired, or
 * Not selected from any open state; Withdrawn is the trainee's, while the application is still New.
 */
export const JOB_APPLICATION_STATUSES = [
  'New',
  'Shortlisted',
  'Interview',
  'Offered',
  'Hired',
  'Not selected',
  'Withdrawn',
] as const;
export type JobApplicationStatus = (typeof JOB_APPLICATION_STATUSES)[number];
/** The statuses an employer sets. */
export const EMPLOYER_APPLICATION_STATUSES = ['Shortlisted', 'Interview', 'Offered', 'Hired', 'Not selected'] as const;
export type EmployerApplicationStatus = (typeof EMPLOYER_APPLICATION_STATUSES)[number];
/** Where an employer may move an application from each status; the others are final. */
export const JOB_APPLICATION_TRANSITIONS: Record<JobApplicationStatus, readonly EmployerApplicationStatus[]> = {
  New: ['Shortlisted', 'Not selected'],
  Shortlisted: ['Interview', 'Not selected'],
  Interview: ['Offered', 'Not selected'],
  Offered: ['Hired', 'Not selected'],
  Hired: [],
  'Not selected': [],
  Withdrawn: [],
};
export const canMoveApplication = (from: JobApplicationStatus, to: JobApplicationStatus) =>
  (JOB_APPLICATION_TRANSITIONS[from] as readonly string[]).includes(to);
/**
 * A CV: a PDF, a Word document (.docx, .doc) or a photo (JPEG, PNG) of at most 5 MB: a phone's photo of a paper
 * CV is often 2–5 MB, and 5 MB is what the API takes for any one file.
 */
export const MAX_CV_BYTES = 5 * 1024 * 1024;
/** What the CV's file picker offers (the API checks each file by its bytes, whatever it is called). */
export const CV_ACCEPT =
  'application/pdf,.pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,.docx,' +
  'application/msword,.doc,image/jpeg,.jpg,.jpeg,image/png,.png';
export const COVER_NOTE_MAX = 2000;

/** The largest credential file the check takes: a real Open Badges 3.0 credential fits in 32 KB. */
export const MAX_CREDENTIAL_BYTES = 32 * 1024;
