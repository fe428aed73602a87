/**
 * Every text the server sends can be shown in the user's language. The server-texts.ts files (the common one
 * and one per resource) give the shared catalogue one entry per code of messages.ts, whose English is the server's text (the catalogue check then
 * fails on a missing French or Kinyarwanda translation).
 */
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { MESSAGE_CODES } from '../src/codes';
import { setupI18n } from '@btls/kernel';
import { messageCatalogue } from '../src/messages';

// The common part (src/server-texts.ts) and each resource's (src/jobs/server-texts.ts, …).
const parts = import.meta.glob<{ SERVER_TEXTS: { id: string; message: string }[] }>('../src/**/server-texts.ts', {
  eager: true,
});
const SERVER_TEXTS = Object.values(parts).flatMap((part) => part.SERVER_TEXTS);

const english = setupI18n({
  locale: 'en',
  messages: { en: Object.fromEntries(SERVER_TEXTS.map(({ id, message }) => [id, compileMessage(message)])) },
});

/** The catalogue's text of a code, called with the given values when it takes parameters. */
function serverText(code: string, values: Record<string, string | number>): string {
  const [group, key] = code.split('.') as [keyof typeof messageCatalogue, string];
  const text = (messageCatalogue[group] as Record<string, unknown>)[key];
  if (typeof text !== 'function') return String(text);
  // Most take one object of parameters; the docs/product.md §8 fallbacks take theirs one by one, in the order the text names them.
  return /^\(\s*\{/.test(String(text)) ? text(values) : text(...Object.values(values));
}

describe("the server's texts in the catalogue", () => {
  it('has one entry per code of messages.ts, each in one part', () => {
    expect(SERVER_TEXTS.map((t) => t.id).sort()).toEqual([...MESSAGE_CODES].sort());
  });

  it.each(SERVER_TEXTS.map((t) => [t.id, t.message]))('%s says in English what the server says', (id, message) => {
    const names = [...new Set([...message.matchAll(/\{(\w+)/g)].map((m) => m[1]!))];
    // Numbers for counts and durations (both plural forms), words for the rest.
    const numeric = (name: string) => ['count', 'minutes', 'id', 'max', 'score'].includes(name);
    for (const n of [1, 7]) {
      const values = Object.fromEntries(names.map((name) => [name, numeric(name) ? n : `<${name}>`]));
      expect(english._(id, values)).toBe(serverText(id, values));
      expect(english._(id, values)).not.toMatch(/undefined|\[object/);
    }
  });
});
