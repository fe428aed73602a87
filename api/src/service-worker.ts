/**
 * The service worker at /sw.js: what it keeps (the shell's files and each area's active release, from the release
 * manifests), then the import of the shell's worker code (shell/dist/sw-code.js, built from shell/src/sw.ts), served
 * at an address named by its content and cached for good. Activating or rolling back a release changes the bytes of
 * /sw.js, which is how the browser learns there is a new version (it compares the worker byte for byte at each page
 * load); a phone then downloads the new list only, its copy of the code being the same file (a browser checks a
 * worker's imported scripts through its HTTP cache).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { remoteName } from '@btls/build-config/remotes';
import { isContentHashed } from '@btls/build-config/file-names';
import { catalogueLanguage, OFFLINE_PAGE_TEXTS, type SwConfig } from '@btls/shared-api/service-worker';
import { encodingFor } from './http/encoding';
import { etagOf, ifNoneMatch } from './http/etag';
import { areaRouteOf, baseOf, type ReleaseStore } from './releases/store';
import type { ReleaseChoice } from './releases/choice';

/** The shell's files the worker keeps: what the page loads, not the server's part nor compressed copies. */
// (share.jpg is for link previews, not for the phone; the web app manifest and its icons are for installing,
// which the browser keeps itself, not for reading a page offline.)
const SHELL_SKIPPED =
  /(^server\/|\.(br|gz|map)$|^sw-code\.js$|^shared\.json$|^share\.jpg$|^manifest\.webmanifest$|^(icon-[\w-]+|apple-touch-icon)\.png$)/;

function shellFiles(shellDist: string): SwConfig['shell'] {
  const found: SwConfig['shell'] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const file = relative(shellDist, path).split(sep).join('/');
        if (SHELL_SKIPPED.test(file)) continue;
        // Hashed names never change; the others (index.html, the icons, the manifest) by their content.
        const hashed = file.startsWith('assets/') || isContentHashed(file);
        const revision = hashed ? null : createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);
        found.push({ url: `/${file}`, revision });
      }
    }
  };
  walk(shellDist);
  return found;
}

/**
 * The texts of the worker's offline page (`shell.offlinePage.…`) in each language, from the shell's compiled
 * catalogues (`assets/<language>-<hash>.js`: `JSON.parse(`{id: [parts]}`)`), where translators wrote them with the
 * shell's other texts. A text with a value in it is not one of them (they are plain); a catalogue that cannot be
 * read leaves its language to the English of the worker's code.
 */
