/**
 * A plural message whose number is written as a plain value (`{count}`, not `#`) creates no Intl number format:
 * the first one a page creates loads the browser's number data, a long task on a phone. Lingui makes one for
 * every plural, `#` or not, unless patched (patches/@lingui+core+*.patch). A file of its own: Lingui keeps the
 * formats it made for the life of its module.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compileCached, pluralLocales, setupI18n } from '@btls/kernel';
import { formatDuration } from '../src/format';

const NumberFormat = Intl.NumberFormat;
let made = 0;
afterEach(() => {
  Intl.NumberFormat = NumberFormat;
});

describe('a duration in words', () => {
  it('is said without an Intl number format', async () => {
    Intl.NumberFormat = function (...args: ConstructorParameters<typeof NumberFormat>) {
      made += 1;
      return new NumberFormat(...args);
    } as unknown as typeof NumberFormat;
    const i18n = setupI18n();
    i18n.setMessagesCompiler(compileCached as never);
    i18n.load('fr', (await import('../src/locales/fr.po')).messages);
    i18n.activate('fr', pluralLocales('fr'));
    expect(formatDuration('4 weeks', i18n)).toBe('4 semaines');
    expect(formatDuration('1 day', i18n)).toBe('1 jour');
    expect(made).toBe(0);
    // (`#` still works, with its number format.)
    expect(i18n._('x', { count: 1200 }, { message: '{count, plural, one {# page} other {# pages}}' })).toBe(
      '1\u202f200 pages',
    );
    expect(made).toBe(1);
  });
});
