/** Which language a browser wants: one reading for the page, the server render, the API and the service worker. */
import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, isLanguage, languageFromHeader, languageFromPreferences } from '../src/language';
import { requestLanguage } from '../src/i18n-server';

describe('choosing a language', () => {
  it("follows the browser's languages: Kinyarwanda → rw, French → fr, English → en, else en", () => {
    expect(languageFromPreferences(['rw-RW', 'en-US'])).toBe('rw');
    expect(languageFromPreferences(['fr-BE', 'rw'])).toBe('fr');
    expect(languageFromPreferences(['sw-KE', 'fr'])).toBe('fr');
    expect(languageFromPreferences(['de-DE'])).toBe('en');
    expect(languageFromPreferences([])).toBe('en');
  });

  it('knows the three-letter codes and either separator', () => {
    expect(languageFromPreferences(['kin'])).toBe('rw');
    expect(languageFromPreferences(['fra', 'en'])).toBe('fr');
    expect(languageFromPreferences(['fr_CA'])).toBe('fr');
    expect(languageFromPreferences(['eng', 'rw'])).toBe('en');
  });

  it('reads an Accept-Language header in order of quality, leaving out what the browser refuses', () => {
    expect(acceptLanguageTags('en;q=0.5, rw-RW, fr;q=0.8')).toEqual(['rw-RW', 'fr', 'en']);
    expect(acceptLanguageTags('fr;q=0, en')).toEqual(['en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });

  it('gives the same language for a header to the API (a sign-up) and to the server render (a first visit)', () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'en'],
      ['', 'en'],
      ['en-US,en;q=0.9', 'en'],
      ['de;q=1, fr;q=0.5, rw;q=0.8', 'rw'],
      ['FR-rw', 'fr'],
      ['rw;q=0, fr;q=0.1', 'fr'],
      ['sw, de', 'en'],
      ['kin, en;q=0.5', 'rw'],
    ];
    for (const [header, language] of cases) {
      expect(languageFromHeader(header)).toBe(language);
      expect(requestLanguage(header === undefined ? {} : { 'accept-language': header })).toBe(language);
    }
  });

  it('takes the chosen language (the cookie) over the header', () => {
    expect(requestLanguage({ cookie: 'a=1; btlsLang=fr', 'accept-language': 'rw' })).toBe('fr');
    expect(requestLanguage({ cookie: 'btlsLang=de', 'accept-language': 'rw' })).toBe('rw');
    expect(isLanguage('rw') && !isLanguage('kin') && !isLanguage(undefined)).toBe(true);
  });
});
