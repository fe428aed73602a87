/** Dates of docs/product.md §9, apart from the other formatters: date-fns stays out of pages that show no date. */
import { format, isValid, parseISO } from 'date-fns';
import type { Language } from '@btls/shared-api';
import { LOCALE_DATA } from '@btls/shared-api/locale-data';

/**
 * A date (ISO text or Date) in date-fns notation, 'MMM d, yyyy' by default; '' when missing or invalid.
 * In French and Kinyarwanda the day comes first and the names are the locale's own: 'MMM d, yyyy'
 * is "12 janv. 2026" / "12 Mut. 2026", 'MMMM d, yyyy' the full month, and a pattern with a time ('HH:mm',
 * 'p') adds it on the 24-hour clock.
 */
export function formatDate(
  value: string | Date | null | undefined,
  pattern = 'MMM d, yyyy',
  locale: Language = 'en',
): string {
  if (!value) return '';
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) return '';
  if (locale === 'en') return format(date, pattern);
  return dayFirst(date, locale, pattern.includes('MMMM'), pattern.includes('EEEE'), /HH:mm|\bp\b/.test(pattern));
}

/** French and Kinyarwanda: the day first, the locale's own names, the 24-hour clock. */
function dayFirst(date: Date, locale: Exclude<Language, 'en'>, fullMonth: boolean, weekday: boolean, time: boolean) {
  const names = LOCALE_DATA[locale];
  const month = fullMonth ? names.months[date.getMonth()] : names.monthsShort[date.getMonth()];
  const day = `${weekday ? `${names.weekdays[date.getDay()]}, ` : ''}${date.getDate()} ${month} ${date.getFullYear()}`;
  const clock = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return time ? `${day} ${clock}` : day;
}

/**
 * A moment (ISO text) with its time, as formatDate(…, 'PP p') writes it, without date-fns: for what a page
 * fetches early because it may be needed without a network (the offline banner), where every KiB counts.
 */
export function formatMoment(value: string, locale: Language = 'en'): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (locale !== 'en') return dayFirst(date, locale, false, false, true);
  const options = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' } as const;
  return new Intl.DateTimeFormat('en-US', options).format(date);
}
