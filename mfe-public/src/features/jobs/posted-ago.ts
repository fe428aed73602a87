/**
 * How long ago a job was posted, in the catalogue's words in every language (Kinyarwanda has no relative-time
 * data in date-fns or Intl): a module of its own, so a job's page does not load the board's.
 */
import { differenceInCalendarDays, differenceInHours, differenceInMonths, parseISO } from 'date-fns';
import type { I18n } from '@btls/shared-api';

/** How long ago, in whole days or months. */
function age(date: Date): { days: number; months: number; today: boolean } {
  const now = new Date();
  const days = differenceInCalendarDays(now, date);
  return {
    days: Math.max(1, days),
    months: differenceInMonths(now, date),
    today: days === 0 && differenceInHours(now, date) < 24,
  };
}

// `{count}` rather than `#`, which Lingui writes with an Intl number format (slow the first time: formatNumber
// in shared-api's locale-data); days and months ago are small numbers.

/** "Posted 3 days ago", in the reader's language. */
export function postedAgo(date: string, i18n: I18n): string {
  const { days, months, today } = age(parseISO(date));
  if (today) return i18n._({ id: 'public.jobs.postedToday', message: 'Posted today' });
  if (months < 1) {
    return i18n._({
      id: 'public.jobs.postedDays',
      message: 'Posted {count, plural, one {{count} day} other {{count} days}} ago',
      values: { count: days },
    });
  }
  return i18n._({
    id: 'public.jobs.postedMonths',
    message: 'Posted {count, plural, one {{count} month} other {{count} months}} ago',
    values: { count: months },
  });
}

/** "3 days ago", without "Posted" (a job's page, under its label). */
export function ago(date: string, i18n: I18n): string {
  const { days, months, today } = age(parseISO(date));
  if (today) return i18n._({ id: 'public.jobs.agoToday', message: 'today' });
  if (months < 1)
    return i18n._({
      id: 'public.jobs.agoDays',
      message: '{count, plural, one {{count} day} other {{count} days}} ago',
      values: { count: days },
    });
  return i18n._({
    id: 'public.jobs.agoMonths',
    message: '{count, plural, one {{count} month} other {{count} months}} ago',
    values: { count: months },
  });
}
