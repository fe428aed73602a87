/**
 * The catalogues' check, part of `npm run lint`: fails when
 *  - a text marked in the code (`<Trans id message>`, `i18n._({ id, message })`, `/*i18n*\/ { id, message }`)
 *    is missing from its area's catalogue, or its English changed without the catalogue following;
 *  - a catalogue keeps a text the code no longer uses;
 *  - a French or Kinyarwanda translation is missing in a catalogue listed in TRANSLATED below;
 *  - a translation names other values than its English (`{name}`, `{count, plural, …}`);
 *  - a text does not compile (a broken `{placeholder}` or plural).
 * It extracts and compiles into a temporary folder and compares; `npm run i18n` brings the repository's PO
 * files up to date (the build compiles them: build-config/catalogues.ts).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
// Run with `node --import tsx` (npm run lint does): the list of areas is TypeScript.
import { REMOTE_AREAS, remoteFolder } from '../build-config/remotes.ts';
import { contractResources } from '../build-config/shared-texts.ts';

const root = new URL('..', import.meta.url).pathname;
/** Each catalogue's folder: the shell's, the shared texts' parts and one per area (build-config/remotes.ts). */
const AREAS = {
  shell: 'shell/src/locales',
  shared: 'shared-ui/src/locales',
  ...Object.fromEntries(REMOTE_AREAS.map((area) => [area, `${remoteFolder(area)}/src/locales`])),
  // The shared catalogue's other parts: one per resource of the contract (build-config/shared-texts.ts).
  ...Object.fromEntries(contractResources().map((name) => [`contract-${name}`, `shared-api/src/${name}/locales`])),
};
/** Catalogues whose every text must have its fr and rw translation: all of them. */
const TRANSLATED = Object.keys(AREAS);
const LOCALES = ['en', 'fr', 'rw'];

/** A PO file's entries by msgid: the translation, and whether it is obsolete. The header is left out. */
function entries(text) {
  const result = new Map();
  for (const block of text.split(/\n\s*\n/)) {
    const id = /^(#~ )?msgid "((?:[^"\\]|\\.)*)"/m.exec(block);
    if (!id || id[2] === '') continue;
    const str = /^(?:#~ )?msgstr "((?:[^"\\]|\\.)*)"((?:\n(?:#~ )?"(?:[^"\\]|\\.)*")*)/m.exec(block);
    const more = str?.[2] ? [...str[2].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join('') : '';
    const english = /^#\. en: (.*)$/m.exec(block)?.[1] ?? null;
    result.set(id[2], { translation: (str?.[1] ?? '') + more, obsolete: !!id[1], english });
  }
  return result;
}

/** The values a text names (`{name}`, `{count, plural, …}`), sorted: a translation must name the same. */
function placeholders(text) {
  const names = new Set();
  const walk = (tokens) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      names.add(token[0]);
      for (const branch of Object.values(token[2] ?? {})) walk(branch);
    }
  };
  walk(compileMessage(text.replace(/\\"/g, '"')));
  return [...names].sort().join(', ');
}

const temp = mkdtempSync(join(tmpdir(), 'btls-i18n-'));
const problems = [];
try {
  for (const [name, folder] of Object.entries(AREAS)) {
    mkdirSync(join(temp, name), { recursive: true });
    for (const locale of LOCALES) {
      const po = join(root, folder, `${locale}.po`);
      if (existsSync(po)) cpSync(po, join(temp, name, `${locale}.po`));
    }
  }
  const env = { ...process.env, LINGUI_OUT_DIR: temp };
  const lingui = join(root, 'node_modules/.bin/lingui');
  execFileSync(lingui, ['extract', '--clean'], { cwd: root, env, stdio: 'pipe' });
  execFileSync(lingui, ['compile', '--typescript'], { cwd: root, env, stdio: 'pipe' });

  for (const [name, folder] of Object.entries(AREAS)) {
    for (const locale of LOCALES) {
      const where = `${folder}/${locale}.po`;
      const committedPath = join(root, where);
      const committed = existsSync(committedPath) ? entries(readFileSync(committedPath, 'utf8')) : new Map();
      const fresh = entries(readFileSync(join(temp, name, `${locale}.po`), 'utf8'));
      for (const [id, entry] of fresh) {
        const mine = committed.get(id);
        if (!mine) problems.push(`${where}: "${id}" is shown by the code but missing from the catalogue`);
        else if (locale === 'en' && mine.translation !== entry.translation)
          problems.push(`${where}: "${id}" changed in the code`);
        else if (locale !== 'en' && mine.english !== entry.english)
          problems.push(`${where}: the English of "${id}" changed: review its translation`);
        if (locale !== 'en' && TRANSLATED.includes(name) && !entry.translation)
          problems.push(`${where}: "${id}" has no translation`);
        else if (locale !== 'en' && entry.translation && entry.english !== null) {
          const [want, got] = [entry.english, entry.translation].map(placeholders);
          if (want !== got) problems.push(`${where}: "${id}" names {${got}} where the English names {${want}}`);
        }
      }
      for (const [id, entry] of committed) {
        if (!fresh.has(id) && !entry.obsolete) problems.push(`${where}: "${id}" is no longer used by the code`);
        if (entry.obsolete) problems.push(`${where}: "${id}" is obsolete: remove it`);
      }
    }
  }
  for (const [name, folder] of Object.entries(AREAS)) {
    const files = readdirSync(join(root, folder)).filter((f) => !/^(en|fr|rw)\.po$/.test(f));
    if (files.length) problems.push(`${folder} has unexpected files: ${files.join(', ')} (${name})`);
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}

if (problems.length) {
  console.error(`Catalogues out of date: run \`npm run i18n\`, then translate.\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Catalogues: every text shown is in its catalogue, none unused, translations complete.');
