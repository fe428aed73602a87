/** Loading an area from the page's map of areas, else /remotes.json: registered once; Retry really asks again. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ registerRemotes: vi.fn(), loadRemote: vi.fn(), registerPlugins: vi.fn() }));
vi.mock('@module-federation/runtime', () => runtime);

const remotesJson = {
  mfe_admin: { entry: '/remotes/admin/remoteEntry.js', layout: 'panel', patterns: ['/admin/*'], serverRendered: false },
};

beforeEach(() => {
  vi.resetModules();
  document.head.innerHTML = '';
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
});

describe('loading an area', () => {
  it('reads /remotes.json once, registers its entries as absolute URLs, and loads the routes', async () => {
    const fetchMock = vi.fn(async () => Response.json(remotesJson));
    vi.stubGlobal('fetch', fetchMock);
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    const { loadAreaRoutes } = await import('../src/remotes');
    await loadAreaRoutes('mfe_admin');
    await loadAreaRoutes('mfe_admin');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mfe_admin', entry: `${location.origin}/remotes/admin/remoteEntry.js`, type: 'module' }],
      { force: false },
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('mfe_admin/routes');
  });

  it('asks again after a failure, and Retry re-registers with force so the runtime fetches the entry anew', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(null, { status: 503 }))
      .mockImplementation(async () => Response.json(remotesJson));
    vi.stubGlobal('fetch', fetchMock);
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    const { loadAreaRoutes } = await import('../src/remotes');
    await expect(loadAreaRoutes('mfe_admin')).rejects.toThrow('remotes.json: HTTP 503');
    await loadAreaRoutes('mfe_admin', true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(expect.any(Array), { force: true });
  });

  it('takes the map the page came with, without asking for /remotes.json', async () => {
    const fetchMock = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    document.head.innerHTML = `<script id="btls-areas" type="application/json">${JSON.stringify(remotesJson)}</script>`;
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    const { areasOfThePage, loadAreaRoutes } = await import('../src/remotes');
    expect(await areasOfThePage()).toEqual(remotesJson);
    await loadAreaRoutes('mfe_admin');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('refuses a remote that exposes no routes component', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(remotesJson)),
    );
    runtime.loadRemote.mockResolvedValue({});
    const { loadAreaRoutes } = await import('../src/remotes');
    await expect(loadAreaRoutes('mfe_admin')).rejects.toThrow('mfe_admin exposes no routes component');
  });
});

describe("an area's reports", () => {
  const tickets = 'AAAAAAAAAAAA.BBBBBBBBBBBBBBBB.0.abc~admin.0.SSSSSSSSSSSSSSSS~public.0.TTTTTTTTTTTTTTTT';

  it("carry the map's load ticket of the area: a load once, the page's speed once when it is hidden", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(remotesJson, { headers: { 'Server-Timing': `btls-load;desc="${tickets}"` } })),
    );
    const beacon = vi.fn((_url: string, _body: Blob) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    const reports = await import('../src/area-reports');
    reports.watchAreas();
    const { loadAreaRoutes } = await import('../src/remotes');
    await loadAreaRoutes('mfe_admin');
    await loadAreaRoutes('mfe_admin');
    reports.recordSpeed('mfe_admin', 'inp', 640);
    reports.recordSpeed('mfe_admin', 'inp', 120);
    dispatchEvent(new Event('pagehide'));
    dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const sent = JSON.parse(await beacon.mock.calls[0]![1].text());
    const ticket = 'AAAAAAAAAAAA.BBBBBBBBBBBBBBBB.0.abc~admin.0.SSSSSSSSSSSSSSSS';
    expect(sent).toEqual({
      loads: [{ entry: '/remotes/admin/remoteEntry.js', ticket }],
      errors: [],
      speed: [{ entry: '/remotes/admin/remoteEntry.js', ticket, inp: 640 }],
    });
  });
});
