/**
 * The catalogues the build compiles, read by the journeys: what a page must say is taken from them, never typed
 * again in a test. An area's texts are its `src/locales/<locale>.po`; `shared-ui` stands for the shared texts with
 * all their parts (the contract's resources' too).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { sharedCatalogueParts } from '@btls/build-config/shared-texts';
import { ROOT } from './harness';

/** A catalogue's texts by id. */
export function catalogue(folder: string, locale: string): Map<string, string> {
  const texts = new Map<string, string>();
  const files =
    folder === 'shared-ui' ? sharedCatalogueParts(locale) : [join(ROOT, folder, 'src/locales', `${locale}.po`)];
  for (const file of files)
    for (const [, id, text] of readFileSync(file, 'utf8').matchAll(
      /^msgid "((?:[^"\\]|\\.)+)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm,
    ))
      texts.set(id!, text!.replace(/\\"/g, '"'));
  return texts;
}

/** The texts of these catalogues in `locale`, as the page formats them (placeholders, plurals). */
export function translator(folders: string[], locale: string) {
  const messages = Object.fromEntries(
    folders.flatMap((folder) => [...catalogue(folder, locale)].map(([id, text]) => [id, compileMessage(text)])),
  );
  // Kinyarwanda's plurals follow English's rule (kernel/src/i18n.ts).
  const i18n = setupI18n({ locale, locales: locale === 'rw' ? ['en'] : [locale], messages: { [locale]: messages } });
  return (id: string, values?: Record<string, string | number>) => i18n._(id, values);
}