export function offlinePageTexts(shellDist: string): NonNullable<SwConfig['texts']> {
  const texts: NonNullable<SwConfig['texts']> = {};
  const assets = join(shellDist, 'assets');
  if (!existsSync(assets)) return texts;
  for (const name of readdirSync(assets).sort()) {
    const language = catalogueLanguage(`/${name}`);
    if (!language) continue;
    const compiled = /JSON\.parse\(([`'])([\s\S]*)\1\)/.exec(readFileSync(join(assets, name), 'utf8'));
    if (!compiled) continue;
    let messages: Record<string, unknown>;
    try {
      messages = JSON.parse(compiled[2]!.replace(/\\([\\`'$])/g, '$1')) as Record<string, unknown>;
    } catch {
      continue;
    }
    for (const [id, parts] of Object.entries(messages)) {
      if (!id.startsWith(OFFLINE_PAGE_TEXTS) || !Array.isArray(parts)) continue;
      if (!parts.every((part) => typeof part === 'string')) continue;
      (texts[language] ??= {})[id] = parts.join('');
    }
  }
  return texts;
}

/**
 * What one area's list of files may add to /sw.js, which every visitor downloads at every release: an area's real
 * build lists 30-70 files in 3-6 KiB. A release of more (hundreds of tiny files) is listed by its entry alone, and
 * the worker keeps the rest of its files as pages load them.
 */
export const SW_LIST_BYTES_PER_AREA = 16 * 1024;

/** The files of an area's release the browser loads (its server part stays on the server), within the cap. */
function releaseFiles(base: string, entry: string, files: Record<string, unknown>): string[] {
  const listed = Object.keys(files)
    .filter((path) => !path.startsWith('server/'))
    .sort()
    .map((path) => `${base}${path}`);
  return JSON.stringify(listed).length <= SW_LIST_BYTES_PER_AREA ? listed : [entry];
}

/**
 * Registers /sw.js and its code (when the shell has a worker). Each host's worker keeps the shell and the areas
 * that host's pages load: on the console the admin area only; on the site, every area but the admin's.
 */
export function registerServiceWorker(
  app: FastifyInstance,
  shellDist: string,
  store: ReleaseStore,
  choice: ReleaseChoice,
  hosts: {
    /** The areas a host's pages load (web.ts): its worker keeps those. */
    areasServed: (request: FastifyRequest) => (area: string) => boolean;
    isConsole: (request: FastifyRequest) => boolean;
    /** The console's worker's own policy, naming its code. */
    policy: (code: string) => Promise<string>;
  },
): void {
  const codeFile = join(shellDist, 'sw-code.js');
  if (!existsSync(codeFile)) return;
  const code = readFileSync(codeFile, 'utf8');
  const codeUrl = `/sw-code-${createHash('sha256').update(code).digest('base64url').slice(0, 12)}.js`;
  const codeFiles = {
    br: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(code, { level: 9 }),
  };
  app.get(codeUrl, { schema: { hide: true } }, async (request, reply) => {
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Vary', 'Accept-Encoding')
      .type('text/javascript; charset=utf-8');
    const encoding = encodingFor(request);
    if (encoding) return reply.header('Content-Encoding', encoding).send(codeFiles[encoding]);
    return reply.send(code);
  });
  const shell = shellFiles(shellDist);
  const texts = offlinePageTexts(shellDist);
  // The same releases give the same bytes on every instance (nothing of the moment is written in), else the
  // browser would see a new version at each instance behind the load balancer.
  /**
   * The workers made, by the releases they list (they change rarely; the worker is asked often). While a rollout
   * runs there are two: the browsers of its share keep its version, the others the active one.
   */
  const made = new Map<string, { body: string; br: Buffer; gzip: Buffer; etag: string }>();

  app.get('/sw.js', { schema: { hide: true } }, async (request, reply) => {
    const current = await store.activeReleases();
    // The browser's own versions: those its pages get (the worker keeps what it loads).
    const chosen = await choice.forWorker(request);
    const onConsole = hosts.isConsole(request);
    const served = hosts.areasServed(request);
    // In the areas' order, whatever order the database gave them in (the bytes must be the same everywhere).
    const active = [...current.values()]
      .map((release) =>
        chosen[release.area] && release.rollout
          ? { ...release, version: release.rollout.version, manifest: release.rollout.manifest }
          : release,
      )
      .filter((release) => served(release.area))
      .sort((a, b) => a.area.localeCompare(b.area));
    const key = `${onConsole ? 'console ' : ''}${active
      .map((release) => `${release.area}@${release.version}`)
      .sort()
      .join(' ')}`;
    let worker = made.get(key);
    if (!worker) {
      const config: SwConfig = {
        shell,
        texts,
        areas: Object.fromEntries(
          active.map((release) => {
            const base = baseOf(release.manifest);
            return [
              release.area,
              {
                name: remoteName(release.area),
                version: release.version,
                base,
                ...areaRouteOf(release.manifest),
                files: releaseFiles(base, `${base}${release.manifest.entry}`, release.manifest.files),
              },
            ];
          }),
        ),
      };
      const body = `self.__BTLS_SW=${JSON.stringify(config)};\nimportScripts(${JSON.stringify(codeUrl)});\n`;
      const etag = etagOf(body);
      worker = {
        body,
        br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(body, { level: 9 }),
        etag,
      };
      // Only the last few: releases come and go.
      if (made.size >= 4) made.delete(made.keys().next().value!);
      made.set(key, worker);
    }
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Cookie')
      .header('ETag', worker.etag)
      .type('text/javascript; charset=utf-8');
    if (onConsole) reply.header('Content-Security-Policy', await hosts.policy(codeUrl));
    // The browser asks for the worker at every visit to learn of a new version: unchanged, it costs a few bytes.
    if (ifNoneMatch(request.headers['if-none-match'], worker.etag)) return reply.code(304).send();
    const encoding = encodingFor(request);
    if (encoding) return reply.header('Content-Encoding', encoding).send(worker[encoding]);
    return reply.send(worker.body);
  });
}
