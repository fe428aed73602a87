/**
 * The texts' catalogues are compiled by the build, not kept in the repository: a screen's code imports its
 * area's PO files (`import.meta.glob('./locales/*.po')`) and this plugin turns each into the compiled messages
 * of one language (a chunk of its own, `fr-<hash>.js`; no message parser in the browser). So two teams adding
 * texts change their own PO files only, and no compiled file can fall behind its PO file. Builds and component
 * tests both use it. It reads the PO file beside the English one, wherever the area's folder is (a team's
 * checkout of one area compiles the same), and a text without its translation shows the English.
 */
import { formatter } from '@lingui/format-po';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { SHARED_CATALOGUE, sharedCatalogueParts } from './shared-texts';

const SOURCE_LOCALE = 'en';
// The catalogues' format (lingui.config.ts): explicit ids, the English as the en file's translation.
const po = formatter({ lineNumbers: false, explicitIdAsDefault: true });

type Entries = Record<string, { translation?: string; obsolete?: boolean }>;

async function entriesOf(file: string, text: string, locale: string): Promise<Entries> {
  return (await po.parse(text, { locale, sourceLocale: SOURCE_LOCALE, filename: file } as never)) as Entries;
}

/** The compiled messages of one PO file: each text of the English file, in the file's language where it has one. */
export async function compileCatalogue(file: string, text: string): Promise<{ messages: Record<string, unknown> }> {
  const locale = basename(file, '.po');
  const own = await entriesOf(file, text, locale);
  const englishFile = join(dirname(file), `${SOURCE_LOCALE}.po`);
  const english =
    locale === SOURCE_LOCALE ? own : await entriesOf(englishFile, await readFile(englishFile, 'utf8'), SOURCE_LOCALE);
  const messages: Record<string, unknown> = {};
  for (const [id, entry] of Object.entries(english)) {
    if (entry.obsolete) continue;
    const translated = own[id]?.obsolete ? undefined : own[id]?.translation;
    const message = translated || entry.translation || id;
    try {
      messages[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: "${id}" does not compile: ${(error as Error).message}`, { cause: error });
    }
  }
  return { messages };
}

/** The shared texts of one language, from all their parts (shared-texts.ts). */
async function compileSharedCatalogue(locale: string): Promise<{ messages: Record<string, unknown>; files: string[] }> {
  const files = sharedCatalogueParts(locale);
  const messages: Record<string, unknown> = {};
  for (const file of files)
    Object.assign(messages, (await compileCatalogue(file, await readFile(file, 'utf8'))).messages);
  return { messages, files };
}

/**
 * Compiles an imported `.po` file into a module exporting its `messages`; the shared texts' file of a language
 * (shared-ui/src/locales/fr.po) brings the contract's resources' texts of that language with it.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'btls:catalogues',
    async transform(text, id) {
      const file = id.split('?')[0]!;
      if (!file.endsWith('.po')) return null;
      let messages: Record<string, unknown>;
      if (dirname(file) === SHARED_CATALOGUE) {
        const shared = await compileSharedCatalogue(basename(file, '.po'));
        messages = shared.messages;
        for (const part of shared.files) this.addWatchFile(part);
        for (const part of sharedCatalogueParts(SOURCE_LOCALE)) this.addWatchFile(part);
      } else {
        this.addWatchFile(join(dirname(file), `${SOURCE_LOCALE}.po`));
        messages = (await compileCatalogue(file, text)).messages;
      }
      // A JSON text parsed once is quicker for the browser than the same object written as code.
      return {
        code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`,
        map: null,
        moduleType: 'js',
      };
    },
  };
}

/**
 * The name under which a page keeps the shared texts' catalogue: a hash of its translations (all its parts). Every
 * area bundles its own copy; areas built from the same texts share the name, so the page downloads the copy
 * once, and an area built with new texts has a new name, so its copy is loaded too.
 */
export function sharedTextsKey(): string {
  const hash = createHash('sha256');
  for (const locale of ['fr', 'rw']) for (const part of sharedCatalogueParts(locale)) hash.update(readFileSync(part));
  return `shared-texts:${hash.digest('hex').slice(0, 16)}`;
}

/** The constants a build gives the code it bundles (see shared-ui/src/i18n.tsx). */
export const catalogueDefines = () => ({ __SHARED_TEXTS_KEY__: JSON.stringify(sharedTextsKey()) });
