/**
 * Built files named with a hash of their content (Vite's `jobs-page-BSjBOi5m.js`): their bytes never change, so a
 * phone keeps them for good and may use its copy of one release's file for another release's file of the same name
 * in the same area. The API holds each such name of an area to one content for good (a release that gives a name
 * other bytes is refused), which is what makes that reuse safe. Free of Node's modules: the worker uses it too.
 */
// Eight characters of base64url with at least one capital or digit: a word such as `client-manifest.json`'s
// "manifest" is not a hash (that file changes with every build under its one name).
const HASHED = /-(?=[\w-]{0,7}[A-Z0-9])[\w-]{8}(?=\.\w+$)/;

/** Whether a file's name (or URL) carries a content hash, so that its bytes never change. */
export const isContentHashed = (path: string) => HASHED.test(path.split(/[?#]/)[0]!);

/** The file's name without its hash (`jobs-page.js`): the same file in another build. */
export const stemOf = (name: string) => name.replace(HASHED, '');
