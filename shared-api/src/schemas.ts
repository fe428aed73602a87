/**
 * The contract (spec §3 entities, §7 payloads and answers) as zod schemas. The API validates every request
 * with these; the client imports only their inferred types, so zod never reaches the browser through the
 * API client.
 */
import { z } from 'zod';
import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  COVER_NOTE_MAX,
  EMPLOYER_APPLICATION_STATUSES,
  JOB_APPLICATION_STATUSES,
  ENROLLMENT_STATUSES,
  JOB_DESCRIPTION_MAX,
  JOB_REQUIREMENTS_MAX,
  JOB_TYPES,
  ENROLLMENT_SORTS,
  LANGUAGES,
  OUTBOX_STATUSES,
  MIN_PASSWORD_LENGTH,
  PAGE_DEFAULT,
  PAGE_MAX,
  ROLES,
} from './constants';
import { todayInKigali } from './dates';
import {
  account,
  course as courseText,
  credentialCheck,
  enrollment as enrollmentText,
  job as jobText,
  jobApplication,
  request,
  session,
  user as userText,
  validation,
} from './messages';
import { MESSAGE_CODES } from './codes';

// ---------------------------------------------------------------- building blocks

/**
 * The metadata key naming how the OpenAPI document shows a schema (api/src/http/contract.ts): for input this
 * parser takes more leniently than a client should send it (an id also as digits, a score also as text, a
 * blank text as null), the document states the strict form a client sends, which the server always accepts.
 */
export const DOCUMENTED_AS = 'x-documented-as';
type JsonSchema = Record<string, unknown>;
export const documentedAs = <S extends z.ZodType>(schema: S, json: JsonSchema): S =>
  schema.meta({ [DOCUMENTED_AS]: json }) as S;
/** The metadata key of what the document adds to a converted schema: a rule between fields (`oneOf`). */
export const DOCUMENTED_WITH = 'x-documented-with';
const documentedWith = <S extends z.ZodType>(schema: S, json: JsonSchema): S =>
  schema.meta({ [DOCUMENTED_WITH]: json }) as S;
/** `json`, or null. */
const orNull = (json: JsonSchema): JsonSchema => ({ anyOf: [json, { type: 'null' }] });
/**
 * A text with something other than spaces in it (texts are trimmed, and a blank required one is refused); NUL
 * does not count, as it is removed from every text before any check (api/src/http/errors.ts `storable`).
 */
export const NOT_BLANK = '[^\\s\\u0000]';
/** A required text as the document shows it: trimmed, so not blank, and at most `max` characters. */
export const requiredTextJson = (max: number): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength: max,
  pattern: NOT_BLANK,
});

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A required text: trimmed, not empty, bounded. `message` is the spec's words for a missing value, `tooLong` for
 * a longer one.
 */
const requiredText = (message: string, max = 200, tooLong: string = request.textTooLong({ max })) =>
  documentedAs(z.string({ error: message }).trim().min(1, message).max(max, tooLong), requiredTextJson(max));

/** An optional text: missing, null or blank all become null. */
const optionalText = (max: number) =>
  z
    .string({ error: request.notText })
    .trim()
    .max(max, request.textTooLong({ max }))
    .nullish()
    .transform((v) => (v ? v : null));

const personName = (message: string) =>
  documentedAs(
    requiredText(message, 100).refine((v) => !/^\d+$/.test(v), validation.onlyNumbers),
    // Not digits only: at least one character that is neither a digit nor a space.
    { type: 'string', minLength: 1, maxLength: 100, pattern: '[^\\d\\s\\u0000]', examples: ['Amina'] },
  );

const email = documentedAs(
  z
    .string({ error: validation.requiredFields })
    .trim()
    .min(1, validation.requiredFields)
    .max(254, validation.invalidEmail)
    .pipe(z.email(validation.invalidEmail))
    .transform((v) => v.toLowerCase()),
  // The pattern is the one the server checks with (zod's): no quoted or IP-literal addresses.
  { type: 'string', format: 'email', maxLength: 254, pattern: z.regexes.email.source, examples: ['amina@example.rw'] },
);

/** A calendar date YYYY-MM-DD (a longer ISO text is cut to its date), or null when missing or blank. */
const optionalDate = (pastMessage: string) =>
  documentedAs(
    z
      .string({ error: validation.notADate })
      .nullish()
      .transform((v) => (v && v.trim() ? v.trim().slice(0, 10) : null))
      .pipe(
        z.iso
          .date(validation.notADate)
          .refine((d) => d >= todayInKigali(), pastMessage)
          .nullable(),
      ),
    {
      ...orNull({ type: 'string', format: 'date' }),
      description: 'A date (YYYY-MM-DD) that is today in Kigali or later.',
    },
  );

