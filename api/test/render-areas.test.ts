/**
 * A page is rendered on the server by the area that serves it, in processes of that area's own: a team's server
 * part never sees another area's pages, a page whose area renders nothing on the server is never sent to a
 * render process, and what is sent carries what the render needs of the request (its address, language, data
 * saver, the name the top bar shows), never the browser's cookies. And no render sandbox outlives its server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReleaseManifest } from '@btls/build-config/release';
import type { RemoteArea } from '@btls/build-config/remotes';
import { matchRoutes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageRoutes } from '../src/releases/page-routes';
import { childrenOf, openSandbox } from '../src/workers/sandbox';
import { eventually } from './eventually';
import { account, startApi, type Account, type TestApi } from './helpers';
import { activate, releaseToken, REPOSITORY, serverRelease, upload, webRoot } from './release-helpers';
import { DIST, useServerProcesses } from './server-process';

/** Every task the API sends to a render process (the channel's frames of type `task`), as sent. */
const tasks = vi.hoisted(() => [] as { url: string; body: Record<string, unknown> }[]);
vi.mock('../src/workers/channel', async (original) => {
  const channel = await original<typeof import('../src/workers/channel')>();
  return {
    ...channel,
    sendFrame(stream: Parameters<typeof channel.sendFrame>[0], message: unknown) {
      const sent = message as { type?: string; body?: { url?: string } };
      if (sent?.type === 'task')
        tasks.push({ url: String(sent.body?.url), body: sent.body as Record<string, unknown> });
      return channel.sendFrame(stream, message);
    },
  };
});

/**
 * A shell whose server build routes as the real one does (the area whose pattern matches the path, rendered on
 * the server when its release has a server part), renders that area's `default(url)`, and says which process
 * rendered the page (a process's id is drawn once, when it loads the shell).
 */
const SHELL = `
  const processId = Math.random().toString(36).slice(2);
  export const sharedModules = {};
  export const SERVER_DATA_ID = 'btls-data';
  export function configureServerApi() {}
  const matches = (pattern, path) => {
    const want = pattern.split('/'), got = path.split('/');
    if (pattern.endsWith('/*'))
      return got.length >= want.length - 1 && want.slice(0, -1).every((part, i) => part.startsWith(':') ? !!got[i] : part === got[i]);
    return want.length === got.length && want.every((part, i) => part.startsWith(':') ? !!got[i] : part === got[i]);
  };
  export function serverRenderedBy(pathname, areas) {
    for (const [remote, route] of Object.entries(areas))
      if (route.patterns.some((pattern) => matches(pattern, pathname))) return route.serverRendered ? remote : null;
    return 'not-found';
  }
  export function sessionOf(headers) {
    const hint = /btlsWho=(\\w+)\\.(\\w+)/.exec(headers.cookie ?? '');
    return hint ? { role: hint[1], firstName: hint[2] } : null;
  }
  export async function render({ url, remotes, session }) {
    const Page = Object.values(remotes)[0];
    const html = (Page ? await Page(url) : '<h1>Shell page</h1>') + (session ? '<p id="who">' + session.firstName + '</p>' : '');
    return { status: Page ? 200 : 404, head: '', body: html + '<i id="process">' + processId + '</i>', data: {} };
  }
`;

const PUBLIC = "exports.default = async (url) => '<h1>Public page</h1><p id=\"url\">' + url.length + '</p>';";

let api: TestApi;
let admin: Account;
beforeAll(async () => {
  api = await startApi({ web: { root: webRoot(SHELL) }, limits: { rendersPerIpPerMinute: 1000 } });
  admin = await account(api, 'admin');
  for (const release of [
    serverRelease('public', 'public', PUBLIC, ['/', '/p/*']),
    serverRelease('admin', 'admin', null, ['/admin/*']),
  ]) {
    const uploaded = await upload(api, release, admin.token);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect((await activate(api, release.manifest.area, release.manifest.version, admin.token)).status).toBe(200);
  }
}, 60_000);
afterAll(() => api.close());

let visits = 0;
/** A page, from an address of its own. */
async function visit(url: string, cookie?: string, host?: string) {
  const answer = await api.app.inject({
    method: 'GET',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(host ? { host } : {}) },
    remoteAddress: `198.51.100.${++visits % 250}`,
  });
  return { status: answer.statusCode, html: answer.body };
}
const rendered = (html: string) => !html.includes('<div id="root"></div>');
const processOf = (html: string) => /<i id="process">(\w+)<\/i>/.exec(html)?.[1];

/** An admin's browser: its id, the session hint, and a cookie of the site's that no render reads. */
const ADMIN_COOKIES = 'btlsBrowser=ADMIN-BROWSER-ID; btlsWho=admin.Grace; btlsOther=OTHER-COOKIE';

