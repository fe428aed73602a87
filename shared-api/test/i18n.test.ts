// @vitest-environment jsdom
/** The one i18n runtime — languages, catalogues per area, rw plurals, translated error codes. */
import { describe, expect, it, vi } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { serverI18n } from '@btls/kernel/i18n-server';
import { setupI18n } from '@btls/kernel';
import type { MessageCode } from '../src/codes';
import { notice } from '../src/messages';
import {
  addCatalogue,
  ApiError,
  errorMessage,
  i18n,
  noticeText,
  pluralLocales,
  setLanguage,
  sharedCatalogue,
  translateMessage,
  authValidation,
} from '../src/index';

describe('Kinyarwanda plurals', () => {
  it('are one for exactly 1 and other otherwise, whatever the default locale (CLDR has no rw rules)', () => {
    const rules = new Intl.PluralRules(pluralLocales('rw'));
    expect([0, 1, 2, 5, 1.5].map((n) => rules.select(n))).toEqual(['other', 'one', 'other', 'other', 'other']);
    // French would say "one" for 0: rw must never take the browser's locale.
    expect(new Intl.PluralRules('fr').select(0)).toBe('one');
    const rw = setupI18n({
      locale: 'rw',
      locales: pluralLocales('rw'),
      messages: { rw: { jobs: compileMessage("{count, plural, one {akazi # } other {imyanya # y'akazi}}") } },
    });
    expect(rw._('jobs', { count: 1 })).toBe('akazi 1 ');
    expect(rw._('jobs', { count: 0 })).toBe("imyanya 0 y'akazi");
  });
});

describe('the shared texts each area brings', () => {
  it('are downloaded once per language for copies of the same texts, and again for an area built with others', async () => {
    const shellCopy = vi.fn(async (locale: string) => ({ saved: [`saved-${locale}`] }));
    const areaCopy = vi.fn(async (locale: string) => ({ saved: [`saved-${locale}`] }));
    const newerCopy = vi.fn(async (locale: string) => ({ saved: [`saved-${locale}`], added: [`added-${locale}`] }));
    const fromShell = sharedCatalogue('shared-texts:a', shellCopy);
    const fromArea = sharedCatalogue('shared-texts:a', areaCopy);
    const fromNewerArea = sharedCatalogue('shared-texts:b', newerCopy);
    expect(await fromShell('fr')).toEqual({ saved: ['saved-fr'] });
    expect(await fromArea('fr')).toEqual({ saved: ['saved-fr'] });
    expect(areaCopy).not.toHaveBeenCalled();
    expect(await fromArea('rw')).toEqual({ saved: ['saved-rw'] });
    expect(areaCopy).toHaveBeenCalledExactlyOnceWith('rw');
    expect(await fromNewerArea('fr')).toHaveProperty('added', ['added-fr']);
  });

  it('are asked again after a failed download (offline), not remembered as failed', async () => {
    const load = vi
      .fn<(locale: string) => Promise<Record<string, string[]>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ saved: ['Enregistré'] });
    const texts = sharedCatalogue('shared-texts:offline', load);
    await expect(texts('fr')).rejects.toThrow('Failed to fetch');
    expect(await texts('fr')).toEqual({ saved: ['Enregistré'] });
  });
});

