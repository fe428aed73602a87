/**
 * The built front end on the API's port: the shell at / (with the SPA fallback to its index.html), each
 * remote's files under /remotes/<name>/, and /remotes.json. Hashed assets are cached for a year;
 * index.html, remotes.json and the remote entries are revalidated on every load, so a redeploy shows at once.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_AREAS, remoteFolder, remoteMount } from '@btls/build-config/remotes';
import { apiNotFound } from './http/errors';
import { createServerRender } from './server-render';

export interface WebOptions {
  /** The repository folder holding shell/dist and mfe-<name>/dist. */
  root: string;
  /** A remotes.json to serve instead of the shell's own (pointing remotes at other URLs). */
  remotesFile?: string;
  /** The site's public address (PUBLIC_URL), for canonical and share links; else each request's own. */
  publicUrl?: string;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The web layer's routes are not in the API's OpenAPI document: they serve the front end's pages and files
 * (HTML, scripts, styles, remotes.json), not calls of the API. test/openapi.test.ts lists them by name.
 */
const NOT_API = { schema: { hide: true } } as const;

function cacheHeaders(reply: FastifyReply, path: string) {
  reply.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-cache');
}

/** The remotes.json that is served. */
export const remotesFileOf = (options: WebOptions) =>
  options.remotesFile ?? join(options.root, 'shell', 'dist', 'remotes.json');

/** The remotes.json text, read again only when the file changed; '{}' when there is none. */
export function remotesJsonReader(file: string): () => string {
  let cached = { mtimeMs: -1, size: -1, text: '{}' };
  return () => {
    try {
      const { mtimeMs, size } = statSync(file);
      if (mtimeMs !== cached.mtimeMs || size !== cached.size)
        cached = { mtimeMs, size, text: readFileSync(file, 'utf8') };
      return cached.text;
    } catch {
      return '{}';
    }
  };
}

/**
 * A rendered page compressed for the wire, as the built files are (precompressed): with its data and styles
 * it is tens of KiB of text, a fifth of that compressed, which a phone on a slow network feels.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(await gzip(html, { level: 6 }));
  return reply.send(html);
}

/** Registers the front end when it has been built; answers whether it was. */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<boolean> {
  const shellDist = join(options.root, 'shell', 'dist');
  const indexFile = join(shellDist, 'index.html');
  if (!existsSync(indexFile)) return false;
  const remotesFile = remotesFileOf(options);

  app.get('/remotes.json', NOT_API, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache').type('application/json');
    return readFileSync(remotesFile, 'utf8');
  });

  // The shell's hashed assets; also gives reply.sendFile for the shell's other top-level files.
  await app.register(fastifyStatic, {
    root: join(shellDist, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    setHeaders: cacheHeaders,
  });

  for (const area of REMOTE_AREAS) {
    const dist = join(options.root, remoteFolder(area), 'dist');
    if (!existsSync(dist)) continue;
    await app.register(fastifyStatic, {
      root: dist,
      prefix: remoteMount(area),
      decorateReply: false,
      index: false,
      // The build writes .br/.gz next to each file (scripts/precompress.mjs): no per-request compression.
      preCompressed: true,
      setHeaders: (reply, path) => {
        cacheHeaders(reply, path);
        // A remote may be loaded by a shell on another origin (a CDN, another deploy).
        reply.header('Access-Control-Allow-Origin', '*');
      },
    });
  }

  const indexHtml = () => readFileSync(indexFile, 'utf8');
  const serverRender = createServerRender(app, {
    shellDist,
    localRemotes: Object.fromEntries(
      REMOTE_AREAS.map((area) => [remoteMount(area), join(options.root, remoteFolder(area), 'dist')]),
    ),
    readRemotesJson: () => JSON.parse(readFileSync(remotesFile, 'utf8')) as Record<string, string>,
    publicUrl: options.publicUrl,
    log: app.log,
  });
  /** Public pages come rendered, with their data; the others (and any page whose render failed) render in the browser. */
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await serverRender.render(request.url, `${request.protocol}://${request.host}`, {
      cookie: request.headers.cookie,
      'accept-language': request.headers['accept-language'],
    });
    if (!page) return reply.header('Cache-Control', 'no-cache').type('text/html').send(indexHtml());
    // A visitor's page holds no personal data: a CDN may keep it for a minute; browsers ask again each time.
    // The page is in the language of the `btlsLang` cookie, else of Accept-Language (issue 19): a cache keeps
    // one copy per language only if it keys on both (see the README's CDN note). A page rendered for a signed-in
    // user (the `btlsWho` cookie: their first name in the top bar) is theirs alone: no shared cache keeps it.
    // Without PUBLIC_URL the page's canonical and share links come from the request's Host header, which a
    // client writes: such a page is not for a shared cache either (issue 30), or one forged Host would reach all.
    const sharedCache = !page.personal && options.publicUrl !== undefined;
    reply
      .status(page.status)
      .header('Cache-Control', sharedCache ? 'public, max-age=0, s-maxage=60' : 'private, no-cache')
      .header('Vary', 'Accept-Encoding, Cookie, Accept-Language')
      .header('Content-Language', page.language)
      .type('text/html');
    return sendCompressed(request, reply, page.html);
  };
  app.get('/', NOT_API, sendShell);
  // A form of a page posted without the page's script (sign-in, contact): nothing is taken from it; the
  // visitor gets the page again, which says the form needs JavaScript.
  app.post('/*', NOT_API, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/')) return apiNotFound(request, reply);
    return reply.redirect(path, 303);
  });
  // Client routes (/courses/3, /admin/users, …) get the shell; a top-level file of the shell is sent as is.
  app.get('/*', NOT_API, async (request, reply) => {
    const path = decodeURIComponent(request.url.split('?')[0]!);
    if (path.startsWith('/api/')) return apiNotFound(request, reply);
    const topLevelFile = /^\/[\w.-]+\.[a-z0-9]+$/i.test(path) ? join(shellDist, path) : null;
    if (topLevelFile && existsSync(topLevelFile)) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile(path.slice(1), shellDist);
    }
    if (/\.[a-z0-9]+$/i.test(path) || path.startsWith('/assets/') || path.startsWith('/remotes/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return sendShell(request, reply);
  });
  return true;
}