describe('which area serves a page', () => {
  it("is decided by the API as the shell's router decides it, over the areas' own builds", () => {
    const areas = (['public', 'trainee', 'admin', 'trainer', 'employer'] as const).map((area) => {
      const manifest = JSON.parse(
        readFileSync(join(REPOSITORY, `mfe-${area}`, 'dist', 'release.json'), 'utf8'),
      ) as ReleaseManifest;
      return [area, manifest.pages!.patterns] as [RemoteArea, string[]];
    });
    const routes = pageRoutes(areas);
    const router = areas.flatMap(([area, patterns]) => patterns.map((path) => ({ path, area })));
    const paths = [
      '/',
      '/courses',
      '/COURSES/3/',
      '/courses/3/more',
      '/jobs/7',
      '/jobs/7/apply',
      '/employer/register',
      '/employer',
      '/employer/jobs/3',
      '/admin',
      '/admin/users',
      '/trainer/x/y',
      '/reset-password/abc',
      '/verify/BTLS-1',
      '/verify/a%2Fb',
      '/p%61ths',
      '/bad%zzpath',
      '/nowhere',
    ];
    for (const path of paths) {
      const pathname = new URL(path, 'http://render.invalid').pathname;
      expect(routes.areaFor(pathname), path).toBe(matchRoutes(router, pathname)?.[0]?.route.area ?? 'none');
    }
  });

  it('is nobody when two areas match an address at the same rank', () => {
    const routes = pageRoutes([
      ['public', ['/shop/:item']],
      ['trainee', ['/shop/:id', '/dashboard']],
    ]);
    expect(routes.areaFor('/shop/3')).toBe('ambiguous');
    expect(routes.areaFor('/dashboard')).toBe('trainee');
  });
});

describe("a team's server part", () => {
  it("sees only its own area's pages: not an admin's reset link, not the admin's pages, not a visitor's cookies", async () => {
    const traineeToken = await releaseToken(api, admin.token, 'trainee');
    // What the render process is sent, as it arrives: every frame of the channel, read by patching the class
    // of its socket (the class of the standard error pipe), and shown in the page it renders itself.
    const recorder = serverRelease(
      'trainee',
      'recorder',
      `
      const seen = [];
      const Socket = process.stderr.constructor;
      const emit = Socket.prototype.emit;
      Socket.prototype.emit = function (event, data, ...more) {
        if (event === 'data' && Buffer.isBuffer(data) && this !== process.stderr) seen.push(data.toString('latin1'));
        return emit.call(this, event, data, ...more);
      };
      exports.default = async () =>
        '<h1>TRAINEE-RAN</h1><pre id="seen">' + seen.join(' ').replace(/[^\\w=.;:/?&%-]+/g, ' ') + '</pre>';
      `,
      ['/t/*'],
    );
    expect((await upload(api, recorder, traineeToken)).status).toBe(201);
    expect((await activate(api, 'trainee', recorder.manifest.version, traineeToken)).status).toBe(200);

    // The attacker loads its own page (its server part loads and starts recording), then others browse.
    expect((await visit('/t/start')).html).toContain('TRAINEE-RAN');
    const reset = await visit('/reset-password/RESET-TOKEN-SECRET', ADMIN_COOKIES);
    expect(reset.status).toBeLessThan(500);
    await visit('/admin/users?q=ADMIN-SEARCH', ADMIN_COOKIES);
    const own = await visit('/t/visited', 'btlsBrowser=VISITOR-BROWSER-ID; btlsWho=trainee.Aline; btlsOther=MORE');
    expect(own.html).toContain('TRAINEE-RAN');
    expect(own.html).toContain('<p id="who">Aline</p>');

    const shown = await visit('/t/show');
    const seen = /<pre id="seen">([^<]*)<\/pre>/.exec(shown.html)?.[1];
    // It ran, and its recording works: it saw the pages of its own area.
    expect(seen).toContain('/t/visited');
    for (const secret of [
      'RESET-TOKEN-SECRET',
      'ADMIN-SEARCH',
      'ADMIN-BROWSER-ID',
      'admin.Grace',
      'OTHER-COOKIE',
      'VISITOR-BROWSER-ID',
      'btlsOther',
    ])
      expect(seen, secret).not.toContain(secret);
  });
});

