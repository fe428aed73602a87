import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../catalogues';

const entry = (id: string, text: string, obsolete = false) =>
  (obsolete ? [`#~ msgid "${id}"`, `#~ msgstr "${text}"`] : [`msgid "${id}"`, `msgstr "${text}"`]).join('\n');

/** An area's locales folder with an English and a French catalogue. */
function catalogues(english: string[], french: string[]) {
  const folder = mkdtempSync(join(tmpdir(), 'catalogues-'));
  writeFileSync(join(folder, 'en.po'), english.join('\n\n'));
  writeFileSync(join(folder, 'fr.po'), french.join('\n\n'));
  return folder;
}

describe("the build's catalogues", () => {
  it('compiles each English text in the language of the file, the English where it has no translation', async () => {
    const folder = catalogues(
      [
        entry('jobs.title', 'Jobs'),
        entry('jobs.count', '{count, plural, one {# job} other {# jobs}}'),
        entry('jobs.new', 'New'),
      ],
      [
        entry('jobs.title', 'Emplois'),
        entry('jobs.count', '{count, plural, one {# emploi} other {# emplois}}'),
        entry('jobs.new', ''),
      ],
    );
    const fr = join(folder, 'fr.po');
    const { messages } = await compileCatalogue(fr, readFileSync(fr, 'utf8'));
    expect(messages['jobs.title']).toEqual(['Emplois']);
    expect(messages['jobs.new']).toEqual(['New']);
    expect(messages['jobs.count']).toEqual([['count', 'plural', { one: ['#', ' emploi'], other: ['#', ' emplois'] }]]);
  });

  it('leaves out texts the code no longer uses, and names a text that does not compile', async () => {
    const folder = catalogues(
      [entry('a', 'A'), entry('gone', 'Gone', true), entry('broken', 'Hello {name')],
      [entry('a', 'Á'), entry('gone', 'Parti', true), entry('broken', 'Bonjour {name}')],
    );
    const fr = join(folder, 'fr.po');
    const text = readFileSync(fr, 'utf8');
    expect(Object.keys((await compileCatalogue(fr, text)).messages)).toEqual(['a', 'broken']);
    const en = join(folder, 'en.po');
    await expect(compileCatalogue(en, readFileSync(en, 'utf8'))).rejects.toThrow(/en\.po: "broken" does not compile/);
  });
});
