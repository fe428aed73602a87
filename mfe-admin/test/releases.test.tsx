import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalogue, setLanguage } from '@btls/shared-api';
import { useLocation } from '@btls/shared-auth';
import type { AreaReleases, ReleaseAuditEntry, Rollout } from '@btls/shared-api/schemas';
import { answer, API, http, pagedAnswer, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { loadMessages } from '../src/expose';
import { ReleasesPage } from '../src/features/releases/releases-page';
import { user } from './fixtures';

mockApiForFile();
afterEach(() => setLanguage('en'));

const me = user({ id: 1, role: 'admin', firstName: 'Grace', lastName: 'Mukamana' });

const rollout = (fields: Partial<Rollout> = {}): Rollout => ({
  version: '1.3.0',
  percent: 25,
  startedAt: '2026-03-01T08:00:00.000Z',
  by: 'grace@example.rw',
  stages: [],
  everySeconds: null,
  stageBrowsers: null,
  stageStartedAt: '2026-03-01T08:00:00.000Z',
  browsers: 3,
  activeBrowsers: 12,
  judgement: 'collecting',
  neededBrowsers: 30,
  loads: 10,
  errors: 0,
  errorRate: 0,
  activeLoads: 40,
  activeErrors: 1,
  activeErrorRate: 0.025,
  ...fields,
});

const area = (fields: Partial<AreaReleases> = {}): AreaReleases => ({
  area: 'trainer',
  active: '1.2.0',
  activatedBy: 'grace@example.rw',
  activatedAt: '2026-02-20T08:00:00.000Z',
  rollout: null,
  speed: [{ version: '1.2.0', lcp: 1840, lcpBrowsers: 42, inp: 180, inpBrowsers: 40 }],
  stopped: null,
  versions: [],
  ...fields,
});

function showReleases(areas: AreaReleases[], audit: ReleaseAuditEntry[] = []) {
  signInAs(me);
  server.use(
    http.get(`${API}/releases`, answer(areas)),
    http.get(`${API}/releases/audit`, pagedAnswer(audit)),
    http.get(`${API}/release-tokens`, answer([])),
  );
  renderAt('/admin/releases', [{ path: '/admin/releases', element: <ReleasesPage /> }]);
}

describe("the admins' Releases page", () => {
  it('says what the rule is doing with a rollout still collecting, next to both error rates', async () => {
    showReleases([area({ rollout: rollout() })]);
    const trainer = await screen.findByRole('article', { name: 'Trainer area' });
    expect(
      within(trainer).getByText(
        'Collecting: 3 of 30 browsers on the new version and 12 of 30 on the active one before the rule can judge.',
      ),
    ).toBeTruthy();
    expect(within(trainer).getByText('Error rate of the rollout')).toBeTruthy();
    expect(within(trainer).queryByText(/^Next:/)).toBeNull();
  });

  it("shows a staged rollout's next shares and when its stage began, and a clear judgement", async () => {
    const staged = rollout({
      judgement: 'clear',
      browsers: 1234,
      activeBrowsers: 1,
      stages: [50, 100],
      everySeconds: 900,
      stageBrowsers: 200,
      stageStartedAt: '2026-03-01T09:30:00.000Z',
    });
    showReleases([area({ rollout: staged })]);
    const trainer = await screen.findByRole('article', { name: 'Trainer area' });
    expect(
      within(trainer).getByText('No regression so far: 1,234 browsers on the new version, 1 on the active one.'),
    ).toBeTruthy();
    expect(
      within(trainer).getByText(
        /^Next: 50%, 100%, each after 15 min and 200 browsers on the new version with no regression found; this stage began Mar 1, 2026 \d\d:30\.$/,
      ),
    ).toBeTruthy();
  });

  it('says so when the rule found a regression', async () => {
    showReleases([area({ rollout: rollout({ judgement: 'regression', stages: [100], everySeconds: 7200 }) })]);
    const trainer = await screen.findByRole('article', { name: 'Trainer area' });
    expect(within(trainer).getByText('Regression found: the rollout is being stopped.')).toBeTruthy();
    expect(within(trainer).getByText(/^Next: 100%, after 2 hr and 0 browsers/)).toBeTruthy();
  });

  it("shows each version's speed on phones, the active one's and the rollout's, and none yet", async () => {
    showReleases([
      area({
        rollout: rollout(),
        speed: [
          { version: '1.2.0', lcp: 1840, lcpBrowsers: 42, inp: 180, inpBrowsers: 40 },
          { version: '1.3.0', lcp: null, lcpBrowsers: 0, inp: 95, inpBrowsers: 1 },
        ],
      }),
      area({ area: 'employer', active: null, speed: [] }),
    ]);
    const trainer = await screen.findByRole('article', { name: 'Trainer area' });
    expect(within(trainer).getByRole('heading', { level: 3, name: "Speed on visitors' phones" })).toBeTruthy();
    const active = within(trainer).getByText('Active version (1.2.0)').closest('div')!;
    expect(within(active).getByText('LCP (75th percentile): 1.8 sec, from 42 browsers')).toBeTruthy();
    expect(within(active).getByText('INP (75th percentile): 180 ms, from 40 browsers')).toBeTruthy();
    const rolledOut = within(trainer).getByText('Version being rolled out (1.3.0)').closest('div')!;
    expect(within(rolledOut).getByText('LCP (75th percentile): No figures yet')).toBeTruthy();
    expect(within(rolledOut).getByText('INP (75th percentile): 95 ms, from 1 browser')).toBeTruthy();
    // An area with no active version has no speed to show.
    const employer = screen.getByRole('article', { name: 'Employer area' });
    expect(within(employer).queryByRole('heading', { name: "Speed on visitors' phones" })).toBeNull();
  });

  it("shows the pages each area's active version serves, and a rollout's when they differ, many behind their count", async () => {
    const publicPages = ['/', '/courses', '/courses/:id', '/jobs', '/jobs/:jobId', '/about'];
    showReleases([
      area({ pages: ['/trainer/*'], rollout: rollout({ pages: ['/trainer/*', '/trainer-help'] }) }),
      area({ area: 'public', pages: publicPages, rollout: rollout({ pages: publicPages }) }),
      area({ area: 'employer', active: null, speed: [] }),
    ]);
    const trainer = await screen.findByRole('article', { name: 'Trainer area' });
    const served = within(trainer).getByText('Pages it serves').closest('div')!;
    expect(
      within(served)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/trainer/*']);
    const rolledOut = within(trainer).getByText('Pages 1.3.0 serves (rolling out)').closest('div')!;
    expect(
      within(rolledOut)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/trainer/*', '/trainer-help']);
    // Six patterns: behind their count, every one of them there when opened; the rollout's the same, not repeated.
    const site = screen.getByRole('article', { name: 'Public site' });
    const count = within(site).getByText('6 pages');
    expect(count.tagName).toBe('SUMMARY');
    fireEvent.click(count);
    expect(
      within(site)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(publicPages);
    expect(within(site).queryByText(/rolling out/)).toBeNull();
    // An area with no active version claims no page.
    const employer = screen.getByRole('article', { name: 'Employer area' });
    expect(within(employer).queryByText('Pages it serves')).toBeNull();
  });

  it('says why the rule stopped the last rollout, and names a stage in the audit log', async () => {
    const reason =
      'browsers with an error: 5 of 5 on the new version (100.0%) against 0 of 6 on the active version (0.0%)';
    showReleases(
      [area({ stopped: { at: '2026-03-02T10:00:00.000Z', version: '1.3.0', reason } })],
      [
        {
          at: '2026-03-02T09:00:00.000Z',
          actor: 'automatic',
          area: 'trainer',
          action: 'stage',
          from: '1.2.0',
          to: '1.3.0',
          reason: null,
        },
      ],
    );
    const trainer = await screen.findByRole('article', { name: 'Trainer area' });
    expect(
      within(trainer).getByText(
        new RegExp(
          `^The rule stopped the rollout of 1\\.3\\.0 on Mar 2, 2026 \\d\\d:00: ${reason.replace(/[.()]/g, '\\$&')}$`,
        ),
      ),
    ).toBeTruthy();
    const log = await screen.findByRole('table', { name: 'Release audit log, newest first' });
    expect(within(log).getByText('Grown to its next share')).toBeTruthy();
    expect(within(log).getByText('The automatic rule')).toBeTruthy();
  });

  it('says "No rollout in progress" in each area that has none, and not in one that has', async () => {
    showReleases([area({ area: 'public' }), area({ rollout: rollout() }), area({ area: 'employer', active: null })]);
    const trainer = await screen.findByRole('article', { name: 'Trainer area' });
    expect(within(trainer).queryByText('No rollout in progress')).toBeNull();
    for (const name of ['Public site', 'Employer area'])
      expect(within(screen.getByRole('article', { name })).getByText('No rollout in progress')).toBeTruthy();
  });

  it("filters the audit log by area, ignores an area the address names that the page does not offer, and says each entry's why", async () => {
    signInAs(me);
    const entry = (area: string, action: ReleaseAuditEntry['action'], reason: string | null = null) => ({
      at: '2026-03-02T09:00:00.000Z',
      actor: 'grace@example.rw',
      area,
      action,
      from: '1.2.0',
      to: '1.3.0',
      reason,
    });
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/releases`, answer([area()])),
      http.get(
        `${API}/releases/audit`,
        pagedAnswer(
          [entry('trainer', 'stop', 'Stopped from the page.'), entry('public', 'upload')],
          (row, query) => !query.get('area') || row.area === query.get('area'),
          asked,
        ),
      ),
      http.get(`${API}/release-tokens`, answer([])),
    );
    const Where = () => <span data-testid="where">{useLocation().search}</span>;
    renderAt('/admin/releases?area=nowhere', [
      {
        path: '/admin/releases',
        element: (
          <>
            <ReleasesPage />
            <Where />
          </>
        ),
      },
    ]);
    const log = await screen.findByRole('table', { name: 'Release audit log, newest first' });
    expect(within(log).getByText('Uploaded')).toBeTruthy();
    expect(within(log).getByText('Why: Stopped from the page.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
    expect(asked.every((query) => query.get('area') === null)).toBe(true);
    fireEvent.change(screen.getByLabelText('Show the entries of'), { target: { value: 'trainer' } });
    await waitFor(() => expect(within(log).queryByText('Uploaded')).toBeNull());
    expect(within(log).getByText('Rollout stopped')).toBeTruthy();
    expect(asked.at(-1)?.get('area')).toBe('trainer');
    expect(screen.getByTestId('where').textContent).toBe('?area=trainer');
  });

  // Testing Library reads the non-breaking spaces (before a French colon, in '25 %') as spaces.
  it('says it in French', async () => {
    await addCatalogue('admin', loadMessages);
    await setLanguage('fr');
    showReleases([
      area({
        rollout: rollout({ stages: [50, 100], everySeconds: 900, stageBrowsers: 200 }),
        speed: [{ version: '1.2.0', lcp: 1840, lcpBrowsers: 42, inp: null, inpBrowsers: 0 }],
      }),
    ]);
    expect(
      await screen.findByText(
        'Collecte en cours : 3 sur 30 navigateurs avec la nouvelle version et 12 sur 30 avec la version active, avant que la règle puisse juger.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^Ensuite : 50\s%, 100\s%, chacune après 15\smin et 200 navigateurs/)).toBeTruthy();
    expect(screen.getByText(/^LCP \(75e centile\) : 1,8\ss, d'après 42 navigateurs$/)).toBeTruthy();
    expect(screen.getByText('INP (75e centile) : Pas encore de données')).toBeTruthy();
  });

  it('says it in Kinyarwanda, its units the SI symbols', async () => {
    await addCatalogue('admin', loadMessages);
    await setLanguage('rw');
    showReleases([
      area({
        rollout: rollout({ judgement: 'clear', stages: [100], everySeconds: 1800, stageBrowsers: 50 }),
        speed: [{ version: '1.2.0', lcp: 2460, lcpBrowsers: 1500, inp: 180, inpBrowsers: 40 }],
      }),
    ]);
    expect(await screen.findByText(/^Ibikurikira: 100\s?%, nyuma ya 30 min na mushakisha 50 /)).toBeTruthy();
    expect(screen.getByText('LCP (persantile ya 75): 2,5 s, bivuye kuri mushakisha 1.500')).toBeTruthy();
    expect(screen.getByText('INP (persantile ya 75): 180 ms, bivuye kuri mushakisha 40')).toBeTruthy();
  });
});
