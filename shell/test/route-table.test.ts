/** Which area serves a path, from the map of areas the areas' own pages make (as their releases record them). */
import { describe, expect, it } from 'vitest';
import { REMOTE_AREAS, remoteName, type AreaPages, type RemotesJson } from '@btls/build-config/remotes';
import { PAGES as admin } from '../../mfe-admin/src/pages';
import { PAGES as employer } from '../../mfe-employer/src/pages';
import { PAGES as publicPages } from '../../mfe-public/src/pages';
import { PAGES as trainee } from '../../mfe-trainee/src/pages';
import { PAGES as trainer } from '../../mfe-trainer/src/pages';
import { areaFor } from '../src/route-table';

const pages: Record<string, AreaPages> = { public: publicPages, trainee, admin, trainer, employer };
const areas: RemotesJson = Object.fromEntries(
  REMOTE_AREAS.map((area) => [
    remoteName(area),
    { entry: `/remotes/${area}/1/remoteEntry.js`, serverRendered: area === 'public', ...pages[area]! },
  ]),
);

describe('the map of areas', () => {
  it.each([
    ['/', 'mfe_public', 'public'],
    ['/courses/12', 'mfe_public', 'public'],
    ['/jobs/4', 'mfe_public', 'public'],
    ['/employer/register', 'mfe_public', 'public'],
    ['/verify/BTLS-ABCD', 'mfe_public', 'public'],
    ['/reset-password', 'mfe_public', 'public'],
    ['/jobs/4/apply', 'mfe_trainee', 'public'],
    ['/dashboard', 'mfe_trainee', 'public'],
    ['/certificate/BTLS-ABCD', 'mfe_trainee', 'public'],
    ['/admin/users/new', 'mfe_admin', 'panel'],
    ['/trainer/student-progress/3', 'mfe_trainer', 'panel'],
    ['/employer/my-jobs', 'mfe_employer', 'panel'],
  ])('sends %s to %s in the %s layout', (path, remote, layout) => {
    expect(areaFor(areas, path)).toMatchObject({ remote, layout });
  });

  it('knows no other path (the not-found page)', () => {
    for (const path of ['/nope', '/courses/1/extra', '/adminx', '/verify/a/b'])
      expect(areaFor(areas, path), path).toBeUndefined();
  });

  it('routes a page an area adds to its release, and forgets an area the map does not name', () => {
    const withNews: RemotesJson = {
      ...areas,
      mfe_public: { ...areas.mfe_public!, patterns: [...areas.mfe_public!.patterns, '/news'] },
    };
    expect(areaFor(areas, '/news')).toBeUndefined();
    expect(areaFor(withNews, '/news')).toMatchObject({ remote: 'mfe_public', serverRendered: true });
    const { mfe_trainer: _gone, ...withoutTrainer } = areas;
    expect(areaFor(withoutTrainer, '/trainer/dashboard')).toBeUndefined();
  });
});