/** A boolean that also accepts the 'true'/'false' text of multipart forms. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  error: request.notBoolean,
});

/** Ids are PostgreSQL integers. */
const ID_MAX = 2_147_483_647;

/** A positive integer id, also given as text (path parameters, form values). */
export const idSchema = (message: string = request.invalidId) =>
  documentedAs(
    z
      .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: message })
      .pipe(z.number().int(message).positive(message).max(ID_MAX, message)),
    { type: 'integer', minimum: 1, maximum: ID_MAX },
  );

/** A score: a number (also as text), or null when missing or blank (spec §5 "empty ... sent as null"). */
const optionalNumber = (message: string) =>
  documentedAs(
    z
      .union([z.number(), z.string()], { error: message })
      .nullish()
      .transform((v) => (isBlank(v) ? null : Number(v)))
      .pipe(z.number({ error: message }).refine(Number.isFinite, message).nullable()),
    orNull({ type: 'number', minimum: 0 }),
  );

const isHttpUrl = (v: string) => {
  try {
    const { protocol } = new URL(v);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * An http(s) address as a pattern: a host name (labels without a double hyphen, so no punycode a URL parser could
 * refuse; a last label of letters, so never read as an IPv4 address), a port a URL parser takes, then anything
 * without spaces.
 */
const HTTP_URL = 'https?://([A-Za-z0-9]+(-[A-Za-z0-9]+)*\\.)+[A-Za-z]{2,63}(:[1-9]\\d{0,3})?([/?#][^\\s]*)?';

/** An optional http(s) address (or, with `alsoPrefix`, a path starting with it); blank becomes null. */
const optionalUrl = (message: string, alsoPrefix?: string) =>
  documentedAs(
    optionalText(2000).refine(
      (v) => v === null || isHttpUrl(v) || (alsoPrefix !== undefined && v.startsWith(alsoPrefix)),
      message,
    ),
    orNull({
      type: 'string',
      maxLength: 2000,
      ...(alsoPrefix
        ? { pattern: `^(${HTTP_URL}|${alsoPrefix}[^\\s]*)$`, description: `An http(s) address, or ${alsoPrefix}…` }
        : { format: 'uri', pattern: `^${HTTP_URL}$`, description: 'An http(s) address.' }),
      examples: ['https://example.rw'],
    }),
  );

// ---------------------------------------------------------------- lists (query parameters)

/** A query parameter: missing or empty means not given. */
const queryParam = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const wholeNumber = (message: string, min: number, max: number) =>
  documentedAs(
    z
      .union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message })
      .pipe(z.number().int(message).min(min, message).max(max, message)),
    { type: 'integer', minimum: min, maximum: max },
  );

/**
 * Paging and search of every list that grows with use: `limit` (default PAGE_DEFAULT; more than PAGE_MAX
 * counts as PAGE_MAX), `offset`, and the search text `q`.
 */
export const pageQuerySchema = z.object({
  limit: queryParam(wholeNumber(request.limitNotWhole, 1, Number.MAX_SAFE_INTEGER)).transform((v) =>
    Math.min(v ?? PAGE_DEFAULT, PAGE_MAX),
  ),
  offset: queryParam(wholeNumber(request.offsetNotWhole, 0, 1_000_000_000)).transform((v) => v ?? 0),
  q: queryParam(z.string({ error: request.queryNotText }).trim().max(200, request.searchTooLong)).transform(
    (v) => v || undefined,
  ),
});
export type PageQuery = z.input<typeof pageQuerySchema>;

const activeStatus = queryParam(z.enum(['active', 'inactive'], { error: request.activeOrInactive }));

// ---------------------------------------------------------------- texts with codes (issue 19)

/** The stable code of a text of the catalogue. */
export const messageCodeSchema = z.enum(MESSAGE_CODES).meta({
  description:
    'Stable identifier of the text, `<group>.<key>` of the catalogue (shared-api messages.ts), to translate by.',
});
export const messageParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .meta({ description: 'The values a text with parameters was made from, e.g. `{ "id": 5 }`.' });
/**
 * The `message` of a successful change (a notice the screens show), with its code and params. The code is
 * optional in the type only, so that answers made up by component tests need none; the server always sends it.
 */
export const noticeFields = {
  message: z.string(),
  code: messageCodeSchema.optional(),
  params: messageParamsSchema.optional(),
};

