/**
 * Every text of the catalogue has exactly one stable code, `<group>.<key>`, and the contract's
 * schemas say nothing that is not in the catalogue (so every validation answer has a code).
 */
import { describe, expect, it } from 'vitest';
import { MESSAGE_CODES, codeOf, coded, codedText, codedWith } from '../src/codes';
import { messageCatalogue, validation } from '../src/messages';
import { registerPayloadSchema } from '../src/schemas';
import schemasSource from '../src/schemas.ts?raw';

const entries = Object.entries(messageCatalogue).flatMap(([group, texts]) =>
  Object.entries(texts).map(([key, text]) => ({ code: `${group}.${key}`, text: text as unknown })),
);

describe('the codes of the catalogue', () => {
  it('are unique and name every entry', () => {
    expect(new Set(MESSAGE_CODES).size).toBe(MESSAGE_CODES.length);
    expect(MESSAGE_CODES).toEqual(entries.map((e) => e.code));
    for (const code of MESSAGE_CODES) expect(code).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$/);
  });

  it('give every text exactly one code: no text is defined twice', () => {
    const byText = new Map<string, string[]>();
    for (const { code, text } of entries)
      if (typeof text === 'string') byText.set(text, [...(byText.get(text) ?? []), code]);
    const twice = [...byText].filter(([, codes]) => codes.length > 1);
    expect(twice).toEqual([]);
    for (const [text, [code]] of byText) expect(codeOf(text)).toBe(code);
  });

  it('texts with parameters take one object of them, which an answer carries as params', () => {
    expect(codedWith('course.notFoundById', { id: 5 })).toEqual({
      message: 'Course with ID 5 not found.',
      code: 'course.notFoundById',
      params: { id: 5 },
    });
    expect(codedWith('jobApplication.moveNotAllowed', { name: 'Aline Uwase', from: 'Hired', to: 'New' }).message).toBe(
      'Aline Uwase: An application that is Hired cannot be moved to New.',
    );
    expect(coded('user.hasHistory').message).toContain('cannot be deleted');
    expect(codedText(validation.passwordTooShort)).toEqual({
      message: 'Password must be at least 6 characters long.',
      code: 'validation.passwordTooShort',
    });
    expect(codeOf('Some words of nobody')).toBeUndefined();
  });

  it("a schema's message is a catalogue text, so it has a code", () => {
    const result = registerPayloadSchema.safeParse({ firstName: 'A', lastName: 'B', email: 'a@b.rw', password: 'abc' });
    expect(codeOf(result.error!.issues[0]!.message)).toBe('validation.passwordTooShort');
  });

  it('the schemas write no text of their own: every message comes from the catalogue', () => {
    const source = schemasSource
      .replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '')
      // What the OpenAPI document says of a field (English, for developers) is not a message users read.
      .replace(/description:\s*(['"`])(?:(?!\1).)*\1/g, '');
    // A quoted sentence: starts with a capital letter or a field name and ends with a full stop.
    const sentences = source.match(/(['"`])[A-Za-z][^'"`\n]* [^'"`\n]*[.!?]\1/g) ?? [];
    expect(sentences).toEqual([]);
  });
});
