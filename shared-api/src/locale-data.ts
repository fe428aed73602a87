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

/**
 * A number with the locale's separators ("150,000", "150 000", "150.000"): English as `toLocaleString('en-US')`
 * writes it (up to 3 decimals), French and Kinyarwanda with 2 decimals after a comma. Written out rather than asked
 * of Intl: a page's first Intl number format loads the browser's number data, 15–35 ms of a desktop's main thread
 * and ten times that on a low-end phone, in the middle of the first render of any page with a price or a count.
 */
export function formatNumber(value: number, locale: Language = 'en'): string {
  if (!Number.isFinite(value)) return String(value);
  const english = locale === 'en';
  const [whole = '0', decimals = ''] = Math.abs(value)
    .toFixed(english ? 3 : 2)
    .split('.');
  const fraction = english ? decimals.replace(/0+$/, '') : /[1-9]/.test(decimals) ? decimals : '';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'en' ? ',' : LOCALE_DATA[locale].group);
  const sign = value < 0 && (whole !== '0' || fraction) ? '-' : '';
  return `${sign}${grouped}${fraction ? `${english ? '.' : ','}${fraction}` : ''}`;
}

/** An amount of Rwandan francs: "Rwf 150,000", "150 000 Rwf", "150.000 Frw". */
export function formatMoney(amount: number, locale: Language = 'en'): string {
  const number = formatNumber(amount, locale);
  return locale === 'en' ? `Rwf ${number}` : LOCALE_DATA[locale].money(number);
}
