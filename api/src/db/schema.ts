/** The database schema (PostgreSQL dialect). Migrations in ../../drizzle are generated from this file. */
import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';

/** A course's texts in one of its other languages. */
export interface CourseTexts {
  title: string;
  description: string;
  tags: string[];
}
export type CourseTranslations = Partial<Record<'en' | 'fr' | 'rw', CourseTexts>>;

/** A posting's texts in one of its other languages (its snippet made from its description, as the posting's). */
export interface JobTexts {
  title: string;
  description: string;
  descriptionSnippet: string;
  requirements: string | null;
}
export type JobTranslations = Partial<Record<'en' | 'fr' | 'rw', JobTexts>>;

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A person's name as searched (the admin's users, the enrollments, the talent search): one expression, so the
 * trigram index on it serves every search that uses it.
 */
export const fullNameOf = (person: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql`(${person.firstName} || ' ' || ${person.lastName})`;

/**
 * A trigram index (pg_trgm): a search by `ILIKE '%text%'` reads the index instead of every row.
 */
const trigramIndex = (name: string, target: ExtraConfigColumn | SQL) =>
  index(name).using('gin', is(target, SQL) ? sql`${target} gin_trgm_ops` : target.op('gin_trgm_ops'));

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('trainee'),
    isActive: boolean('is_active').notNull().default(true),
    companyName: text('company_name'),
    companyWebsite: text('company_website'),
    companyDescription: text('company_description'),
    /** Raised by a password reset or change; tokens carry it and older ones are refused. */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Non-essential e-mails (everything but account e-mails). */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** A certified trainee listed in the employers' talent search. */
    showInTalentSearch: boolean('show_in_talent_search').notNull().default(true),
    /** The user's language: 'en', 'fr' or 'rw'; their e-mails are written in it. */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // The admin's search, at scale: `ILIKE '%…%'` on e-mail, company and full name through trigrams,
    // not a scan of every user.
    trigramIndex('users_email_trgm', t.email),
    trigramIndex('users_company_name_trgm', t.companyName),
    trigramIndex('users_full_name_trgm', fullNameOf(t)),
    // The few deactivated accounts, whose jobs the public board leaves out (job-visibility.ts).
    index('users_inactive_idx')
      .on(t.id)
      .where(sql`not ${t.isActive}`),
    check('users_role_check', sql`${t.role} in ('trainee', 'trainer', 'employer', 'admin')`),
    check('users_language_check', sql`${t.language} in ('en', 'fr', 'rw')`),
  ],
);

/** Uploaded images, kept in the database so that every API instance serves every image. Keyed by SHA-256. */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  /** Pixel size as shown (EXIF orientation applied); null while the derivatives are not made yet. */
  width: integer('width'),
  height: integer('height'),
  /**
   * Widths of the WebP derivatives in `image_variants`, ascending: null = not made yet (an upload from before
   * derivatives existed; the start-up backfill makes them), empty = none (bytes that do not decode).
   */
  variantWidths: integer('variant_widths').array(),
  createdAt: createdAt(),
});

/** Smaller WebP copies of an uploaded image, so a phone never downloads the original. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] })],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text('category').notNull(),
    level: text('level').notNull(),
    trainingCenter: text('training_center'),
    instructor: text('instructor'),
    duration: text('duration'),
    price: text('price'),
    imageUrl: text('image_url'),
    isActive: boolean('is_active').notNull().default(true),
    /** The language `title`, `description` and `tags` are written in (en, fr or rw): the course's own. */
    language: text('language').notNull().default('en'),
    /**
     * The course's texts in its other languages, `{ fr?: { title, description, tags } … }` (docs/product.md §3,
     * content languages): each one whole (title and description), none in the course's own language.
     */
    translations: jsonb('translations').$type<CourseTranslations>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_active_idx').on(t.isActive),
    trigramIndex('courses_title_trgm', t.title),
    check('courses_language_check', sql`${t.language} in ('en', 'fr', 'rw')`),
  ],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    traineeId: integer('trainee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    applicationDate: timestamp('application_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    preferredStartDate: date('preferred_start_date', { mode: 'string' }),
    applicantNotes: text('applicant_notes'),
    adminNotes: text('admin_notes'),
    status: text('status').notNull().default('Pending'),
    assignedTrainerId: integer('assigned_trainer_id').references(() => users.id, { onDelete: 'restrict' }),
    updatedAt: updatedAt(),
    /**
     * What the admin's search reads: the course's title, the trainee's name and e-mail and the
     * trainer's name, a line each. Kept by the database itself (triggers of migration 0012, on enrollments,
     * users and courses), so one trigram index finds the matches instead of a search of three tables.
     */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    check(
      'enrollments_status_check',
      sql`${t.status} in ('Pending', 'Approved', 'Rejected', 'Waitlisted', 'Completed')`,
    ),
    index('enrollments_status_idx').on(t.status),
    index('enrollments_trainee_idx').on(t.traineeId),
    index('enrollments_trainer_idx').on(t.assignedTrainerId),
    index('enrollments_course_idx').on(t.courseId),
    trigramIndex('enrollments_search_trgm', t.searchText),
    // One open application per trainee and course, even under concurrent submissions.
    uniqueIndex('enrollments_open_unique')
      .on(t.traineeId, t.courseId)
      .where(sql`${t.status} <> 'Rejected'`),
  ],
);

