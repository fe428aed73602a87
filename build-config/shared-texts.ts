/**
 * The shared texts' catalogue (what every area bundles for shared-ui, shared-auth and the contract) is made of
 * parts, so two teams adding texts to different resources never edit the same file: shared-ui/src/locales holds
 * the components', the session's and the contract's common texts, and each resource of the contract that has
 * texts of its own keeps them in its folder (`shared-api/src/jobs/locales/*.po`). The build puts the parts
 * together into one catalogue per language (catalogues.ts); `npm run i18n` extracts into each part.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
export const CONTRACT_SOURCE = join(ROOT, 'shared-api', 'src');
export const SHARED_CATALOGUE = join(ROOT, 'shared-ui', 'src', 'locales');

/** The contract's resources with texts: the folders of shared-api/src that hold an `answers.ts` or `texts.ts`. */
export function contractResources(): string[] {
  return readdirSync(CONTRACT_SOURCE, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => ['answers.ts', 'texts.ts'].some((file) => existsSync(join(CONTRACT_SOURCE, name, file))))
    .sort();
}

/** Where a resource's PO files are. */
export const resourceCatalogue = (resource: string) => join(CONTRACT_SOURCE, resource, 'locales');

/** Every PO file of the shared texts in one language: the common part first, then the resources'. */
export function sharedCatalogueParts(locale: string): string[] {
  return [
    join(SHARED_CATALOGUE, `${locale}.po`),
    ...contractResources().map((resource) => join(resourceCatalogue(resource), `${locale}.po`)),
  ].filter((file) => existsSync(file));
}
