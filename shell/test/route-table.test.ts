/** The shell's one map of paths to areas: which remote serves a path, in which layout. */
import { describe, expect, it } from 'vitest';
import { REMOTE_AREAS, remoteName } from '@btls/build-config/remotes';
import { areaFor, ROUTE_TABLE } from '../src/route-table';

describe('the route table', () => {
  it.each([
    ['/', 'mfe_public', 'public'],
    ['/courses/12', 'mfe_public', 'public'],
    ['/jobs/4', 'mfe_public', 'public'],
    ['/employer/register', 'mfe_public', 'public'],
    ['/verify/BTLS-ABCD', 'mfe_public', 'public'],
    ['/reset-password/abc', 'mfe_public', 'public'],
    ['/jobs/4/apply', 'mfe_trainee', 'public'],
    ['/dashboard', 'mfe_trainee', 'public'],
    ['/certificate/BTLS-ABCD', 'mfe_trainee', 'public'],
    ['/admin/users/new', 'mfe_admin', 'panel'],
    ['/trainer/student-progress/3', 'mfe_trainer', 'panel'],
    ['/employer/my-jobs', 'mfe_employer', 'panel'],
  ])('sends %s to %s in the %s layout', (path, remote, layout) => {
    expect(areaFor(path)).toMatchObject({ remote, layout });
  });

  it('knows no other path (the not-found page)', () => {
    for (const path of ['/nope', '/courses/1/extra', '/adminx', '/verify']) expect(areaFor(path), path).toBeUndefined();
  });

  it('renders only the public area on the server', () => {
    expect(ROUTE_TABLE.filter((area) => area.serverRendered).map((area) => area.remote)).toEqual(['mfe_public']);
  });

  it('names every remote of the manifest, and only those', () => {
    expect(ROUTE_TABLE.map((area) => area.remote).sort()).toEqual(REMOTE_AREAS.map(remoteName).sort());
  });
});
