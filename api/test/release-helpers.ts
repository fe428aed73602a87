/**
 * Releases made up for the tests: a front end with a shell whose shared.json is the repository's
 * own, and releases of an area built from a few files, with a manifest as build-config/release.ts writes it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { integrityOf, sharedVersionsOf, type ReleaseManifest } from '@btls/build-config/release';
import {
  areaTicket,
  remoteName,
  ticketsOfTiming,
  type AreaPages,
  type RemoteArea,
  type RemotesJson,
} from '@btls/build-config/remotes';
import { buildApp } from '../src/app';
import { openPglite } from '../src/db/client';
import { JWT_SECRET, request, type TestApi } from './helpers';

export const REPOSITORY = resolve(import.meta.dirname, '..', '..');

/** An API whose PGlite keeps its data in a folder, as `npm start`'s does; `data` is that folder. */
export async function startApiOnDisk(): Promise<TestApi & { data: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'btls-disk-'));
  const data = join(folder, 'data');
  const database = await openPglite(data);
  await database.migrateAndPrepare();
  const app = await buildApp({ database, jwtSecret: JWT_SECRET, web: { root: webRoot() } });
  return {
    app,
    db: database.db,
    database,
    data,
    async close() {
      await app.close();
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A front end (no area built) whose shell provides the repository's shared modules; with `serverRender`, the
 * source of a shell server build (shell/dist/server/render.js) that renders pages as a test needs.
 */
export function webRoot(serverRender?: string): string {
  const root = mkdtempSync(join(tmpdir(), 'btls-web-'));
  const dist = join(root, 'shell', 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  if (serverRender) {
    mkdirSync(join(dist, 'server'), { recursive: true });
    writeFileSync(join(dist, 'server', 'render.js'), serverRender);
  }
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dist, 'shared.json'),
    JSON.stringify({ version: '1.0.0', shared: sharedVersionsOf(join(REPOSITORY, 'shell')) }),
  );
  return root;
}

/** The pages a test release serves: a few of each area's, as its build would record them. */
export const TEST_PAGES: Record<RemoteArea, AreaPages> = {
  public: { layout: 'public', signedIn: false, patterns: ['/', '/courses', '/courses/:id', '/p/*'], indexed: ['/'] },
  trainee: { layout: 'public', signedIn: true, patterns: ['/dashboard', '/jobs/:jobId/apply'] },
  admin: { layout: 'panel', signedIn: true, patterns: ['/admin/*'] },
  trainer: { layout: 'panel', signedIn: true, patterns: ['/trainer/*'] },
  employer: { layout: 'panel', signedIn: true, patterns: ['/employer/*'] },
};

/** `/remotes.json` (or a page's map of areas) as each area's entry URL. */
export const entriesOf = (json: RemotesJson): Record<string, string> =>
  Object.fromEntries(Object.entries(json).map(([name, area]) => [name, area.entry]));

export interface TestRelease {
  manifest: ReleaseManifest;
  files: Map<string, Uint8Array>;
}

/**
 * A release of `area` whose entry says `text`; `change` edits the manifest before its version is made; `more`
 * adds files (path → text).
 */
export function makeRelease(
  area: RemoteArea,
  text: string,
  change: (manifest: ReleaseManifest) => void = () => undefined,
  more: Record<string, string> = {},
): TestRelease {
  const files = new Map<string, Uint8Array>([
    ['remoteEntry.js', new TextEncoder().encode(`export const text = ${JSON.stringify(text)};\n`)],
    ['assets/page-1.js', new TextEncoder().encode(`export default ${JSON.stringify(text.toUpperCase())};\n`)],
    ...Object.entries(more).map(([path, body]): [string, Uint8Array] => [path, new TextEncoder().encode(body)]),
  ]);
  const manifest: ReleaseManifest = {
    schema: 1,
    area,
    version: '',
    builtAt: new Date().toISOString(),
    entry: 'remoteEntry.js',
    server: null,
    pages: TEST_PAGES[area],
    shared: sharedVersionsOf(join(REPOSITORY, `mfe-${area}`)),
    contract: { package: '@btls/shared-api', version: '1.0.0' },
    files: Object.fromEntries(
      [...files].map(([path, bytes]) => [path, { integrity: integrityOf(bytes), size: bytes.length }]),
    ),
  };
  change(manifest);
  const hash = createHash('sha256').update(JSON.stringify(manifest.files)).update(text).digest('hex').slice(0, 10);
  manifest.version ||= `1.0.0+${hash}`;
  return { manifest, files };
}

/** A multipart body: the manifest first, then each file as a part named by its path. */
/** A release of `area` serving `patterns`, whose server part is `code` (CommonJS, given `require` of nothing; none: its pages are the browser's). */
export function serverRelease(area: RemoteArea, name: string, code: string | null, patterns: string[]) {
  const release = makeRelease(area, name);
  const manifest: ReleaseManifest = { ...release.manifest, pages: { ...TEST_PAGES[area], patterns } };
  if (code !== null) {
    for (const [path, text] of [
      ['server/render.cjs', code],
      ['server/client-manifest.json', '{}'],
    ] as const) {
      const bytes = new TextEncoder().encode(text);
      release.files.set(path, bytes);
      manifest.files = { ...manifest.files, [path]: { integrity: integrityOf(bytes), size: bytes.length } };
    }
    manifest.server = 'server/render.cjs';
  }
  return { manifest, files: release.files };
}

export function multipart(release: TestRelease, files = release.files) {
  const boundary = `----btls${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  const part = (name: string, body: Uint8Array | string, filename?: string) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
          `${filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`,
      ),
      Buffer.from(body),
      Buffer.from('\r\n'),
    );
  };
  part('manifest', JSON.stringify(release.manifest));
  for (const [path, bytes] of files) part(path, bytes, path.split('/').pop());
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(api: TestApi, release: TestRelease, token: string, files?: Map<string, Uint8Array>) {
  const { payload, headers } = multipart(release, files);
  return request(api, 'POST', `/api/releases/${release.manifest.area}`, { token, payload, headers });
}

export function activate(api: TestApi, area: string, version: string, token: string, expected?: string | null) {
  return request(api, 'POST', `/api/releases/${area}/activate`, {
    token,
    json: { version, ...(expected !== undefined ? { expected } : {}) },
  });
}

export async function releaseToken(api: TestApi, adminToken: string, area: RemoteArea): Promise<string> {
  const created = await request(api, 'POST', '/api/release-tokens', { token: adminToken, json: { area } });
  if (created.status !== 201) throw new Error(`token: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.token;
}

/**
 * A browser, as the server sees one: the cookies it was given (its id, its bucket), and the load tickets of its
 * last map of areas. `inject` may be another instance's.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  tickets: string | undefined;
  areas: RemotesJson = {};

  constructor(
    private readonly inject: TestApi['app']['inject'],
    options: { ip?: string; host?: string } = {},
  ) {
    // Each phone on its own connection, unless a test says.
    const n = ++TestBrowser.made;
    this.ip = options.ip ?? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    this.host = options.host;
  }

  private static made = 0;
  private readonly ip: string;
  /** The host its pages come from (the console's, for the admin area's); the site's when none. */
  private readonly host: string | undefined;

  /**
   * A new browser whose bucket (drawn by the server, as every browser's is, while a rollout runs) passes `wanted`:
   * browsers are drawn until one does, as someone choosing a version would have to.
   */
  static async drawn(
    inject: TestApi['app']['inject'],
    wanted: (bucket: number) => boolean,
    options: { host?: string } = {},
  ): Promise<TestBrowser> {
    for (;;) {
      const browser = new TestBrowser(inject, options);
      await browser.load();
      if (wanted(browser.bucket)) return browser;
    }
  }

  /** The bucket the server drew for this browser (0: none yet). */
  get bucket(): number {
    return Number(/^(\d+)\./.exec(this.cookies.get('btlsBucket') ?? '')?.[1] ?? 0);
  }

  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Loads a page (or the map of areas), keeping its cookies and tickets. */
  async load(url = '/remotes.json') {
    const answer = await this.inject({
      method: 'GET',
      url,
      headers: { cookie: this.cookie, ...(this.host ? { host: this.host } : {}) },
      remoteAddress: this.ip,
    });
    for (const set of [answer.headers['set-cookie'] ?? []].flat()) {
      const [pair] = String(set).split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    this.tickets = ticketsOfTiming(String(answer.headers['server-timing'] ?? ''));
    if (url === '/remotes.json') this.areas = answer.json() as RemotesJson;
    return answer;
  }

  entry(area: RemoteArea) {
    return this.areas[remoteName(area)]!.entry;
  }

  ticket(area: RemoteArea) {
    return this.tickets ? areaTicket(this.tickets, area) : undefined;
  }

  /** Sends a report as the shell does (with this browser's cookies). */
  async report(body: unknown) {
    const answer = await this.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { cookie: this.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      remoteAddress: this.ip,
    });
    return { status: answer.statusCode, body: answer.json() as { loads: number; errors: number; speed: number } };
  }

  /** A load of `area`, failed or not, reported with its ticket. */
  async loaded(area: RemoteArea, failed = false) {
    const entry = this.entry(area);
    const ticket = this.ticket(area)!;
    return this.report({
      loads: [{ entry, ticket }],
      errors: failed ? [{ area, entry, ticket, phase: 'expose', path: '/', message: 'Boom', trace: 't' }] : [],
    });
  }
}
