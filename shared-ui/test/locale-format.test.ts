/** Dates, numbers and money in Kinyarwanda and French, which neither Chromium nor date-fns provides for rw. */
import { describe, expect, it } from 'vitest';
import { compileCached, pluralLocales, setupI18n } from '@btls/kernel';
import { formatDuration, formatMoney, formatNumber, formatPrice, parseDuration } from '../src/format';
import { formatDate } from '../src/format-date';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('dates', () => {
  it('come out in Kinyarwanda with its own month names, day first', () => {
    expect(formatDate('2026-01-12', undefined, 'rw')).toBe('12 Mut. 2026');
    expect(formatDate('2026-11-03', 'MMMM d, yyyy', 'rw')).toBe('3 Ugushyingo 2026');
    expect(formatDate(new Date(2026, 5, 1, 14, 30), 'MMM d, yyyy HH:mm', 'rw')).toBe('1 Kam. 2026 14:30');
    expect(formatDate(new Date(2026, 5, 7), 'EEEE MMMM d, yyyy', 'rw')).toBe('Ku cyumweru, 7 Kamena 2026');
  });

  it('in French, and unchanged in English', () => {
    expect(formatDate('2026-02-12', undefined, 'fr')).toBe('12 févr. 2026');
    expect(formatDate('2026-08-01', 'MMMM d, yyyy', 'fr')).toBe('1 août 2026');
    expect(formatDate('2026-01-12')).toBe('Jan 12, 2026');
    expect(formatDate('2026-01-12', undefined, 'en')).toBe('Jan 12, 2026');
    expect(formatDate('not a date', undefined, 'rw')).toBe('');
  });
});

describe('numbers and money', () => {
  it('group thousands as each language writes them', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234567, 'fr')).toBe(`1${NNBSP}234${NNBSP}567`);
    expect(formatNumber(1234567, 'rw')).toBe('1.234.567');
    expect(formatNumber(1500.5, 'rw')).toBe('1.500,50');
    expect(formatNumber(1.999, 'fr')).toBe('2');
  });

  it('write English as the browser does, without asking Intl (whose first number format is slow on a phone)', () => {
    for (const value of [0, 1, 12.5, 999, 1000, 1234.5678, -1500, 150000, 1e9, 0.0004, -0.25, 2.0005])
      expect(formatNumber(value), String(value)).toBe(value.toLocaleString('en-US'));
  });

  it('write Rwandan francs: "Rwf 150,000", "150 000 Rwf", "150.000 Frw"', () => {
    expect(formatMoney(150000)).toBe('Rwf 150,000');
    expect(formatMoney(150000, 'fr')).toBe(`150${NNBSP}000${NBSP}Rwf`);
    expect(formatMoney(150000, 'rw')).toBe(`150.000${NBSP}Frw`);
  });

  it("formatPrice takes the page's i18n: its language and its words for Free and N/A", () => {
    const rw = setupI18n({
      locale: 'rw',
      messages: { rw: { 'format.free': 'Ubuntu', 'format.notAvailable': 'Ntibizwi' } },
    });
    expect(formatPrice('150,000', rw)).toBe(`150.000${NBSP}Frw`);
    expect(formatPrice(0, rw)).toBe('Ubuntu');
    expect(formatPrice('ask us', rw)).toBe('Ntibizwi');
    expect(formatPrice('150000')).toBe('Rwf 150,000');
    expect(formatPrice(0)).toBe('Free');
  });
});

describe('a moment without date-fns (the offline banner)', () => {
  it('reads as formatDate writes it with its time, in each language', async () => {
    const { formatDate, formatMoment } = await import('../src/format-date');
    const when = '2026-01-12T14:05:00';
    for (const locale of ['fr', 'rw'] as const)
      expect(formatMoment(when, locale)).toBe(formatDate(when, 'PP p', locale));
    expect(formatMoment(when, 'en')).toMatch(/^Jan 12, 2026,? 2:05\sPM$/);
    expect(formatMoment('not a date', 'en')).toBe('');
  });
});

describe('durations', () => {
  it("are a number and a unit said in the reader's language; anything else stays as written", async () => {
    const reader = async (locale: 'en' | 'fr' | 'rw') => {
      const i18n = setupI18n();
      i18n.setMessagesCompiler(compileCached as never);
      const messages = locale === 'en' ? {} : (await import(`../src/locales/${locale}.po`)).messages;
      i18n.load(locale, messages);
      i18n.activate(locale, pluralLocales(locale));
      return i18n;
    };
    const [en, fr, rw] = await Promise.all([reader('en'), reader('fr'), reader('rw')]);
    expect(formatDuration('1 week', en)).toBe('1 week');
    expect(formatDuration('4 Weeks', en)).toBe('4 weeks');
    expect(formatDuration('1 week', fr)).toBe('1 semaine');
    expect(formatDuration('4 weeks', fr)).toBe('4 semaines');
    expect(formatDuration('3 months', fr)).toBe('3 mois');
    expect(formatDuration('1 week', rw)).toBe('icyumweru 1');
    expect(formatDuration('2 days', rw)).toBe('iminsi 2');
    expect(formatDuration('Six Saturdays', fr)).toBe('Six Saturdays');
    expect(formatDuration(null)).toBe('N/A');
    expect(parseDuration('12 hours')).toEqual({ count: 12, unit: 'hour' });
  });
});
