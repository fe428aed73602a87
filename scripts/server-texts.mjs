// Writes each server-texts.ts of the contract (shared-api/src/server-texts.ts for the common texts, and one in
// each resource's folder) from the texts beside it: every text the server sends is written once (in a texts.ts or
// answers.ts) and its catalogue form made from it here — a parameter becomes `{name}`, a count or a duration
// whose word changes with the number becomes an ICU plural. Run by `npm run i18n`; `npm run lint` fails when
// the file is not what this writes (`--check`).
//
//   node --import tsx scripts/server-texts.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import prettier from 'prettier';
import { CONTRACT_SOURCE, contractResources } from '../build-config/shared-texts.ts';

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

/** The descriptors file of one part: every text of its catalogue under its code. */
async function descriptors(catalogue, file) {
  const lines = [];
  for (const [group, texts] of Object.entries(catalogue)) {
    lines.push(`  // ${group}`);
    for (const [key, text] of Object.entries(texts))
      lines.push(`  /*i18n*/ { id: ${JSON.stringify(`${group}.${key}`)}, message: ${JSON.stringify(icuOf(text))} },`);
  }
  const source = `/**
 * The texts beside this file, as descriptors for the shared texts' catalogue: \`errorMessage()\` and
 * \`noticeText()\` show an answer's text in the page's language by its \`code\`. Written by scripts/server-texts.mjs
 * (do not edit: change the texts, then \`npm run i18n\`): the id of each is the code (\`<group>.<key>\`), its
 * message the English text in ICU form, with \`{name}\` for a parameter and a plural where the English has one.
 * The catalogue check (\`npm run lint\`) fails on a missing French or Kinyarwanda translation. Nothing imports
 * this file: it is read by the extractor.
 */
export const SERVER_TEXTS = [
${lines.join('\n')}
];
`;
  return prettier.format(source, { ...(await prettier.resolveConfig(file)), filepath: file });
}

const parts = [CONTRACT_SOURCE, ...contractResources().map((name) => join(CONTRACT_SOURCE, name))];
let stale = 0;
for (const folder of parts) {
  const { catalogue } = await import(join(folder, 'answers.ts'));
  const file = join(folder, 'server-texts.ts');
  const formatted = await descriptors(catalogue, file);
  if (!process.argv.includes('--check')) writeFileSync(file, formatted);
  else if (readFileSync(file, 'utf8') !== formatted) {
    console.error(`${relative(process.cwd(), file)} is not made from the texts beside it: run npm run i18n.`);
    stale++;
  }
}
if (stale) process.exit(1);
