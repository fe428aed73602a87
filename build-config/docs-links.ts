/**
 * The docs point at real things: every relative link and every backticked repository path in the repository's
 * Markdown names a file or folder that exists. A doc that names a moved file sends a newcomer nowhere; this is
 * what `npm run lint` runs over them (scripts/docs-check.mjs).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';

export interface BrokenReference {
  file: string;
  line: number;
  target: string;
  kind: 'link' | 'path';
}

// Code blocks show commands and output, not references; inline code outside them is read.
const FENCE = /^\s*(```|~~~)/;
const LINK = /!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const CODE = /`([^`\n]+)`/g;
// A path of this repository: segments of file-name characters joined by slashes, ending in a name or a slash.
const PATH_LIKE = /^[A-Za-z0-9_.@-]+(\/[A-Za-z0-9_.@-]+)*\/?$/;
// What a build, a test run or a running server makes is named in the docs but not in a checkout.
const MADE_LATER = /(^|\/)(dist|node_modules|coverage|data)(\/|$)/;
// A step that creates a file says so just before it: "a new file, `mfe-public/src/features/news/news-page.tsx`".
const CREATED = /\bnew (file|folder)[,:]?\s*$/i;
// An import specifier names a module without its extension (`../build-config/vite`).
const MODULE_EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js'];

/** Whether a link goes outside the repository (a site, an address, an anchor on the same page). */
const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#');

/**
 * The repository path a backticked text names, or null when it names none: it must have a slash, and its
 * first part must be a file or folder beside the doc or at the root (so `src/app.ts` in a package's README is
 * that package's, `api/src/app.ts` is the root's, and `@btls/kernel/basics`, `/api/jobs`, `a/b` are not paths).
 */
function repositoryPath(text: string, docDir: string, root: string): string | null {
  if (!text.includes('/') || !PATH_LIKE.test(text) || MADE_LATER.test(text)) return null;
  const first = text.split('/')[0] ?? '';
  if (first === '.' || first === '..') return join(docDir, text);
  if (existsSync(join(docDir, first))) return join(docDir, text);
  if (existsSync(join(root, first))) return join(root, text);
  return null;
}

/** Broken references of one Markdown text (`file` relative to `root`). */
export function brokenReferences(root: string, file: string, text: string): BrokenReference[] {
  const docDir = dirname(join(root, file));
  const broken: BrokenReference[] = [];
  let inFence = false;
  text.split('\n').forEach((lineText, index) => {
    if (FENCE.test(lineText)) inFence = !inFence;
    if (inFence) return;
    const line = index + 1;
    for (const [, raw = ''] of lineText.matchAll(LINK)) {
      if (external(raw)) continue;
      const target = decodeURI(raw.split(/[#?]/)[0] ?? '');
      if (!target || MADE_LATER.test(target)) continue;
      const path = target.startsWith('/') ? join(root, target) : join(docDir, target);
      if (!existsSync(path)) broken.push({ file, line, target: raw, kind: 'link' });
    }
    for (const match of lineText.matchAll(CODE)) {
      const code = (match[1] ?? '').trim();
      if (CREATED.test(lineText.slice(0, match.index))) continue;
      const path = repositoryPath(code, docDir, root);
      if (path === null) continue;
      const found = code.endsWith('/')
        ? existsSync(path) && statSync(path).isDirectory()
        : MODULE_EXTENSIONS.some((extension) => existsSync(path + extension));
      if (!found) broken.push({ file, line, target: code, kind: 'path' });
    }
  });
  return broken;
}

/** One line per broken reference, as an editor links them: `docs/api.md:12: link x.md does not exist`. */
export const describe = (reference: BrokenReference) =>
  `${posix.normalize(reference.file)}:${reference.line}: ${reference.kind} ${reference.target} does not exist`;

/** A path relative to the root, with forward slashes. */
export const fromRoot = (root: string, path: string) => relative(root, path).split('\\').join('/');