describe('catalogues per area', () => {
  it('loads an area only in the active language, and every entered area on a switch, then re-renders once', async () => {
    const shell = vi.fn(async (locale: string) => ({
      greeting: [locale === 'rw' ? 'Muraho' : locale === 'fr' ? 'Bonjour' : 'Hello'],
    }));
    const area = vi.fn(async (locale: string) => ({ title: [`title-${locale}`] }));
    await addCatalogue('shell', shell);
    await setLanguage('rw');
    expect(i18n._('greeting')).toBe('Muraho');
    await addCatalogue('area', area);
    expect(area).toHaveBeenCalledExactlyOnceWith('rw');
    expect(i18n._('title')).toBe('title-rw');
    const changes = vi.fn();
    const stop = i18n.on('change', changes);
    await setLanguage('fr', { chosen: true });
    stop();
    expect(i18n.locale).toBe('fr');
    expect(i18n._('greeting')).toBe('Bonjour');
    expect(i18n._('title')).toBe('title-fr');
    expect(area.mock.calls.map(([locale]) => locale)).toEqual(['rw', 'fr']);
    expect(localStorage.getItem('btlsLang')).toBe('fr');
    // Back to a language already loaded: nothing is fetched again.
    await setLanguage('rw');
    expect(area).toHaveBeenCalledTimes(2);
    expect(changes.mock.calls.length).toBeGreaterThan(0);
  });

  it("shows a server error's code in the page's language, else the English message", async () => {
    i18n.load('rw', { 'validation.passwordTooShort': ['Ijambobanga rigomba kugira nibura inyuguti 6.'] });
    await setLanguage('rw');
    expect(errorMessage(new ApiError(authValidation.passwordTooShort, 400, 'validation.passwordTooShort'))).toBe(
      'Ijambobanga rigomba kugira nibura inyuguti 6.',
    );
    // No code (a form's own check, an older server): found by its English text.
    expect(translateMessage(authValidation.passwordTooShort)).toBe('Ijambobanga rigomba kugira nibura inyuguti 6.');
    expect(errorMessage(new ApiError('Something new.', 400, 'validation.somethingNew' as MessageCode))).toBe(
      'Something new.',
    );
    await setLanguage('en');
    expect(errorMessage(new ApiError(authValidation.passwordTooShort, 400, 'validation.passwordTooShort'))).toBe(
      authValidation.passwordTooShort,
    );
  });

  it("shows a server notice in the page's language, with the status it names and its plural", async () => {
    i18n.load('fr', {
      'notice.applicationsUpdated': compileMessage(
        '{count, plural, one {# candidature passée} other {# candidatures passées}} au statut {status}.',
      ),
      'notice.trainerAssigned': compileMessage('Formateur {name} affecté.'),
      'status.approved': ['Approuvée'],
      'status.new': ['Nouvelle'],
    });
    await setLanguage('fr');
    const answer = (count: number) => ({
      message: notice.applicationsUpdated({ count, status: 'Approved' }),
      code: 'notice.applicationsUpdated',
      params: { count, status: 'Approved' },
    });
    expect(noticeText(answer(3))).toBe('3 candidatures passées au statut Approuvée.');
    expect(noticeText(answer(1))).toBe('1 candidature passée au statut Approuvée.');
    // A name is never taken for a status; a notice without a translation stays in English.
    expect(
      noticeText({ message: 'Trainer New assigned.', code: 'notice.trainerAssigned', params: { name: 'New' } }),
    ).toBe('Formateur New affecté.');
    expect(noticeText({ message: notice.jobDeleted, code: 'notice.jobDeleted' })).toBe(notice.jobDeleted);
    await setLanguage('en');
    expect(noticeText(answer(1))).toBe('1 application updated to Approved.');
  });
});

describe('a server render', () => {
  it("has an instance of its own in the request's language, leaving the page-wide one alone", async () => {
    const before = i18n.locale;
    const fr = await serverI18n('fr', [async () => ({ greeting: ['Bonjour, ', ['name']] })]);
    expect(fr._({ id: 'greeting', message: 'Hello, {name}', values: { name: 'Aline' } })).toBe('Bonjour, Aline');
    const en = await serverI18n('en', [async () => ({ greeting: ['never loaded'] })]);
    expect(en._({ id: 'greeting', message: 'Hello, {name}', values: { name: 'Aline' } })).toBe('Hello, Aline');
    expect(i18n.locale).toBe(before);
  });
});

describe('English from the code', () => {
  it('compiles the source texts Lingui would get from a catalogue: placeholders, plurals, select', async () => {
    const { compileSourceMessage } = await import('../../kernel/src/source-messages');
    const { compileMessage: lingui } = await import('@lingui/message-utils/compileMessage');
    for (const message of [
      'Sign in',
      'Hello, {name}',
      'Issued {date} · Code {code}',
      '{count, plural, one {# job} other {# jobs in {city}}}',
      '{role, select, admin {Admin Panel} other {My Dashboard}}',
      'Only trainees can apply for jobs: you are signed in as {role, select, admin {an admin} employer {an employer} other {a {role}}}.',
      'Welcome, {name}! You have {count, plural, =0 {no messages} one {one message} other {# messages}}.',
    ]) {
      const ours = compileSourceMessage(message);
      // A plain text stays a string (Lingui shows a string as it is).
      expect(typeof ours === 'string' ? [ours] : ours, message).toEqual(lingui(message));
    }
  });

  it('downloads no English catalogue and still fills placeholders', async () => {
    const area = vi.fn(async () => ({}));
    await addCatalogue('english-area', area);
    await setLanguage('en');
    expect(area).not.toHaveBeenCalledWith('en');
    expect(i18n._({ id: 'x.greeting', message: 'Hello, {name}', values: { name: 'Aline' } })).toBe('Hello, Aline');
  });
});
