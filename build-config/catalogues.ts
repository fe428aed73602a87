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

const ROOT = join(import.meta.dirname, '..');
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

/** Compiles an imported `.po` file into a module exporting its `messages`. */
export function compiledCatalogues(): Plugin {
  return {
    name: 'btls:catalogues',
    async transform(text, id) {
      const file = id.split('?')[0]!;
      if (!file.endsWith('.po')) return null;
      this.addWatchFile(join(dirname(file), `${SOURCE_LOCALE}.po`));
      const { messages } = await compileCatalogue(file, text);
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
 * The name under which a page keeps the shared texts' catalogue (shared-ui's): a hash of its translations. Every
 * area bundles its own copy; areas built from the same texts share the name, so the page downloads the copy
 * once, and an area built with new texts has a new name, so its copy is loaded too.
 */
export function sharedTextsKey(): string {
  const hash = createHash('sha256');
  for (const locale of ['fr', 'rw'])
    hash.update(readFileSync(join(ROOT, 'shared-ui', 'src', 'locales', `${locale}.po`)));
  return `shared-texts:${hash.digest('hex').slice(0, 16)}`;
}

/** The constants a build gives the code it bundles (see shared-ui/src/i18n.tsx). */
export const catalogueDefines = () => ({ __SHARED_TEXTS_KEY__: JSON.stringify(sharedTextsKey()) });
