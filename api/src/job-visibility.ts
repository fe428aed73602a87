/** Which jobs the public sees: the job board, a job's page and the sitemap use the one rule. */
import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { todayInKigali } from '@btls/shared-api/dates';
import { jobs, users } from './db/schema';

/**
 * The employer behind the job is active: a deactivated employer's ads leave the public board. Said as "no
 * deactivated employer" (the job's employer always exists: a foreign key), so the database looks among the few
 * deactivated accounts (an index of them alone) instead of hashing every active user for every list.
 */
const employerActive = () =>
  sql`not exists (select 1 from ${users} as employer where employer.id = ${jobs.employerId} and not employer.is_active)`;

/**
 * Open to the public: active, not past its closing date (the job stays open through that day), and posted
 * by an employer whose account is active.
 */
export const isOpen = () =>
  and(eq(jobs.isActive, true), or(isNull(jobs.closingDate), gte(jobs.closingDate, todayInKigali())), employerActive());
