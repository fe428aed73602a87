/** Loading an area from the page's map of areas, else /remotes.json: registered once; Retry really asks again. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ registerRemotes: vi.fn(), loadRemote: vi.fn() }));
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
