/**
 * The platform's fixed values as shown: statuses, course categories and levels, job types. The data
 * and the API keep the English values; the screens show these texts in the page's language — in badges,
 * filters, selects, cards, and inside the server's texts that name a status ("Application status updated to
 * Approved.", see `translateMessage`). An option keeps the English value: `<option value={v}>`.
 */
import type { CourseCategory, CourseLevel, EnrollmentStatus, JobApplicationStatus, JobType } from './constants';

type Text = { id: string; message: string };

const VALUE_TEXTS: Record<EnrollmentStatus | JobApplicationStatus | CourseCategory | CourseLevel | JobType, Text> = {
  Pending: /*i18n*/ { id: 'status.pending', message: 'Pending' },
  Approved: /*i18n*/ { id: 'status.approved', message: 'Approved' },
  Rejected: /*i18n*/ { id: 'status.rejected', message: 'Rejected' },
  Waitlisted: /*i18n*/ { id: 'status.waitlisted', message: 'Waitlisted' },
  Completed: /*i18n*/ { id: 'status.completed', message: 'Completed' },
  New: /*i18n*/ { id: 'status.new', message: 'New' },
  Shortlisted: /*i18n*/ { id: 'status.shortlisted', message: 'Shortlisted' },
  Interview: /*i18n*/ { id: 'status.interview', message: 'Interview' },
  Offered: /*i18n*/ { id: 'status.offered', message: 'Offered' },
  Hired: /*i18n*/ { id: 'status.hired', message: 'Hired' },
  'Not selected': /*i18n*/ { id: 'status.notSelected', message: 'Not selected' },
  Withdrawn: /*i18n*/ { id: 'status.withdrawn', message: 'Withdrawn' },
  'Brewing Techniques': /*i18n*/ { id: 'category.brewingTechniques', message: 'Brewing Techniques' },
  'Latte Art': /*i18n*/ { id: 'category.latteArt', message: 'Latte Art' },
  'Coffee Knowledge': /*i18n*/ { id: 'category.coffeeKnowledge', message: 'Coffee Knowledge' },
  'Service Skills': /*i18n*/ { id: 'category.serviceSkills', message: 'Service Skills' },
  Management: /*i18n*/ { id: 'category.management', message: 'Management' },
  Beginner: /*i18n*/ { id: 'level.beginner', message: 'Beginner' },
  Intermediate: /*i18n*/ { id: 'level.intermediate', message: 'Intermediate' },
  Advanced: /*i18n*/ { id: 'level.advanced', message: 'Advanced' },
  'All Levels': /*i18n*/ { id: 'level.allLevels', message: 'All Levels' },
  'Full-time': /*i18n*/ { id: 'jobType.fullTime', message: 'Full-time' },
  'Part-time': /*i18n*/ { id: 'jobType.partTime', message: 'Part-time' },
  Contract: /*i18n*/ { id: 'jobType.contract', message: 'Contract' },
  Internship: /*i18n*/ { id: 'jobType.internship', message: 'Internship' },
};

/** Whether a value is one of the fixed values above. */
export function isKnownValue(value: string): boolean {
  return Object.hasOwn(VALUE_TEXTS, value);
}

/** A fixed value's text, to translate with `i18n._` (any other value shows as it is). */
export function valueText(value: string): Text {
  return isKnownValue(value) ? VALUE_TEXTS[value as keyof typeof VALUE_TEXTS] : { id: value, message: value };
}