// ---------------------------------------------------------------- users and auth

export const roleSchema = z.enum(ROLES, { error: validation.invalidRole });

/** A user's language (issue 19): their e-mails are written in it. */
export const languageSchema = z.enum(LANGUAGES, { error: session.invalidLanguage });

export const userSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  companyName: z.string().nullable(),
  companyWebsite: z.string().nullable(),
  companyDescription: z.string().nullable(),
  language: languageSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** A password being chosen (sign-up, reset, change): the spec's minimum length. */
const newPassword = z
  .string({ error: validation.requiredFields })
  .min(1, validation.requiredFields)
  .min(MIN_PASSWORD_LENGTH, validation.passwordTooShort)
  .max(200, session.passwordTooLong);

export const registerPayloadSchema = documentedWith(
  z
    .object({
      firstName: personName(validation.requiredFields),
      lastName: personName(validation.requiredFields),
      email,
      password: newPassword,
      role: roleSchema.optional(),
      companyName: optionalText(200),
      /** When absent, the request's Accept-Language picks it (rw, fr, else en). */
      language: languageSchema.optional(),
    })
    .refine((p) => p.role !== 'employer' || p.companyName !== null, {
      message: session.companyNameRequired,
      path: ['companyName'],
    }),
  {
    oneOf: [
      {
        description: 'An employer names their company.',
        properties: { role: { const: 'employer' }, companyName: { type: 'string', pattern: NOT_BLANK } },
        required: ['role', 'companyName'],
      },
      {
        description: "Any other role (trainee when none is given; trainer and admin only with an admin's token).",
        properties: { role: { enum: ROLES.filter((role) => role !== 'employer') } },
      },
    ],
  },
);
export type RegisterPayload = z.input<typeof registerPayloadSchema>;

/** Bounded before anything else runs: no limiter key or password hash is ever made of a huge text. */
export const loginPayloadSchema = z.object({
  email: requiredText(session.credentialsRequired, 254, validation.invalidEmail),
  password: z
    .string({ error: session.credentialsRequired })
    .min(1, session.credentialsRequired)
    .max(256, session.invalidCredentials),
});
export type LoginPayload = z.input<typeof loginPayloadSchema>;

export const forgotPasswordPayloadSchema = z.object({ email });
export type ForgotPasswordPayload = z.input<typeof forgotPasswordPayloadSchema>;

export const resetPasswordPayloadSchema = z.object({
  token: requiredText(account.resetLinkInvalid, 200, account.resetLinkInvalid),
  password: newPassword,
});
export type ResetPasswordPayload = z.input<typeof resetPasswordPayloadSchema>;

export const changePasswordPayloadSchema = z.object({
  currentPassword: z
    .string({ error: validation.requiredFields })
    .min(1, validation.requiredFields)
    .max(200, account.currentPasswordWrong),
  newPassword,
});
export type ChangePasswordPayload = z.input<typeof changePasswordPayloadSchema>;