export const progressRecords = pgTable(
  'progress_records',
  {
    id: serial('id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'restrict' }),
    assessmentName: text('assessment_name').notNull(),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score'),
    feedbackNotes: text('feedback_notes'),
    recordedById: integer('recorded_by_id').references(() => users.id, { onDelete: 'restrict' }),
    recordDate: timestamp('record_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('progress_enrollment_idx').on(t.enrollmentId),
    check('progress_max_not_negative', sql`${t.maxScore} is null or ${t.maxScore} >= 0`),
    check('progress_score_within_max', sql`${t.score} is null or ${t.maxScore} is null or ${t.score} <= ${t.maxScore}`),
  ],
);

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    certificateCode: text('certificate_code').notNull(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    issueDate: timestamp('issue_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // A snapshot of the names as they were when the certificate was issued.
    traineeFirstName: text('trainee_first_name').notNull(),
    traineeLastName: text('trainee_last_name').notNull(),
    courseTitle: text('course_title').notNull(),
    courseDuration: text('course_duration'),
    courseTrainingCenter: text('course_training_center'),
    issuedByAdminId: integer('issued_by_admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issuedByAdminFirstName: text('issued_by_admin_first_name').notNull(),
    issuedByAdminLastName: text('issued_by_admin_last_name').notNull(),
    /** The signed Open Badges 3.0 credential as JSON text, made once and kept byte for byte, so it never changes. */
    credential: text('credential'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revocationReason: text('revocation_reason'),
    revokedById: integer('revoked_by_id').references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('certificates_code_unique').on(t.certificateCode),
    uniqueIndex('certificates_enrollment_unique').on(t.enrollmentId),
    index('certificates_user_idx').on(t.userId),
  ],
);

/**
 * The words a job is found by (title, company, place, snippet), kept in a column of their own with a full-text
 * index: a search for a word every job has ("barista") and for a rare one both read the index, where trigrams
 * narrowed only the rare one. A column rather than an index on the expression: PostgreSQL keeps statistics of a
 * column's words, so it knows a company's number is rare and reads the index, where for an expression it guessed
 * and read the board in its order, making every job's words again (75 ms at 10,000 jobs). 'simple': words as
 * written, no one language's stemming (the board is in three).
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    employerId: integer('employer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    companyName: text('company_name').notNull(),
    description: text('description').notNull(),
    descriptionSnippet: text('description_snippet').notNull(),
    requirements: text('requirements'),
    location: text('location').notNull(),
    jobType: text('job_type').notNull().default('Full-time'),
    // The salary as amounts (all four, or none of them): the lowest, the highest (none for one amount), the
    // currency's ISO 4217 code and how often it is paid.
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency'),
    salaryPeriod: text('salary_period'),
    /**
     * The free text salaries were written in before they had amounts, kept only where it could not be read as
     * amounts ("RWF 8,000 per shift"): shown as written until the employer gives amounts.
     */
    salaryRange: text('salary_range'),
    closingDate: date('closing_date', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    postedDate: timestamp('posted_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    /** The language `title`, `description` and `requirements` are written in (en, fr or rw): the posting's own. */
    language: text('language').notNull().default('en'),
    /**
     * The posting's texts in its other languages, `{ rw?: { title, description, descriptionSnippet,
     * requirements } … }`: each one whole (title and description), none in the posting's own language.
     */
    translations: jsonb('translations').$type<JobTranslations>().notNull().default({}),
    // The translations' titles and snippets are words of the job too: a search in any of its languages finds it.
    words: tsvector('words')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, ${jobs.title} || ' ' || ${jobs.companyName} || ' ' || ${jobs.location} || ' ' || ${jobs.descriptionSnippet} || ' ' || coalesce(${jobs.translations}->'en'->>'title', '') || ' ' || coalesce(${jobs.translations}->'en'->>'descriptionSnippet', '') || ' ' || coalesce(${jobs.translations}->'fr'->>'title', '') || ' ' || coalesce(${jobs.translations}->'fr'->>'descriptionSnippet', '') || ' ' || coalesce(${jobs.translations}->'rw'->>'title', '') || ' ' || coalesce(${jobs.translations}->'rw'->>'descriptionSnippet', ''))`,
      ),
  },
  (t) => [
    check('jobs_type_check', sql`${t.jobType} in ('Full-time', 'Part-time', 'Contract', 'Internship')`),
    check('jobs_language_check', sql`${t.language} in ('en', 'fr', 'rw')`),
    check(
      'jobs_salary_check',
      sql`(${t.salaryMin} is null and ${t.salaryMax} is null and ${t.salaryCurrency} is null and ${t.salaryPeriod} is null) or (${t.salaryMin} >= 0 and (${t.salaryMax} is null or ${t.salaryMax} >= ${t.salaryMin}) and ${t.salaryCurrency} ~ '^[A-Z]{3}$' and ${t.salaryPeriod} in ('hour', 'day', 'week', 'month', 'year'))`,
    ),
    index('jobs_employer_idx').on(t.employerId),
    index('jobs_open_idx').on(t.isActive, t.closingDate),
    // The board in its order (a deep page reads the index, not a sort of every open job) and its search.
    index('jobs_newest_idx').on(t.postedDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The location filter (`ILIKE '%…%'`) and the search's full-text index.
    trigramIndex('jobs_location_trgm', t.location),
    index('jobs_words_idx').using('gin', t.words),
  ],
);

/**
 * A job's own fields, what its reads select: the words it is found by are the search index's, derived and
 * never shown, so no list or answer reads them.
 */
export const jobFields = (({ words: _words, ...fields }) => fields)(getTableColumns(jobs));
export type JobRow = Omit<typeof jobs.$inferSelect, 'words'>;

/**
 * A trainee's application for a job. One per trainee and job, even under concurrent submissions.
 * The job reference is nulled when the job is deleted (never cascaded): the title and company are a snapshot
 * taken at applying, so the trainee keeps the history ("job removed").
 */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    traineeId: integer('trainee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    jobTitle: text('job_title').notNull(),
    companyName: text('company_name').notNull(),
    status: text('status').notNull().default('New'),
    phone: text('phone'),
    coverNote: text('cover_note'),
    /** The CV as sent (a PDF, checked by its bytes), like images: every API instance serves it. */
    cv: bytea('cv'),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'job_applications_status_check',
      sql`${t.status} in ('New', 'Shortlisted', 'Interview', 'Offered', 'Hired', 'Not selected', 'Withdrawn')`,
    ),
    uniqueIndex('job_applications_trainee_job_unique').on(t.traineeId, t.jobId),
    index('job_applications_job_idx').on(t.jobId),
  ],
);

/** Every status change of a job application: who, when, from, to, and the note given. */
export const jobApplicationEvents = pgTable(
  'job_application_events',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    byId: integer('by_id').references(() => users.id, { onDelete: 'set null' }),
    /** A snapshot of the name, kept when the account goes. */
    byName: text('by_name').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('job_application_events_application_idx').on(t.applicationId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/**
 * Signed Bitstring Status List credentials (revocation), one row per list. Re-signed in the transaction that
 * revokes, with the row locked, so concurrent revocations never leave a stale list behind.
 */
export const credentialStatusLists = pgTable('credential_status_lists', {
  id: integer('id').primaryKey(),
  /** JSON text, served as signed. */
  credential: text('credential').notNull(),
  updatedAt: updatedAt(),
});

/** Small facts about this database, e.g. whether the demo data was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Password reset links: only the SHA-256 of the token is kept; single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * An admin's passkeys (WebAuthn credentials): a second way, besides the password, to confirm it is them before a
 * dangerous action. The public key and the signature counter the authenticator last gave are what a later
 * assertion is checked against.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id as the browser gives it (base64url). */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key the authenticator made. */
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter (an unsigned 32-bit number). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach it (`usb,nfc`, `internal`…), comma-separated. */
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('passkeys_credential_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * The challenges the server gave for a passkey's registration or assertion: each spent by the one answer that
 * signs it, and only before it expires, so a signed answer cannot be played again.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `register` (a new passkey) or `sudo` (confirming it is them). */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('passkey_challenges_user_idx').on(t.userId)],
);

/**
 * E-mails to send, written in the transaction of the change that causes them. `nextAttemptAt` is also the
 * claim: a worker that takes a row pushes it forward, so no other instance takes it while it is being sent.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Rate-limit counters (one fixed window per key), shared by every API instance on this database. Used when
 * REDIS_URL is not set.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * A write sent with an `Idempotency-Key` (a phone resending what it recorded offline) is done once
 * per user and key; its answer is kept and replayed to a repeat. `status` is null while the first is running.
 * Kept a day (http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The method, path and body the key was first used with: the same key for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Releases of the areas. A release is immutable: its manifest (build-config/release.ts) and, unless
 * its files live on another origin, every file's bytes. Kept in the database (PGlite under the data directory
 * by default, PostgreSQL with DATABASE_URL) so every instance serves every release.
 */
export const releases = pgTable(
  'releases',
  {
    area: text('area').notNull(),
    version: text('version').notNull(),
    /** The release manifest as uploaded (JSON). */
    manifest: text('manifest').notNull(),
    /** The origin its files live on when not on this site (a CDN): the Content-Security-Policy allows it. */
    origin: text('origin'),
    /** Who uploaded it: `token:<id>`, `admin:<user id>` or `local` (this server's own build, at start). */
    releasedBy: text('released_by').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.area, t.version] })],
);

export const releaseFiles = pgTable(
  'release_files',
  {
    area: text('area').notNull(),
    version: text('version').notNull(),
    path: text('path').notNull(),
    /** Its Subresource Integrity hash and size, computed as its bytes were stored. */
    integrity: text('integrity').notNull(),
    size: integer('size').notNull(),
    /** The upload whose chunks hold its bytes. */
    upload: text('upload').notNull(),
  },
  (t) => [primaryKey({ columns: [t.area, t.version, t.path] })],
);

/**
 * The bytes of releases' files, in chunks of a few hundred KiB written as an upload streams in (an upload never
 * holds a release in memory, nor in one statement). Chunks of an upload that never finished are swept.
 */
export const releaseFileChunks = pgTable(
  'release_file_chunks',
  {
    upload: text('upload').notNull(),
    path: text('path').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.upload, t.path, t.seq] })],
);

/**
 * Each text file of a release compressed for the wire (brotli, gzip), made once when the release is stored: a file
 * is never compressed while a request waits. Deleted with its file.
 */
export const releaseFileEncodings = pgTable(
  'release_file_encodings',
  {
    area: text('area').notNull(),
    version: text('version').notNull(),
    path: text('path').notNull(),
    /** `br` or `gzip`, as Content-Encoding names it. */
    encoding: text('encoding').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.area, t.version, t.path, t.encoding] }),
    foreignKey({
      columns: [t.area, t.version, t.path],
      foreignColumns: [releaseFiles.area, releaseFiles.version, releaseFiles.path],
    }).onDelete('cascade'),
  ],
);

/**
 * Every content-hashed file name an area has released, with its one content: a phone may use its copy of a file for
 * any release's file of that name, so a later release that gives the name other bytes is refused, even after the
 * release that first had it was pruned.
 */
export const releaseFileNames = pgTable(
  'release_file_names',
  {
    area: text('area').notNull(),
    path: text('path').notNull(),
    integrity: text('integrity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.area, t.path] })],
);

/** The active release of each area; the row is locked while an activation of its area runs. */
export const releaseAreas = pgTable('release_areas', {
  area: text('area').primaryKey(),
  activeVersion: text('active_version'),
  /** Who made it active: `local` for this server's own build, so a newer local build may replace it. */
  activatedBy: text('activated_by'),
  activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
  /** A version served to a share of browsers (those whose bucket, 1–100, is at most the percent) besides the active one. */
  rolloutVersion: text('rollout_version'),
  rolloutPercent: integer('rollout_percent'),
  rolloutBy: text('rollout_by'),
  rolloutStartedAt: timestamp('rollout_started_at', { withTimezone: true, mode: 'date' }),
  /**
   * Both versions' load and error counts when the rollout started (JSON): their rates during the rollout are
   * counted from there, not from the versions' whole lives.
   */
  rolloutBaseline: text('rollout_baseline'),
  /** A staged rollout: the shares still to come (JSON, e.g. `[25,50,100]`; 100 promotes), each after `every`. */
  rolloutStages: text('rollout_stages'),
  rolloutEverySeconds: integer('rollout_every_seconds'),
  /** The browsers on the new version a stage needs before the next (with its time and no regression). */
  rolloutStageBrowsers: integer('rollout_stage_browsers'),
  /** When the current share began (the rollout's start, or its last step). */
  rolloutStageAt: timestamp('rollout_stage_at', { withTimezone: true, mode: 'date' }),
});

/** Every activation, in order: what a rollback goes back to. */
export const releaseActivations = pgTable(
  'release_activations',
  {
    id: serial('id').primaryKey(),
    area: text('area').notNull(),
    version: text('version').notNull(),
    previousVersion: text('previous_version'),
    activatedBy: text('activated_by').notNull(),
    activatedAt: createdAt(),
  },
  (t) => [index('release_activations_area_idx').on(t.area, t.id)],
);

/**
 * What happened to the releases, newest last: uploads, activations, rollouts, promotions, rollbacks (an automatic
 * one with its figures) and token changes. `actor`: who, in words (an admin's e-mail, a token's label).
 */
export const releaseAudit = pgTable(
  'release_audit',
  {
    id: serial('id').primaryKey(),
    at: createdAt(),
    actor: text('actor').notNull(),
    area: text('area').notNull(),
    action: text('action').notNull(),
    fromVersion: text('from_version'),
    toVersion: text('to_version'),
    reason: text('reason'),
  },
  (t) => [index('release_audit_area_idx').on(t.area, t.id)],
);

/** What browsers reported of each area version, summed over every instance: page loads and errors. */
export const clientErrorCounts = pgTable(
  'client_error_counts',
  {
    area: text('area').notNull(),
    version: text('version').notNull(),
    loads: integer('loads').notNull().default(0),
    errors: integer('errors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.area, t.version] })],
);

/** Load tickets already counted, per kind of figure (`load`, `error`, `speed`), until they expire. */
export const loadTicketUses = pgTable(
  'load_ticket_uses',
  {
    load: text('load').notNull(),
    area: text('area').notNull(),
    kind: text('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.load, t.area, t.kind] }), index('load_ticket_uses_expiry_idx').on(t.expiresAt)],
);

/** The browsers that loaded each version of an area during its rollout (the rollout is its area and start). */
export const rolloutBrowsers = pgTable(
  'rollout_browsers',
  {
    area: text('area').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    version: text('version').notNull(),
    browser: text('browser').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.area, t.startedAt, t.version, t.browser] })],
);

/**
 * A browser's first trouble of each kind during a rollout (`error`, `poor-inp`, `poor-lcp`): the version it was on
 * and the rollout's share when it loaded that version. What the rule weighs (releases/regression.ts).
 */
export const rolloutTroubles = pgTable(
  'rollout_troubles',
  {
    area: text('area').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    browser: text('browser').notNull(),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    percent: integer('percent').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.area, t.startedAt, t.browser, t.kind] })],
);

/** Each browser's slowest figures on each area version (its worst load), for the field speed per version. */
export const versionSpeed = pgTable(
  'version_speed',
  {
    area: text('area').notNull(),
    version: text('version').notNull(),
    browser: text('browser').notNull(),
    lcpMs: integer('lcp_ms'),
    inpMs: integer('inp_ms'),
    cls: doublePrecision('cls'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.area, t.version, t.browser] })],
);

/** A bounded sample of what browsers reported (the newest few per area version), for a person to read. */
export const clientErrorSamples = pgTable(
  'client_error_samples',
  {
    id: serial('id').primaryKey(),
    at: createdAt(),
    area: text('area').notNull(),
    version: text('version').notNull(),
    phase: text('phase').notNull(),
    path: text('path').notNull(),
    message: text('message').notNull(),
    trace: text('trace').notNull(),
  },
  (t) => [index('client_error_samples_version_idx').on(t.area, t.version, t.id)],
);

/**
 * The trial links made for candidate releases: who made each (a link works only while its maker could still make
 * it) and how many times it was opened (each opening is in the audit log, up to a few per link).
 */
export const releaseTrials = pgTable('release_trials', {
  id: text('id').primaryKey(),
  area: text('area').notNull(),
  version: text('version').notNull(),
  /** `admin:<id>` or `token:<id>`, as the release routes name a releaser. */
  madeBy: text('made_by').notNull(),
  madeAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  uses: integer('uses').notNull().default(0),
});

/** Tokens that release one area; only their SHA-256 is kept. */
export const releaseTokens = pgTable(
  'release_tokens',
  {
    id: serial('id').primaryKey(),
    area: text('area').notNull(),
    tokenHash: text('token_hash').notNull(),
    label: text('label'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('release_tokens_hash_idx').on(t.tokenHash)],
);
