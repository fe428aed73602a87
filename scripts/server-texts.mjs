// Writes shared-api/src/server-texts.ts from messages.ts: every text the server sends is written once (in
// messages.ts) and its catalogue form made from it here — a parameter becomes `{name}`, a count or a duration
// whose word changes with the number becomes an ICU plural. Run by `npm run i18n`; `npm run lint` fails when
// the file is not what this writes (`--check`).
//
//   node --import tsx scripts/server-texts.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import prettier from 'prettier';
import { messageCatalogue } from '../shared-api/src/messages.ts';

const FILE = join(import.meta.dirname, '..', 'shared-api', 'src', 'server-texts.ts');

/** The parameters of a text given one by one (the docs/product.md §8 fallbacks: `(status) => …`), by name. */
const positional = (text) =>
  /^\(\s*\{/.test(String(text))
    ? null
    : (String(text).match(/^\(?([^)=]*)\)?\s*=>/)?.[1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);

/** The text with `values`: one object of parameters, or one by one in the order the function names them. */
function textWith(text, values) {
  const names = positional(text);
  return names ? text(...names.map((name) => values[name])) : text(values);
}

/** The text's catalogue form: `{name}` for each parameter, plurals where the English changes with a number. */
function icuOf(text) {
  if (typeof text !== 'function') return String(text);
  const named = new Proxy({}, { get: (_, name) => (typeof name === 'string' ? `{${name}}` : undefined) });
  let icu = textWith(text, named);
  for (const name of ['count', 'minutes']) {
    const many = icu.match(new RegExp(`\\{${name}\\} ([\\p{L}-]+)`, 'u'));
    if (!many) continue;
    const values = new Proxy({}, { get: (_, key) => (key === name ? 1 : `{${String(key)}}`) });
    const one = textWith(text, values).match(/\b1 ([\p{L}-]+)/u)?.[1];
    if (one && one !== many[1])
      icu = icu.replace(`{${name}} ${many[1]}`, `{${name}, plural, one {# ${one}} other {# ${many[1]}}}`);
  }
  return icu;
}

const lines = [];
for (const [group, texts] of Object.entries(messageCatalogue)) {
  lines.push(`  // ${group}`);
  for (const [key, text] of Object.entries(texts))
    lines.push(`  /*i18n*/ { id: ${JSON.stringify(`${group}.${key}`)}, message: ${JSON.stringify(icuOf(text))} },`);
}
const source = `/**
 * Every text the server sends, as descriptors for the shared texts' catalogue: \`errorMessage()\` and \`noticeText()\`
 * show an answer's text in the page's language by its \`code\`. Written by scripts/server-texts.mjs from
 * messages.ts (do not edit: change messages.ts, then \`npm run i18n\`): the id of each is the code
 * (\`<group>.<key>\`), its message the English text in ICU form, with \`{name}\` for a parameter and a plural where
 * the English has one. The catalogue check (\`npm run lint\`) fails on a missing French or Kinyarwanda
 * translation. Nothing imports this file: it is read by the extractor.
 */
export const SERVER_TEXTS = [
${lines.join('\n')}
];
`;
const formatted = await prettier.format(source, { ...(await prettier.resolveConfig(FILE)), filepath: FILE });
if (process.argv.includes('--check')) {
  if (readFileSync(FILE, 'utf8') !== formatted) {
    console.error('shared-api/src/server-texts.ts is not made from messages.ts as it is: run npm run i18n.');
    process.exit(1);
  }
} else writeFileSync(FILE, formatted);