/** A user's own settings: non-essential e-mails, and (trainees) being listed in the employers' talent search. */
export const preferencesSchema = z.object({
  emailNotifications: flag,
  showInTalentSearch: flag,
  language: languageSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesPayloadSchema = preferencesSchema.partial();
/** The settings as the API answers them (plain booleans: an answer is checked on its way out). */
export const preferencesAnswerSchema = z.object({
  emailNotifications: z.boolean(),
  showInTalentSearch: z.boolean(),
  language: languageSchema,
});
export const preferencesSavedAnswerSchema = z.object({ ...noticeFields, preferences: preferencesAnswerSchema });
export type PreferencesSavedAnswer = z.infer<typeof preferencesSavedAnswerSchema>;
export type PreferencesPayload = z.input<typeof preferencesPayloadSchema>;

/** What the browser keeps under btlsToken and btlsUser (spec §3 "Session"). */
export const sessionSchema = z.object({ token: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

export const authAnswerSchema = z.object({
  ...noticeFields,
  token: z.string().optional(),
  user: userSchema,
});
export type AuthAnswer = z.infer<typeof authAnswerSchema>;
/** A sign-in (login, password change): the answer always carries the new token. */
export const signedInAnswerSchema = authAnswerSchema.extend({ token: z.string() });
export type SignedInAnswer = z.infer<typeof signedInAnswerSchema>;

export const userUpdatePayloadSchema = z.object({
  firstName: personName(validation.editUserRequired),
  lastName: personName(validation.editUserRequired),
  role: z.enum(ROLES, {
    error: (iss) =>
      iss.input === undefined || iss.input === '' ? validation.editUserRequired : validation.invalidRole,
  }),
});
export type UserUpdatePayload = z.input<typeof userUpdatePayloadSchema>;

/** `?deleteJobs=true`: the admin confirmed that an employer's job postings go with the account. */
export const deleteUserQuerySchema = z.object({
  deleteJobs: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const userStatusPayloadSchema = z.object({ isActive: flag });

/** `id` picks one user (the edit screen finds its user in this list, spec §7). */
export const userListQuerySchema = pageQuerySchema.extend({
  role: queryParam(roleSchema),
  status: activeStatus,
  id: queryParam(idSchema(userText.invalidId)),
});
export type UserStatusPayload = z.input<typeof userStatusPayloadSchema>;

export const profilePayloadSchema = z.object({
  firstName: personName(validation.profileRequired),
  lastName: personName(validation.profileRequired),
  companyName: optionalText(200),
  companyWebsite: optionalUrl(validation.invalidWebsiteUrl),
  companyDescription: optionalText(5000),
});
export type ProfilePayload = z.input<typeof profilePayloadSchema>;

export const trainerSchema = userSchema.pick({ id: true, firstName: true, lastName: true, email: true });
export type Trainer = z.infer<typeof trainerSchema>;

export const certifiedTraineeSchema = z.object({
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  certifiedCourses: z.array(z.string()),
  certificateCodes: z.array(z.string()),
});
export type CertifiedTrainee = z.infer<typeof certifiedTraineeSchema>;

// ---------------------------------------------------------------- courses

export const courseSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  category: z.string(),
  level: z.string(),
  trainingCenter: z.string().nullable(),
  instructor: z.string().nullable(),
  duration: z.string().nullable(),
  price: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /**
   * Only for an uploaded image with WebP copies: its size as shown, and the widths of the copies, each served
   * at `${imageUrl}/${width}.webp`. Absent for an external URL.
   */
  imageWidth: z.number().int().optional(),
  imageHeight: z.number().int().optional(),
  imageWidths: z.array(z.number().int()).optional(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

/** The public catalogue's filter options: the distinct values the active courses hold, sorted (spec §2). */
export const courseFacetsSchema = z.object({
  categories: z.array(z.string()),
  levels: z.array(z.string()),
  trainingCenters: z.array(z.string()),
});
export type CourseFacets = z.infer<typeof courseFacetsSchema>;

/** Tags of spec §5: a comma-separated string (split, trimmed, empties dropped), a JSON list text, or a list. */
export function parseTags(value: unknown): string[] | undefined {
  let list: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        list = text.split(',');
      }
    } else {
      list = text.split(',');
    }
  }
  if (!Array.isArray(list)) return undefined;
  const tags = list
    .filter((t): t is string | number => typeof t === 'string' || typeof t === 'number')
    .map((t) =>
      String(t)
        .replace(/^["'\s]+|["'\s]+$/g, '')
        .trim(),
    )
    .filter((t) => t.length > 0 && t.length <= 50);
  return [...new Set(tags)].slice(0, 30);
}

const courseFields = (required: string) => ({
  title: requiredText(required, 200),
  description: requiredText(required, 10_000),
  category: z.enum(COURSE_CATEGORIES, {
    error: (iss) => (isBlank(iss.input) ? required : courseText.categoryOneOf),
  }),
  level: z.enum(COURSE_LEVELS, {
    error: (iss) => (isBlank(iss.input) ? required : courseText.levelOneOf),
  }),
  trainingCenter: optionalText(200),
  instructor: optionalText(200),
  duration: optionalText(100),
  price: optionalText(100),
  /** An http(s) address, or the path of an image this API stores. */
  imageUrl: optionalUrl(validation.invalidImageUrl, '/api/images/'),
  isActive: flag.optional(),
  /** Comma text, JSON list text or a list; anything else (or nothing) leaves the tags out (spec §5). */
  tags: documentedAs(z.custom<string | readonly string[]>().optional().transform(parseTags), {
    anyOf: [
      { type: 'array', items: { type: 'string', minLength: 1, maxLength: 50, pattern: NOT_BLANK }, maxItems: 30 },
      { type: 'string', description: 'Comma-separated, or a JSON list as text' },
    ],
  }),
});

/** `status` is for admins (everyone else sees active courses only). */
export const courseListQuerySchema = pageQuerySchema.extend({
  category: queryParam(z.enum(COURSE_CATEGORIES, { error: courseText.categoryOneOf })),
  level: queryParam(z.enum(COURSE_LEVELS, { error: courseText.levelOneOf })),
  trainingCenter: queryParam(z.string().trim().max(200)),
  status: activeStatus,
});

export const courseCreatePayloadSchema = z.object(courseFields(validation.courseAddRequired));
export type CourseCreatePayload = z.input<typeof courseCreatePayloadSchema>;

export const courseUpdatePayloadSchema = z.object(courseFields(validation.courseEditRequired));
export type CourseUpdatePayload = z.input<typeof courseUpdatePayloadSchema>;

export const courseAnswerSchema = z.object({ ...noticeFields, course: courseSchema });
export type CourseAnswer = z.infer<typeof courseAnswerSchema>;

// ---------------------------------------------------------------- enrollments

export const enrollmentStatusSchema = z.enum(ENROLLMENT_STATUSES, {
  error: enrollmentText.statusOneOf,
});

export const enrollmentSchema = z.object({
  id: z.number(),
  /** The same value as `id`; the trainer views call it applicationId (spec §3). */
  applicationId: z.number(),
  courseId: z.number(),
  courseTitle: z.string(),
  courseCategory: z.string(),
  courseLevel: z.string(),
  traineeId: z.number(),
  traineeFirstName: z.string(),
  traineeLastName: z.string(),
  traineeEmail: z.string(),
  applicationDate: z.string(),
  preferredStartDate: z.string().nullable(),
  applicantNotes: z.string().nullable(),
  adminNotes: z.string().nullable(),
  status: enrollmentStatusSchema,
  assignedTrainerId: z.number().nullable(),
  trainerFirstName: z.string().nullable(),
  trainerLastName: z.string().nullable(),
  trainerEmail: z.string().nullable(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const applyPayloadSchema = z.object({
  courseId: idSchema(validation.selectCourse),
  applicantNotes: optionalText(2000),
  preferredStartDate: optionalDate(validation.preferredStartInPast),
});
export type ApplyPayload = z.input<typeof applyPayloadSchema>;

export const applyAnswerSchema = z.object({ applicationId: z.number(), ...noticeFields });
export type ApplyAnswer = z.infer<typeof applyAnswerSchema>;

/** How the admin's review list is ordered: newest or oldest application first (the natural queue), or by course. */
export { ENROLLMENT_SORTS };
export const enrollmentListQuerySchema = pageQuerySchema.extend({
  status: queryParam(enrollmentStatusSchema),
  courseId: queryParam(idSchema(courseText.invalidId)),
  /** Completed applications without a certificate yet: the admin's next step. */
  awaitingCertificate: queryParam(flag),
  sort: queryParam(z.enum(ENROLLMENT_SORTS, { error: enrollmentText.sortOneOf })),
});
/** A trainer's assigned trainings: Approved (running) or Completed ones. */
export const assignedTrainingsQuerySchema = pageQuerySchema.extend({
  status: queryParam(z.enum(['Approved', 'Completed'], { error: enrollmentText.approvedOrCompleted })),
});

/**
 * An approval may name the trainer too (issue 18: approve and assign in one step): `trainerId`, an active
 * trainer, only with status Approved; without it the assigned trainer stays as it is.
 */
const approvingTrainerSchema = idSchema(enrollmentText.invalidTrainerId).optional();

/** The same rule, as the document states it. */
const trainerOnlyWhenApproving = (statuses: readonly string[]) => ({
  oneOf: [
    { description: 'Approved: `trainerId`, if given, is assigned too.', properties: { status: { const: 'Approved' } } },
    {
      description: 'Any other status: no `trainerId`.',
      properties: { status: { enum: statuses.filter((status) => status !== 'Approved') } },
      not: { required: ['trainerId'] },
    },
  ],
});

export const enrollmentStatusPayloadSchema = documentedWith(
  z.object({
    status: enrollmentStatusSchema,
    adminNotes: optionalText(2000).optional(),
    trainerId: approvingTrainerSchema,
  }),
  trainerOnlyWhenApproving(ENROLLMENT_STATUSES),
);
export type EnrollmentStatusPayload = z.input<typeof enrollmentStatusPayloadSchema>;

/** Several applications reviewed at once (the admin's queue): one status and one note for all of them. */
const REVIEW_STATUSES = ['Approved', 'Rejected', 'Waitlisted', 'Pending'] as const;
export const enrollmentBulkStatusPayloadSchema = documentedWith(
  z.object({
    ids: z
      .array(idSchema(enrollmentText.invalidApplicationId), { error: enrollmentText.selectApplications })
      .min(1, enrollmentText.selectApplications)
      .max(100, enrollmentText.atMost100),
    status: z.enum(REVIEW_STATUSES, { error: enrollmentText.reviewStatusOneOf }),
    adminNotes: optionalText(2000).optional(),
    trainerId: approvingTrainerSchema,
  }),
  trainerOnlyWhenApproving(REVIEW_STATUSES),
);
export type EnrollmentBulkStatusPayload = z.input<typeof enrollmentBulkStatusPayloadSchema>;

export const assignTrainerPayloadSchema = z.object({ trainerId: idSchema(validation.selectTrainer) });
export type AssignTrainerPayload = z.input<typeof assignTrainerPayloadSchema>;

// ---------------------------------------------------------------- progress

export const progressRecordSchema = z.object({
  id: z.number(),
  enrollmentId: z.number(),
  assessmentName: z.string(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  feedbackNotes: z.string().nullable(),
  recordDate: z.string(),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;

export const progressPayloadSchema = z
  .object({
    assessmentName: requiredText(validation.assessmentNameRequired, 200),
    score: optionalNumber(validation.scoreNotNumber),
    maxScore: optionalNumber(validation.maxScoreNotNumber),
    feedbackNotes: optionalText(5000),
  })
  .refine((p) => p.maxScore === null || p.maxScore >= 0, { message: validation.maxScoreNegative, path: ['maxScore'] })
  .refine((p) => p.score === null || p.score >= 0, { message: validation.scoreNegative, path: ['score'] })
  .refine((p) => p.score === null || p.maxScore === null || p.score <= p.maxScore, {
    message: validation.scoreAboveMax,
    path: ['score'],
  });
export type ProgressPayload = z.input<typeof progressPayloadSchema>;

export const progressAnswerSchema = z.object({ ...noticeFields, record: progressRecordSchema });
export type ProgressAnswer = z.infer<typeof progressAnswerSchema>;

// ---------------------------------------------------------------- certificates

export const certificateSchema = z.object({
  id: z.number(),
  certificateCode: z.string(),
  issueDate: z.string(),
  enrollmentApplicationId: z.number(),
  userId: z.number(),
  courseId: z.number(),
  traineeFirstName: z.string(),
  traineeLastName: z.string(),
  courseTitle: z.string(),
  courseDuration: z.string().nullable(),
  courseTrainingCenter: z.string().nullable(),
  issuedByAdminFirstName: z.string(),
  issuedByAdminLastName: z.string(),
  /** Set when an admin revoked the certificate; the reason is shown to admins only. */
  revokedAt: z.string().nullable(),
  revocationReason: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** The public answer of /certificates/verify/{code}: only what a verifier needs, nothing else. */
export const certificateVerificationSchema = z.object({
  /** The code names a certificate we issued that is not revoked (issue 30: false once revoked). */
  valid: z.boolean(),
  certificateCode: z.string(),
  traineeName: z.string(),
  courseTitle: z.string(),
  issueDate: z.string(),
  issuedBy: z.string(),
  revoked: z.boolean(),
  /** Why it is not valid (the revocation), in the catalogue's words; empty when valid. */
  errors: z.array(z.string()),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

export const issueCertificatePayloadSchema = z.object({
  enrollmentApplicationId: idSchema(enrollmentText.invalidId),
  userId: idSchema(userText.invalidId),
  courseId: idSchema(courseText.invalidId),
});
export type IssueCertificatePayload = z.input<typeof issueCertificatePayloadSchema>;

export const certificateAnswerSchema = z.object({ ...noticeFields, certificate: certificateSchema });
export type CertificateAnswer = z.infer<typeof certificateAnswerSchema>;

export const revokeCertificatePayloadSchema = z.object({
  reason: requiredText(validation.revocationReasonRequired, 500),
});
export type RevokeCertificatePayload = z.input<typeof revokeCertificatePayloadSchema>;

/** A signed Open Badges 3.0 credential (JSON-LD): checked by its proof, not by this schema. */
export const verifiableCredentialSchema = z.record(z.string(), z.unknown(), { error: credentialCheck.notACredential });
export type VerifiableCredential = z.infer<typeof verifiableCredentialSchema>;

/** The answer of POST /credentials/verify. The facts are read from the credential, trusted only when verified. */
export const credentialCheckSchema = z.object({
  /** The proof holds, we are the issuer, and the status could be checked. */
  verified: z.boolean(),
  revoked: z.boolean(),
  issuer: z.string().nullable(),
  subjectName: z.string().nullable(),
  achievementName: z.string().nullable(),
  validFrom: z.string().nullable(),
  errors: z.array(z.string()),
});
export type CredentialCheck = z.infer<typeof credentialCheckSchema>;

// ---------------------------------------------------------------- jobs

export const jobSchema = z.object({
  id: z.number(),
  employerId: z.number(),
  title: z.string(),
  companyName: z.string(),
  description: z.string(),
  descriptionSnippet: z.string(),
  requirements: z.string().nullable(),
  location: z.string(),
  jobType: z.enum(JOB_TYPES),
  salaryRange: z.string().nullable(),
  closingDate: z.string().nullable(),
  isActive: z.boolean(),
  postedDate: z.string(),
  /** In the employer's and admins' list of postings: applications received, and how many are still New. */
  applicationCount: z.number().optional(),
  newApplicationCount: z.number().optional(),
});
export type Job = z.infer<typeof jobSchema>;

/** The public job board's filter options: the distinct values the open jobs hold, sorted. */
export const jobFacetsSchema = z.object({
  locations: z.array(z.string()),
  jobTypes: z.array(z.string()),
});
export type JobFacets = z.infer<typeof jobFacetsSchema>;

export const jobPayloadSchema = z.object({
  title: requiredText(validation.jobRequired, 200),
  companyName: requiredText(validation.jobRequired, 200),
  description: documentedAs(requiredText(validation.jobRequired, JOB_DESCRIPTION_MAX), {
    ...requiredTextJson(JOB_DESCRIPTION_MAX),
    description: 'Text or basic HTML: markup outside the allow-list is removed, and some text must remain.',
  }),
  requirements: optionalText(JOB_REQUIREMENTS_MAX),
  location: requiredText(validation.jobRequired, 200),
  jobType: documentedAs(
    z
      .string({ error: jobText.typeOneOf })
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : 'Full-time'))
      .pipe(z.enum(JOB_TYPES, { error: jobText.typeOneOf })),
    { type: 'string', enum: [...JOB_TYPES], default: 'Full-time' },
  ),
  salaryRange: optionalText(100),
  closingDate: optionalDate(validation.closingDateInPast),
  isActive: flag.default(true),
});
export type JobPayload = z.input<typeof jobPayloadSchema>;

export const jobListQuerySchema = pageQuerySchema.extend({
  location: queryParam(z.string({ error: request.locationNotText }).trim().max(200)),
  jobType: queryParam(z.enum(JOB_TYPES, { error: jobText.typeOneOf })),
});
/** An employer's own postings (or, for an admin, every posting): also by status. */
export const myJobsQuerySchema = jobListQuerySchema.extend({ status: activeStatus });

export const jobStatusPayloadSchema = z.object({ isActive: flag }).strict();
export type JobStatusPayload = z.input<typeof jobStatusPayloadSchema>;

export const jobAnswerSchema = z.object({ ...noticeFields, job: jobSchema });
export type JobAnswer = z.infer<typeof jobAnswerSchema>;

// ---------------------------------------------------------------- contact

export const contactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactPayloadSchema = z.object({
  name: requiredText(validation.requiredFields, 200),
  email,
  subject: requiredText(validation.requiredFields, 200),
  message: requiredText(validation.requiredFields, 5000),
});
export type ContactPayload = z.input<typeof contactPayloadSchema>;

// ---------------------------------------------------------------- job applications (issue 16)

export const jobApplicationStatusSchema = z.enum(JOB_APPLICATION_STATUSES, { error: jobText.invalidApplicationStatus });
export const employerApplicationStatusSchema = z.enum(EMPLOYER_APPLICATION_STATUSES, {
  error: jobText.invalidApplicationStatus,
});

const RWANDAN_PHONE = /^(?:\+?250|0)(7[2389]\d{7}|25\d{7})$/;
/**
 * A Rwandan phone number as people write it: 078 123 4567, 0781234567, +250 781 234 567, 250-78-123-4567
 * (mobile 072/073/078/079, or a landline 025…). Kept as +250 and the nine digits.
 */
export const rwandanPhone = documentedAs(
  z
    .string({ error: jobApplication.invalidPhone })
    .trim()
    .max(30, jobApplication.invalidPhone)
    .transform((v) => v.replace(/[\s\-().]/g, ''))
    .refine((v) => v === '' || RWANDAN_PHONE.test(v), jobApplication.invalidPhone)
    .transform((v) => (v ? `+250${v.replace(/^(?:\+?250|0)/, '')}` : null)),
  {
    type: 'string',
    pattern: RWANDAN_PHONE.source,
    examples: ['0788123456'],
    description: 'Also taken with spaces, dashes, dots or brackets between the digits; kept as +250 and nine digits.',
  },
);

/** Applying for a job: both optional (JSON, or the text fields of a multipart form with the CV as `cv`). */
export const jobApplicationPayloadSchema = z.object({
  phone: rwandanPhone.nullish().transform((v) => v ?? null),
  coverNote: z
    .string({ error: request.notText })
    .trim()
    .max(COVER_NOTE_MAX, jobApplication.coverNoteTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type JobApplicationPayload = z.input<typeof jobApplicationPayloadSchema>;

const statusNote = z
  .string({ error: request.notText })
  .trim()
  .max(1000, jobText.noteTooLong)
  .nullish()
  .transform((v) => v || null);

export const jobApplicationStatusPayloadSchema = z.object({
  status: employerApplicationStatusSchema,
  note: statusNote,
});
export type JobApplicationStatusPayload = z.input<typeof jobApplicationStatusPayloadSchema>;

export const jobApplicationBulkStatusPayloadSchema = z.object({
  ids: z
    .array(idSchema(enrollmentText.invalidApplicationId), { error: jobApplication.selectApplications })
    .min(1, jobApplication.selectApplications)
    .max(100, jobText.atMost100Applicants),
  status: employerApplicationStatusSchema,
  note: statusNote,
});
export type JobApplicationBulkStatusPayload = z.input<typeof jobApplicationBulkStatusPayloadSchema>;

export const jobApplicantsQuerySchema = pageQuerySchema.extend({ status: queryParam(jobApplicationStatusSchema) });
export const myJobApplicationsQuerySchema = pageQuerySchema.extend({ jobId: queryParam(idSchema(jobText.invalidId)) });

/** The answer to applying, and one line of the trainee's own list. */
export const myJobApplicationSchema = z.object({
  id: z.number(),
  /** Null once the job was deleted ("job removed"). */
  jobId: z.number().nullable(),
  jobTitle: z.string(),
  companyName: z.string(),
  status: jobApplicationStatusSchema,
  appliedAt: z.string(),
  updatedAt: z.string(),
});
export type MyJobApplication = z.infer<typeof myJobApplicationSchema>;

export const jobApplicationHistoryEntrySchema = z.object({
  from: jobApplicationStatusSchema.nullable(),
  to: jobApplicationStatusSchema,
  note: z.string().nullable(),
  at: z.string(),
  byName: z.string(),
});
export type JobApplicationHistoryEntry = z.infer<typeof jobApplicationHistoryEntrySchema>;

/** An application as the job's employer (and admins) read it: the trainee's certificates are the CV. */
export const jobApplicantSchema = z.object({
  id: z.number(),
  jobId: z.number(),
  status: jobApplicationStatusSchema,
  appliedAt: z.string(),
  updatedAt: z.string(),
  trainee: z.object({ id: z.number(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  phone: z.string().nullable(),
  coverNote: z.string().nullable(),
  hasCv: z.boolean(),
  certificates: z.array(z.object({ code: z.string(), courseTitle: z.string(), issuedAt: z.string() })),
  history: z.array(jobApplicationHistoryEntrySchema),
});
export type JobApplicant = z.infer<typeof jobApplicantSchema>;

export const jobApplicationsSummarySchema = z.object({ total: z.number(), new: z.number() });
export type JobApplicationsSummary = z.infer<typeof jobApplicationsSummarySchema>;

// ---------------------------------------------------------------- outbox (the e-mails, for admins)

export { OUTBOX_STATUSES };

export const outboxMessageSchema = z.object({
  id: z.number(),
  kind: z.string(),
  recipient: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

// ---------------------------------------------------------------- common answers

export const messageAnswerSchema = z.object(noticeFields);
/** Every error answer (issue 19): the spec's English words and a stable code the client translates. */
export const errorAnswerSchema = z.object({
  message: z.string().meta({ description: "The spec's English text." }),
  code: messageCodeSchema,
  params: messageParamsSchema.optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

export const userAnswerSchema = z.object({ ...noticeFields, user: userSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

// ---------------------------------------------------------------- forms

/**
 * A form's check in the contract's own words: the payload the server will accept, or the first problem the
 * server would answer. Forms call it with the schema of their request, so the two sides cannot drift apart.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { payload: z.output<S> } | { problem: string } {
  const result = schema.safeParse(values);
  return result.success
    ? { payload: result.data }
    : { problem: result.error.issues[0]?.message ?? validation.requiredFields };
}
