/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy that the shell, the federated
 * remotes (wherever remotes.json says they live), the contact page's map frame and server-rendered pages work
 * under; no framing by other sites; nosniff; a strict Referrer-Policy; HSTS when the site is served over https;
 * and `Cache-Control: no-store` on API answers given to a signed-in caller. Built scripts and stylesheets carry
 * only what governs them (nosniff, CORP, HSTS).
 *
 * The policy allows no inline executable script: a server-rendered page may carry data in
 * `<script type="application/json">` blocks (not executed, so not governed by script-src) and load module
 * scripts from 'self' or a remote's origin. Styles may be inline (React and server-rendered markup use style
 * attributes).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isReleaseOrigin } from '../releases/base';

/** Where the contact page's map comes from (an iframe). */
export const MAP_FRAME_ORIGIN = 'https://www.openstreetmap.org';

/** The CSP directives, given the remotes' origins (see remoteOrigins). Reuse this for any HTML page. */
export function cspDirectives(origins: readonly string[], options: { https?: boolean } = {}): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...origins],
    'style-src': ["'self'", "'unsafe-inline'", ...origins],
    // Course pictures may be any https address an admin gives; blob: is the admin's upload preview.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...origins],
    'font-src': ["'self'", 'data:', ...origins],
    // The federation runtime fetches remote entries and manifests.
    'connect-src': ["'self'", ...origins],
    'frame-src': [MAP_FRAME_ORIGIN],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  if (options.https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The policy as one header value (for a page that sets its own header). */
export function cspHeader(origins: readonly string[], options: { https?: boolean } = {}): string {
  return Object.entries(cspDirectives(origins, options))
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/**
 * What the admin console's page may load and reach: the shell's files and the admin area's releases, by path on
 * the console's origin (`http://admin.localhost:8080/assets/`, `…/remotes/admin/`), and the origin the admin
 * area's release lives on when it is a CDN's. Never 'self' for scripts, styles or connections: another area's
 * file is on the same origin (the server refuses it there as well), and a policy naming paths says so to the
 * browser too. No frame (the contact page's map is the site's), no framing.
 */
export interface ConsoleSources {
  /** The console's origin, as configured (ADMIN_URL). */
  origin: string;
  /** The shell's scripts outside /assets/ (its federation entry, the worker's code), as paths. */
  shellScripts: readonly string[];
  /** Where the admin area's releases may live besides this server (a CDN's origin), checked as origins. */
  adminOrigins: readonly string[];
  https?: boolean;
}

export function consoleCspHeader({ origin, shellScripts, adminOrigins, https }: ConsoleSources): string {
  const elsewhere = adminOrigins.filter(isReleaseOrigin);
  const files = [`${origin}/assets/`, `${origin}/remotes/admin/`, ...elsewhere];
  const scripts = [...files, ...shellScripts.map((path) => `${origin}${path}`)];
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': scripts,
    'worker-src': [`${origin}/sw.js`],
    'style-src': ["'unsafe-inline'", ...files],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...elsewhere],
    'font-src': ['data:', ...files],
    // The API, the map of areas, and what the federation runtime fetches of the shell's and the admin area's.
    'connect-src': [`${origin}/api/`, `${origin}/remotes.json`, ...scripts],
    'manifest-src': [`${origin}/manifest.webmanifest`],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/**
 * The console's service worker: its code and nothing else to run; it fetches from its own origin (the files it
 * keeps, the pages and reads it answers, all the console's), and from the admin area's CDN.
 */
export function consoleWorkerCspHeader(origin: string, code: string, adminOrigins: readonly string[]): string {
  const elsewhere = adminOrigins.filter(isReleaseOrigin);
  return ["default-src 'none'", `script-src ${origin}${code}`, ['connect-src', "'self'", ...elsewhere].join(' ')].join(
    '; ',
  );
}

/** Headers that only mean something for a document (a page, or a file opened as one). */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export interface SecurityHeaderOptions {
  /** The site's public address (PUBLIC_URL); https turns on HSTS and upgrade-insecure-requests. */
  publicUrl?: string;
  /** The origins the areas' releases live on besides this site (read per answer: a release shows at once). */
  remoteOrigins?: () => string[];
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const https = /^https:/i.test(options.publicUrl ?? '');
  // Each origin checked once more as an origin: whatever is stored, the header is built from plain origins only.
  const originsNow = () => (options.remoteOrigins?.() ?? []).filter(isReleaseOrigin);
  // Each directive that names the remotes' origins asks for them per answer.
  const directives = Object.fromEntries(
    Object.entries(cspDirectives(['<remotes>'], { https })).map(([name, values]) => [
      name,
      values.map((value) => (value === '<remotes>' ? () => originsNow().join(' ') : value)),
    ]),
  );
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    // X-Frame-Options for browsers without frame-ancestors.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Remote entries and images may be loaded by a shell on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // An answer given to a signed-in caller is personal: no browser or proxy may keep it.
    if (request.headers.authorization && request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    // A built script or stylesheet is never a page (nosniff): the headers that govern a page are ~450 bytes a phone
    // would pay on each of the dozens of files a first visit loads. (A worker's script keeps them: its policy is
    // its own; it is never kept as immutable.)
    if (
      /^(text|application)\/javascript\b|^text\/css\b/.test(String(reply.getHeader('content-type') ?? '')) &&
      /\bimmutable\b/.test(String(reply.getHeader('cache-control') ?? ''))
    )
      for (const name of PAGE_ONLY_HEADERS) reply.removeHeader(name);
    return payload;
  });
}
