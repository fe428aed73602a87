/**
 * The one list of remotes: every other place that names them derives from it — the shell's
 * `remotes.json` (written by its build), the API's static folders and server-render sources, each remote's
 * federation name and standalone dev port, the route table's types. Adding a remote starts here.
 */
export const REMOTES = [
  { area: 'public', devPort: 5174 },
  { area: 'trainee', devPort: 5175 },
  { area: 'admin', devPort: 5176 },
  { area: 'trainer', devPort: 5177 },
  { area: 'employer', devPort: 5178 },
] as const;

export type RemoteArea = (typeof REMOTES)[number]['area'];
/** The federation name: `mfe_admin`. */
export type RemoteName = `mfe_${RemoteArea}`;

export const REMOTE_AREAS: readonly RemoteArea[] = REMOTES.map((remote) => remote.area);

export const remoteName = (area: RemoteArea): RemoteName => `mfe_${area}`;
/** The remote's folder in this repository: `mfe-admin`. */
export const remoteFolder = (area: RemoteArea) => `mfe-${area}`;
/** Where one server serves a remote's built files: `/remotes/admin/`. */
export const remoteMount = (area: RemoteArea) => `/remotes/${area}/`;

/** The `remotes.json` of a single-server deploy (federation name → entry URL), as the shell's build writes it. */
export const defaultRemotesJson = (): Record<RemoteName, string> =>
  Object.fromEntries(REMOTE_AREAS.map((area) => [remoteName(area), `${remoteMount(area)}remoteEntry.js`])) as Record<
    RemoteName,
    string
  >;

/** The standalone dev server's port of a remote. */
export const devPortOf = (area: RemoteArea): number => REMOTES.find((remote) => remote.area === area)!.devPort;
