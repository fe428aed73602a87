/**
 * A job's salary as amounts: what a posting may say (a lowest amount, an optional highest, a currency and how
 * often it is paid), the English words older pages show it in, and reading the free text salaries were written
 * in before. No zod here: the browser's pages use it with their own formatting (shared-ui's formatSalary).
 */
import { formatNumber } from '../locale-data';

/** The currencies a posting offers (ISO 4217 codes); a salary without one is in Rwandan francs. */
export const SALARY_CURRENCIES = ['RWF', 'USD', 'EUR'] as const;
export type SalaryCurrency = (typeof SALARY_CURRENCIES)[number];
export const DEFAULT_SALARY_CURRENCY: SalaryCurrency = 'RWF';

/** How often a salary is paid (schema.org's unitText, in capitals, for search engines). */
export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/** The largest amount a posting may give: a billion fits the database's integers with room to spare. */
export const SALARY_AMOUNT_MAX = 1_000_000_000;

/**
 * A posting's salary as the answers give it. The currency is a code the page shows as it is (a currency added
 * later is shown by pages built before it), the period one of SALARY_PERIODS.
 */
export interface Salary {
  min: number;
  max: number | null;
  currency: string;
  period: SalaryPeriod;
}

/**
 * The salary in the words of the free text it replaced, "RWF 250,000 - 320,000 per month": the `salaryRange` of
 * the answers, which pages released before salaries had amounts show as it is (and read for search engines).
 */
export function salaryText({ min, max, currency, period }: Salary): string {
  const amounts = max === null || max === min ? formatNumber(min) : `${formatNumber(min)} - ${formatNumber(max)}`;
  return `${currency} ${amounts} per ${period}`;
}

/**
 * The amount a form's field holds: a whole number, grouped by threes with a comma, a dot or a space ("250,000",
 * "250 000", "250.000") or not; null when blank, NaN when it is not such a number (the schema refuses it).
 */
export function salaryAmountOf(text: string): number | null {
  const written = text.trim();
  if (!written) return null;
  return /^(\d{1,3}([,. \u00a0\u202f]\d{3})+|\d+)$/.test(written) ? Number(written.replace(/\D/g, '')) : NaN;
}

// The words a free text names a currency with, and each one's code. Kept in step with the migration that read the
// texts already stored (api/drizzle/0023_structured_salaries.sql); a test holds the two together.
const CURRENCY_WORDS: Record<string, SalaryCurrency> = {
  rwf: 'RWF',
  frw: 'RWF',
  rf: 'RWF',
  usd: 'USD',
  us$: 'USD',
  $: 'USD',
  eur: 'EUR',
  '€': 'EUR',
};
const CURRENCY = '(rwf|frw|rf|usd|us\\$|\\$|eur|€)';
// A whole amount, grouped by threes with a comma, a dot or a space, or not grouped at all.
const AMOUNT = '(\\d{1,3}(?:[,. ]\\d{3})+|\\d+)';
/** The pattern of a plain salary text; the migration has the same one. */
const SALARY_TEXT_PATTERN =
  `^\\s*${CURRENCY}?\\s*${AMOUNT}\\s*(?:(?:-|–|—|to)\\s*(?:${CURRENCY}\\s*)?${AMOUNT})?` +
  `\\s*${CURRENCY}?\\s*(?:/|per|an?)\\s*(hour|day|week|month|year|annum)s?\\s*$`;
const SALARY_TEXT = new RegExp(SALARY_TEXT_PATTERN, 'i');

/**
 * A free text's salary when it says it plainly: "RWF 250,000 - 320,000 per month", "Rwf 1,200,000 per year",
 * "USD 500 a week", "8000 per day" (Rwandan francs when no currency is named). Anything else ("8,000 per shift",
 * "negotiable", two currencies, a highest amount below the lowest) is null: the text is then kept as written.
 */
export function parseSalaryText(text: string | null | undefined): Salary | null {
  const match = SALARY_TEXT.exec(text ?? '');
  if (!match) return null;
  const [, before, low, between, high, after, unit] = match;
  const named = [before, between, after].filter(Boolean).map((word) => CURRENCY_WORDS[word!.toLowerCase()]!);
  const currency = named[0] ?? DEFAULT_SALARY_CURRENCY;
  if (named.some((code) => code !== currency)) return null;
  const amount = (digits: string) => Number(digits.replace(/\D/g, ''));
  const min = amount(low!);
  const max = high === undefined ? null : amount(high);
  if (min > SALARY_AMOUNT_MAX || (max !== null && (max > SALARY_AMOUNT_MAX || max < min))) return null;
  const word = unit!.toLowerCase();
  return { min, max, currency, period: word === 'annum' ? 'year' : (word as SalaryPeriod) };
}
