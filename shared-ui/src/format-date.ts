/** Dates of spec §9, apart from the other formatters: date-fns stays out of pages that show no date. */
import { format, isValid, parseISO } from 'date-fns';
import type { Language } from '@btls/shared-api';
import { LOCALE_DATA } from '@btls/shared-api/locale-data';

/**
 * A date (ISO text or Date) in date-fns notation, 'MMM d, yyyy' by default; '' when missing or invalid.
 * In French and Kinyarwanda (issue 19) the day comes first and the names are the locale's own: 'MMM d, yyyy'
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
  const names = LOCALE_DATA[locale];
  const month = pattern.includes('MMMM') ? names.months[date.getMonth()] : names.monthsShort[date.getMonth()];
  const day = `${date.getDate()} ${month} ${date.getFullYear()}`;
  const weekday = pattern.includes('EEEE') ? `${names.weekdays[date.getDay()]}, ` : '';
  return /HH:mm|\bp\b/.test(pattern) ? `${weekday}${day} ${format(date, 'HH:mm')}` : `${weekday}${day}`;
}
