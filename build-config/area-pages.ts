/**
 * The pages an area serves, read from its own `src/pages.ts` at build time (its release records them; the shell's
 * dev server answers `/remotes.json` with them). Build-time only: it loads TypeScript, which the API never does.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { AreaPages } from './remotes';

/** The file where an area declares the pages it serves (`export const PAGES: AreaPages`). */
export const AREA_PAGES_FILE = 'src/pages.ts';

/** The pages the area in `folder` serves. */
export async function areaPagesOf(folder: string): Promise<AreaPages> {
  const file = join(folder, AREA_PAGES_FILE);
  const module = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { PAGES?: AreaPages };
  if (!module.PAGES) throw new Error(`${file} exports no PAGES`);
  return module.PAGES;
}