describe('render tasks', () => {
  it('go only to the area that renders the page: none for an area without a server part, and public pages stay warm', async () => {
    const before = tasks.length;
    const first = await visit('/p/warm-1');
    expect(rendered(first.html)).toBe(true);
    // (The admin's pages are the console's, where nothing is rendered on the server.)
    const adminPage = await visit('/admin/users?q=x', ADMIN_COOKIES, 'admin.localhost');
    expect(adminPage.status).toBe(200);
    expect(rendered(adminPage.html)).toBe(false);
    const second = await visit('/p/warm-2');
    expect(rendered(second.html)).toBe(true);
    expect(tasks.slice(before).map((task) => task.url)).toEqual(['/p/warm-1', '/p/warm-2']);
    // The same process rendered both: it stays, its modules loaded.
    expect(processOf(second.html)).toBe(processOf(first.html));
  });

  it("carry what the render needs of the request, never the browser's cookies", async () => {
    const before = tasks.length;
    const page = await visit('/p/filters?q=jobs', `${ADMIN_COOKIES}; btlsLang=fr; btlsSaveData=on; btlsBanner=hidden`);
    expect(rendered(page.html)).toBe(true);
    const [task] = tasks.slice(before);
    expect(task!.url).toBe('/p/filters?q=jobs');
    const sent = JSON.stringify(task!.body);
    for (const secret of ['ADMIN-BROWSER-ID', 'OTHER-COOKIE', 'btlsBrowser', 'btlsOther'])
      expect(sent, secret).not.toContain(secret);
    expect(Object.keys(task!.body).sort()).toEqual([
      'areas',
      'bannerHidden',
      'dataSaver',
      'language',
      'origin',
      'release',
      'sessionHint',
      'shellFile',
      'shellVersion',
      'url',
    ]);
    expect(task!.body).toMatchObject({
      language: 'fr',
      dataSaver: true,
      bannerHidden: true,
      sessionHint: 'btlsWho=admin.Grace',
      release: { area: 'public' },
    });
    // The page is still rendered for the signed-in user (their name in the top bar).
    expect(page.html).toContain('<p id="who">Grace</p>');
  });
});

function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
}
const alive = (pid: number) => {
  try {
    // A zombie waiting for its parent to read its end has ended.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/**
 * A sandbox left behind: an idle sandboxed process started, as a server starts its render processes, by a process
 * that then ends without taking it along (as a server killed where the kernel's parent-death signal does not
 * reach the sandbox's own init).
 */
function leftoverSandbox(): number {
  const owner = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', LEFT_BEHIND], {
    cwd: join(import.meta.dirname, '..'),
    encoding: 'utf8',
  });
  const pid = Number(/sandbox (\d+)/.exec(owner.stdout)?.[1]);
  if (!pid) throw new Error(`no sandbox was started: ${owner.stdout} ${owner.stderr}`);
  return pid;
}

const LEFT_BEHIND = `
  import { spawn } from 'node:child_process';
  import { openSandbox } from './src/workers/sandbox.ts';
  const opened = await openSandbox();
  const { file, args } = opened.sandbox.command(['-e', 'setInterval(() => {}, 60000)'], [], { dataMb: 256 });
  const child = spawn(file, args.filter((arg) => arg !== '--die-with-parent'), { stdio: 'ignore', detached: true });
  child.unref();
  console.log('sandbox ' + child.pid);
`;

describe('render sandboxes', () => {
  useServerProcesses();

  it('end with their server: killed with its whole process group, it leaves no sandbox behind', async () => {
    const data = mkdtempSync(join(tmpdir(), 'btls-kill-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = spawn(process.execPath, [`${DIST}server.js`], {
      env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', BTLS_DATA_DIR: data },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, as a service manager starts it.
      detached: true,
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready: http://localhost:')) resolve();
      };
      server.stdout.on('data', onData);
      server.stderr.on('data', onData);
      server.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    const page = await (await fetch(`http://127.0.0.1:${port}/courses`)).text();
    expect(rendered(page)).toBe(true);
    const sandboxes = descendantsOf(server.pid!);
    expect(sandboxes.length).toBeGreaterThan(0);
    process.kill(-server.pid!, 'SIGKILL');
    await eventually(() => expect(sandboxes.filter(alive)).toEqual([]));
  }, 120_000);

  it("left over by a server that is gone are ended when a server starts; a running server's are not", async () => {
    const leftover = leftoverSandbox();
    expect(alive(leftover)).toBe(true);
    // A sandbox of a server still running (this test's own, made here as its render processes are).
    const opened = await openSandbox();
    if (!('sandbox' in opened)) throw new Error(opened.unavailable);
    const { file, args } = opened.sandbox.command(['-e', 'setInterval(() => {}, 60000)'], [], { dataMb: 256 });
    const running = spawn(
      file,
      args.filter((arg) => arg !== '--die-with-parent'),
      { stdio: 'ignore', detached: true },
    );
    try {
      const started = await startApi({ web: { root: webRoot(SHELL) } });
      await started.close();
      await eventually(() => expect(alive(leftover)).toBe(false));
      expect(alive(running.pid!)).toBe(true);
    } finally {
      if (alive(leftover)) process.kill(leftover, 'SIGKILL');
      for (const pid of [...descendantsOf(running.pid!).reverse(), running.pid!]) process.kill(pid, 'SIGKILL');
    }
  });
});
