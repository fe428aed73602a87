/** Database rows → the contract's answer types. No answer is built any other way (no password hash leaks). */
import {
  languagesOf,
  salaryText,
  versionFor,
  type Certificate,
  type ContactMessage,
  type Course,
  type Job,
  type ProgressRecord,
  type User,
} from '@btls/shared-api/schemas';
import type { ImageFacts } from './image-store';
import { plainTextSafeInHtml } from './sanitize';
import { asLanguage } from './language';
import type { Language } from '@btls/shared-api/constants';
import type { certificates, contactMessages, courses, JobRow, progressRecords, users } from './db/schema';

export function toUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role as User['role'],
    isActive: row.isActive,
    companyName: row.companyName,
    companyWebsite: row.companyWebsite,
    companyDescription: row.companyDescription,
    language: asLanguage(row.language),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * How an answer gives an item's texts: in `reader`'s language when the item is written in it, else in its own;
 * `allTexts` adds every version (for those who edit them).
 */
export interface TextsFor {
  reader: Language;
  allTexts?: boolean;
}

/**
 * `image`: the sizes of an uploaded image with WebP copies, for the page's `srcset` (absent otherwise). The texts
 * in `view.reader`'s language when the course is written in it (English when no reader is named).
 */
export function toCourse(row: typeof courses.$inferSelect, image?: ImageFacts, view?: TextsFor): Course {
  const own = {
    language: asLanguage(row.language),
    texts: { title: row.title, description: row.description, tags: row.tags },
  };
  const shown = versionFor(view?.reader ?? own.language, own, row.translations);
  return {
    id: row.id,
    title: shown.texts.title,
    description: shown.texts.description,
    // A translation without topics shows none rather than another language's words.
    tags: shown.texts.tags ?? [],
    language: shown.language,
    languages: languagesOf(own.language, row.translations),
    ...(view?.allTexts ? { texts: { ...row.translations, [own.language]: own.texts } } : {}),
    category: row.category,
    level: row.level,
    trainingCenter: row.trainingCenter,
    instructor: row.instructor,
    duration: row.duration,
    price: row.price,
    imageUrl: row.imageUrl,
    ...image,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toProgressRecord(row: typeof progressRecords.$inferSelect): ProgressRecord {
  return {
    id: row.id,
    enrollmentId: row.enrollmentId,
    assessmentName: row.assessmentName,
    score: row.score,
    maxScore: row.maxScore,
    feedbackNotes: row.feedbackNotes,
    recordDate: row.recordDate.toISOString(),
  };
}

export function toCertificate(row: typeof certificates.$inferSelect): Certificate {
  return {
    id: row.id,
    certificateCode: row.certificateCode,
    issueDate: row.issueDate.toISOString(),
    enrollmentApplicationId: row.enrollmentId,
    userId: row.userId,
    courseId: row.courseId,
    traineeFirstName: row.traineeFirstName,
    traineeLastName: row.traineeLastName,
    courseTitle: row.courseTitle,
    courseDuration: row.courseDuration,
    courseTrainingCenter: row.courseTrainingCenter,
    issuedByAdminFirstName: row.issuedByAdminFirstName,
    issuedByAdminLastName: row.issuedByAdminLastName,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revocationReason: row.revocationReason,
  };
}

/** A job's salary as amounts (the database holds all four or none). */
function salaryOf(row: JobRow): Job['salary'] {
  if (row.salaryMin === null || row.salaryCurrency === null || row.salaryPeriod === null) return null;
  return {
    min: row.salaryMin,
    max: row.salaryMax,
    currency: row.salaryCurrency,
    period: row.salaryPeriod as NonNullable<Job['salary']>['period'],
  };
}

/** A salary as the jobs table keeps it, in four columns (all null for none): the other way from `salaryOf`. */
export function salaryColumnsOf(salary: Job['salary']) {
  return {
    salaryMin: salary?.min ?? null,
    salaryMax: salary?.max ?? null,
    salaryCurrency: salary?.currency ?? null,
    salaryPeriod: salary?.period ?? null,
  };
}

/** The texts in `view.reader`'s language when the posting is written in it (its own when no reader is named). */
export function toJob(row: JobRow, view?: TextsFor): Job {
  const salary = salaryOf(row);
  const own = {
    language: asLanguage(row.language),
    texts: {
      title: row.title,
      description: row.description,
      descriptionSnippet: row.descriptionSnippet,
      requirements: row.requirements,
    },
  };
  const shown = versionFor(view?.reader ?? own.language, own, row.translations);
  const editable = (texts: typeof own.texts) => ({
    title: texts.title,
    description: texts.description,
    requirements: texts.requirements,
  });
  return {
    id: row.id,
    employerId: row.employerId,
    title: shown.texts.title,
    companyName: row.companyName,
    description: shown.texts.description,
    descriptionSnippet: plainTextSafeInHtml(shown.texts.descriptionSnippet),
    requirements: shown.texts.requirements,
    language: shown.language,
    languages: languagesOf(own.language, row.translations),
    ...(view?.allTexts
      ? {
          texts: Object.fromEntries(
            [...Object.entries(row.translations), [own.language, own.texts] as const].map(([language, texts]) => [
              language,
              editable(texts!),
            ]),
          ),
        }
      : {}),
    location: row.location,
    jobType: row.jobType as Job['jobType'],
    salary,
    // Pages released before salaries had amounts show this text as it is.
    salaryRange: salary ? salaryText(salary) : row.salaryRange,
    closingDate: row.closingDate,
    isActive: row.isActive,
    postedDate: row.postedDate.toISOString(),
  };
}

export function toContactMessage(row: typeof contactMessages.$inferSelect): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  };
}
