/// <reference lib="webworker" />
/**
 * Keeping the app's code for offline use (see ./visits.ts for when): the shell's page and its start-up chain, and
 * the areas this phone uses (the public area, and those its pages told), none of it downloaded twice (what the
 * page loaded is copied). Once kept, every later version of the worker keeps it too.
 */
import { keepAreas, keepShell, keptNow, type Kept } from './files';
import { dataSaver, META_AREAS, readMeta } from './phone';
import { markAppKept } from './visits';

/** The areas this phone keeps: the public area (every visitor's), and those its pages used. */
const areasOfThisPhone = async () => ['public', ...(await readMeta<string[]>(META_AREAS, []))];

/**
 * Keeps the app's code at this worker's version: at an install (with what the phone kept before, read once), or
 * once the visitor has shown they will come back. Throws when the shell's page could not be kept.
 */
export async function keepAppNow(kept?: Kept): Promise<void> {
  await markAppKept();
  const known = kept ?? (await keptNow());
  await keepShell(await dataSaver(), known);
  await keepAreas(await areasOfThisPhone(), known);
}

let keeping: Promise<void> | undefined;
/** The same, asked by a page or a later visit while this worker is in charge: once at a time, never failing. */
export function keepApp(): Promise<void> {
  keeping ??= keepAppNow()
    .catch(() => undefined)
    .finally(() => (keeping = undefined));
  return keeping;
}

/**
 * A visitor's first visit: only what the page already loaded of the shell and of the areas it used is kept (copied
 * from the browser's cache, nothing downloaded): the page may wake its app offline with it.
 */
export async function keepWhatWasLoaded(kept: Kept): Promise<void> {
  await keepShell(true, kept, { download: false });
  await keepAreas(await areasOfThisPhone(), kept, { download: false });
}
