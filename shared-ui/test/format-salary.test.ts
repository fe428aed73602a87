/** A job's salary in the reader's language: its amounts as Intl's currency format writes them, and its period. */
import { describe, expect, it } from 'vitest';
import { compileCached, pluralLocales, setupI18n } from '@btls/kernel';
import type { JobSalary as Salary } from '@btls/shared-api/schemas';
import { formatSalary, formatSalaryAmounts } from '../src/format';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

async function reader(locale: 'en' | 'fr' | 'rw') {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileCached as never);
  i18n.load(locale, locale === 'en' ? {} : (await import(`../src/locales/${locale}.po`)).messages);
  i18n.activate(locale, pluralLocales(locale));
  return i18n;
}

const monthly: Salary = { min: 250000, max: 320000, currency: 'RWF', period: 'month' };

describe('formatSalary', () => {
  it("says the amounts, their currency and the period in the reader's language", async () => {
    expect(formatSalary(monthly, await reader('en'))).toBe(`RWF${NBSP}250,000–320,000 per month`);
    expect(formatSalary(monthly, await reader('fr'))).toBe(`250${NNBSP}000–320${NNBSP}000${NBSP}RWF par mois`);
    expect(formatSalary(monthly, await reader('rw'))).toBe(`250.000–320.000${NBSP}Frw ku kwezi`);
    expect(formatSalary({ min: 8000, max: null, currency: 'RWF', period: 'day' }, await reader('fr'))).toBe(
      `8${NNBSP}000${NBSP}RWF par jour`,
    );
    expect(formatSalary({ min: 1500, max: 1500, currency: 'USD', period: 'week' }, await reader('rw'))).toBe(
      `1.500${NBSP}USD ku cyumweru`,
    );
    expect(formatSalary({ min: 12, max: 15, currency: 'EUR', period: 'hour' })).toBe(`EUR${NBSP}12–15 per hour`);
    expect(formatSalary({ ...monthly, period: 'year' }, await reader('fr'))).toMatch(/par an$/);
  });

  it('writes English and French amounts as Intl.NumberFormat does (currency code, no decimals, its range)', () => {
    for (const locale of ['en', 'fr'] as const) {
      for (const currency of ['RWF', 'USD', 'EUR']) {
        const intl = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          currencyDisplay: 'code',
          maximumFractionDigits: 0,
        });
        for (const [min, max] of [
          [0, null],
          [950, null],
          [8000, null],
          [250000, 320000],
          [1200000, 24000000],
        ] as const) {
          const written = formatSalaryAmounts({ min, max, currency }, locale);
          expect(written, `${locale} ${currency} ${min}–${max}`).toBe(
            max === null ? intl.format(min) : intl.formatRange(min, max),
          );
        }
      }
    }
  });

  it('shows the amounts alone for a period this page does not know yet', () => {
    expect(formatSalary({ ...monthly, period: 'fortnight' as never })).toBe(`RWF${NBSP}250,000–320,000`);
  });
});
