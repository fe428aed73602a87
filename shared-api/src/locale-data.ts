/**
 * What the browser cannot be asked for: Chromium ships no `rw` locale data (Intl falls back to
 * en-US) and date-fns has no `rw` locale, so the names and separators of rw (and of fr, to keep one code path
 * and date-fns' locales out of the bundle) are here. Kinyarwanda names are CLDR's (rw.xml, as Node's full ICU
 * has them); money follows what Rwandan Kinyarwanda texts write ("150.000 Frw"; CLDR's rw has "RF 150.000" with
 * the same grouping, but Frw after the amount is the usage of the Rwanda Revenue Authority and the banks).
 */
import type { Language } from './constants';

export interface LocaleData {
  months: readonly string[];
  monthsShort: readonly string[];
  /** Sunday first, as Date.getDay() counts. */
  weekdays: readonly string[];
  /** Thousands separator. */
  group: string;
  /** An amount of Rwandan francs, given the grouped number. */
  money(amount: string): string;
}

export const LOCALE_DATA: Record<Exclude<Language, 'en'>, LocaleData> = {
  rw: {
    months: [
      'Mutarama',
      'Gashyantare',
      'Werurwe',
      'Mata',
      'Gicurasi',
      'Kamena',
      'Nyakanga',
      'Kanama',
      'Nzeri',
      'Ukwakira',
      'Ugushyingo',
      'Ukuboza',
    ],
    monthsShort: ['Mut.', 'Gas.', 'Wer.', 'Mat.', 'Gic.', 'Kam.', 'Nya.', 'Kan.', 'Nze.', 'Ukw.', 'Ugu.', 'Uku.'],
    weekdays: ['Ku cyumweru', 'Kuwa mbere', 'Kuwa kabiri', 'Kuwa gatatu', 'Kuwa kane', 'Kuwa gatanu', 'Kuwa gatandatu'],
    group: '.',
    money: (amount) => `${amount}\u00a0Frw`,
  },
  fr: {
    months: [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ],
    monthsShort: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
    weekdays: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
    // The narrow no-break space of French typography (what Intl's fr formats with).
    group: '\u202f',
    money: (amount) => `${amount}\u00a0Rwf`,
  },
};

/** A number with the locale's separators ("150,000", "150 000", "150.000"; decimals to 2 places). */
export function formatNumber(value: number, locale: Language = 'en'): string {
  // English exactly as before the site had three languages (the browser's en-US data is there).
  if (locale === 'en') return value.toLocaleString('en-US');
  const abs = Math.abs(value);
  const whole = Math.trunc(abs);
  const cents = Math.round((abs - whole) * 100);
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, LOCALE_DATA[locale].group);
  return `${value < 0 ? '-' : ''}${grouped}${cents ? `,${String(cents).padStart(2, '0')}` : ''}`;
}

/** An amount of Rwandan francs: "Rwf 150,000", "150 000 Rwf", "150.000 Frw". */
export function formatMoney(amount: number, locale: Language = 'en'): string {
  const number = formatNumber(amount, locale);
  return locale === 'en' ? `Rwf ${number}` : LOCALE_DATA[locale].money(number);
}
