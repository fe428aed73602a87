/** The display rules of docs/product.md §9, in the page's language when given its `i18n`, else in English. */
import { isLanguage, type I18n, type Language } from '@btls/shared-api';
import type { JobSalary as Salary } from '@btls/shared-api/schemas';
import { formatMoney, formatNumber } from '@btls/shared-api/locale-data';

export { formatMoney, formatNumber } from '@btls/shared-api/locale-data';

type Descriptor = { id: string; message: string };
const NOT_AVAILABLE = /*i18n*/ { id: 'format.notAvailable', message: 'N/A' };
const FREE = /*i18n*/ { id: 'format.free', message: 'Free' };
const NO_DESCRIPTION = /*i18n*/ { id: 'format.noDescription', message: 'No description available.' };

const say = (text: Descriptor, i18n?: I18n) => (i18n ? i18n._(text) : text.message);
/** The locale of an i18n instance, English without one. */
export const localeOf = (i18n?: I18n): Language => (i18n && isLanguage(i18n.locale) ? i18n.locale : 'en');

/** A course's free-text price as a number of Rwf, or null when it is not a number. */
export function parsePrice(price: string | number | null | undefined): number | null {
  const text = typeof price === 'string' ? price.replace(/,/g, '').trim() : price;
  const amount = text === '' || text === null || text === undefined ? NaN : Number(text);
  return Number.isFinite(amount) ? amount : null;
}

/** Non-numeric → 'N/A'; 0 → 'Free'; otherwise the amount in Rwf ('Rwf 150,000', '150 000 Rwf', '150.000 Frw'). */
export function formatPrice(price: string | number | null | undefined, i18n?: I18n): string {
  const amount = parsePrice(price);
  if (amount === null) return say(NOT_AVAILABLE, i18n);
  if (amount === 0) return say(FREE, i18n);
  return formatMoney(amount, localeOf(i18n));
}

/** Over `max` characters: cut to `max` plus an ellipsis; missing: 'No description available.'. */
export function truncateDescription(text: string | null | undefined, max = 100, i18n?: I18n): string {
  if (!text || !text.trim()) return say(NO_DESCRIPTION, i18n);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export const orNA = (value: string | null | undefined, i18n?: I18n) =>
  value && value.trim() ? value : say(NOT_AVAILABLE, i18n);

export type DurationUnit = 'hour' | 'day' | 'week' | 'month';

/** A duration written as a number and a unit ("2 weeks", "1 day"): its parts; null when it is not that plain. */
export function parseDuration(text: string | null | undefined): { count: number; unit: DurationUnit } | null {
  const match = /^\s*(\d{1,3})\s*(hour|day|week|month)s?\s*$/i.exec(text ?? '');
  return match ? { count: Number(match[1]), unit: match[2]!.toLowerCase() as DurationUnit } : null;
}

// `{count}` rather than `#`, which Lingui writes with an Intl number format (slow the first time: formatNumber);
// a duration's number has at most three digits.
const DURATIONS: Record<DurationUnit, Descriptor> = {
  hour: /*i18n*/ { id: 'format.duration.hour', message: '{count, plural, one {{count} hour} other {{count} hours}}' },
  day: /*i18n*/ { id: 'format.duration.day', message: '{count, plural, one {{count} day} other {{count} days}}' },
  week: /*i18n*/ { id: 'format.duration.week', message: '{count, plural, one {{count} week} other {{count} weeks}}' },
  month: /*i18n*/ {
    id: 'format.duration.month',
    message: '{count, plural, one {{count} month} other {{count} months}}',
  },
};

/**
 * A course's duration in the reader's language when it is a number and a unit ("4 weeks" → "4 semaines"), since
 * it is data, not prose; anything else as written ('N/A' when missing).
 */
export function formatDuration(text: string | null | undefined, i18n?: I18n): string {
  const duration = parseDuration(text);
  if (!duration) return orNA(text, i18n);
  if (!i18n) return `${duration.count} ${duration.unit}${duration.count === 1 ? '' : 's'}`;
  const words = DURATIONS[duration.unit];
  return i18n._(words.id, { count: duration.count }, { message: words.message });
}

/** A progress score: 'score / max', the score alone without a max, or a dash without a score. */
export function formatScore(record: { score: number | null; maxScore: number | null }): string {
  if (record.score === null) return '—';
  return record.maxScore === null ? String(record.score) : `${record.score} / ${record.maxScore}`;
}

const SALARY_PERIODS: Record<Salary['period'], Descriptor> = {
  hour: /*i18n*/ { id: 'format.salary.hour', message: '{amount} per hour' },
  day: /*i18n*/ { id: 'format.salary.day', message: '{amount} per day' },
  week: /*i18n*/ { id: 'format.salary.week', message: '{amount} per week' },
  month: /*i18n*/ { id: 'format.salary.month', message: '{amount} per month' },
  year: /*i18n*/ { id: 'format.salary.year', message: '{amount} per year' },
};

/**
 * The amounts of a salary with their currency, as Intl.NumberFormat's currency format (the code, no decimals, and
 * its range format) writes them in English and French: "RWF 250,000–320,000", "250 000–320 000 RWF". Written out
 * rather than asked of Intl, like every number of a page's first render (locale-data.ts). Kinyarwanda as the
 * site's Rwandan francs are written there, the currency after the amount: "250.000–320.000 Frw".
 */
export function formatSalaryAmounts(
  { min, max, currency }: Pick<Salary, 'min' | 'max' | 'currency'>,
  locale: Language,
) {
  const amounts =
    max === null || max === min
      ? formatNumber(min, locale)
      : `${formatNumber(min, locale)}–${formatNumber(max, locale)}`;
  if (locale === 'en') return `${currency}\u00a0${amounts}`;
  return `${amounts}\u00a0${locale === 'rw' && currency === 'RWF' ? 'Frw' : currency}`;
}

/**
 * A job's salary in the reader's language, with how often it is paid: "RWF 250,000–320,000 per month",
 * "250 000–320 000 RWF par mois", "250.000–320.000 Frw ku kwezi" (English without `i18n`).
 */
export function formatSalary(salary: Salary, i18n?: I18n): string {
  const amount = formatSalaryAmounts(salary, localeOf(i18n));
  const words = SALARY_PERIODS[salary.period];
  // A period added after this page was built: the amounts alone rather than a wrong period.
  if (!words) return amount;
  return i18n ? i18n._(words.id, { amount }, { message: words.message }) : words.message.replace('{amount}', amount);
}

/** A job's salary as a reader sees it: its amounts in their language, else an older posting's words as written. */
export function formatJobSalary(job: { salary: Salary | null; salaryRange?: string | null }, i18n?: I18n) {
  return job.salary ? formatSalary(job.salary, i18n) : job.salaryRange || null;
}
