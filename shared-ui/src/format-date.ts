/** Dates of spec §9, apart from the other formatters: date-fns stays out of pages that show no date. */
import { format, isValid, parseISO } from 'date-fns';

/** A date (ISO text or Date) in date-fns notation, 'MMM d, yyyy' by default; '' when missing or invalid. */
export function formatDate(value: string | Date | null | undefined, pattern = 'MMM d, yyyy'): string {
  if (!value) return '';
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, pattern) : '';
}
