import { useState, type FormEvent } from 'react';
import type { Language } from '@btls/shared-api';
import type { AreaReleases, ReleaseToken, Rollout, VersionSpeed } from '@btls/shared-api/schemas';
import { useI18n } from '@btls/shared-auth';
import { Button, ErrorBanner, SelectField, SuccessBanner, Table, TextField } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { FormProblem, useFormProblem } from '@btls/shared-ui/form-problem';
import { formatNumber } from '@btls/shared-ui/format';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';
import { AREA_NAMES, WHEN } from './area-names';
import { AuditLog } from './audit-log';
import { ClaimedPages } from './claimed-pages';
import { useReleasesPage, type AreaAction, type Naming, type ReleasesPageState } from './use-releases-page';

const styles = withPanelPage(own);

/** The actors the log names without a person: this server's own build, the rule that stops a rollout. */
const ACTORS: Record<string, { id: string; message: string }> = {
  local: /*i18n*/ { id: 'admin.releases.actor.local', message: "This server's own build" },
  automatic: /*i18n*/ { id: 'admin.releases.actor.automatic', message: 'The automatic rule' },
};

/** A rate (0–1) as a percent: "12.5%". */
const percentText = (rate: number, locale: Language) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);

/** Kinyarwanda's units: the SI symbols, as CLDR's rw has them (Chromium has no rw data: Intl would write 'hr', 'sec'). */
const SI_SYMBOLS = { hour: 'h', minute: 'min', second: 's', millisecond: 'ms' } as const;

/** A figure with its unit, short: "15 min", "2 hr", "1.8 sec" in English, "1,8 s" in French and Kinyarwanda. */
function measure(value: number, unit: keyof typeof SI_SYMBOLS, locale: Language) {
  if (locale === 'rw') {
    // To a tenth, with rw's decimal comma (formatNumber would keep two decimals: "2,50").
    const tenths = Math.round(value * 10);
    return `${formatNumber(Math.trunc(tenths / 10), locale)}${tenths % 10 ? `,${tenths % 10}` : ''}\u00a0${SI_SYMBOLS[unit]}`;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
    value,
  );
}

/** A wait in its largest whole unit: 900 s is "15 min", 7200 s "2 hr", 90 s "90 sec". */
function duration(seconds: number, locale: Language) {
  if (seconds >= 3600 && seconds % 3600 === 0) return measure(seconds / 3600, 'hour', locale);
  if (seconds >= 60 && seconds % 60 === 0) return measure(seconds / 60, 'minute', locale);
  return measure(seconds, 'second', locale);
}

/** A time the page took (LCP, INP): ms below a second, else seconds to a tenth ("180 ms", "1.8 sec"). */
const milliseconds = (ms: number, locale: Language) =>
  ms < 1000 ? measure(ms, 'millisecond', locale) : measure(ms / 1000, 'second', locale);

const areaHeading = (area: string) => `release-area-${area}`;
const NEW_TOKEN = 'new-release-token';

/** Each area's release, its rollout and what can be done about it, the release tokens and the audit log. */
export function ReleasesPage() {
  const i18n = useI18n();
  const { confirm, dialog } = useDialog();
  const page = useReleasesPage(confirm);
  const areaName = (area: string) => (AREA_NAMES[area] ? i18n._(AREA_NAMES[area]) : area);
  const who = (actor: string | null) => (actor === null ? '—' : ACTORS[actor] ? i18n._(ACTORS[actor]) : actor);

  async function act(area: AreaReleases, action: AreaAction) {
    const name = areaName(area.area);
    const questions: Record<AreaAction, string> = {
      promote: i18n._({
        id: 'admin.releases.confirmPromote',
        message: 'Give {version} to every browser of the {area}?',
        values: { version: area.rollout?.version ?? '', area: name },
      }),
      stop: i18n._({
        id: 'admin.releases.confirmStop',
        message: 'Stop the rollout of {version}? Every browser of the {area} gets {active} again.',
        values: { version: area.rollout?.version ?? '', area: name, active: area.active ?? '' },
      }),
      rollback: i18n._({
        id: 'admin.releases.confirmRollback',
        message: 'Roll the {area} back to the version active before {version}?',
        values: { area: name, version: area.active ?? '' },
      }),
    };
    if (await page.act(area, action, questions[action]))
      // The buttons of a finished rollout are gone: the area's heading keeps the keyboard's place.
      document.getElementById(areaHeading(area.area))?.focus();
  }

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.nav.releases', message: 'Releases' })}</h1>
      <p>
        {i18n._({
          id: 'admin.releases.introJudged',
          message:
            "Each area's version and who released it. A rollout gives a new version to a share of browsers first, and stops on its own when visitors' real page loads show it worse than the active version: more browsers with an error, slow taps or a slow first view.",
        })}
      </p>
      <SuccessBanner>{page.notice}</SuccessBanner>
      <ErrorBanner>{page.error || page.loadError}</ErrorBanner>

      <ListStates
        items={page.areas.data}
        error={page.areas.error}
        loading={i18n._({ id: 'admin.releases.loading', message: 'Loading releases...' })}
        empty={i18n._({ id: 'admin.releases.empty', message: 'No area has been released yet.' })}
      >
        {(areas) => (
          <div className={styles.releaseAreas}>
            {areas.map((area) => (
              <AreaCard key={area.area} area={area} page={page} areaName={areaName} who={who} act={act} />
            ))}
          </div>
        )}
      </ListStates>

      <Tokens page={page} areaName={areaName} />

      <AuditLog page={page} areaName={areaName} who={who} />
      {dialog}
    </section>
  );
}

/** One area: its active version and who released it, its speed, its rollout and what can be done about it. */
function AreaCard({
  area,
  page,
  areaName,
  who,
  act,
}: Naming & {
  area: AreaReleases;
  page: ReleasesPageState;
  act: (area: AreaReleases, action: AreaAction) => Promise<void>;
}) {
  const i18n = useI18n();
  const locale = useLocale();
  const percent = (rate: number) => percentText(rate, locale);
  return (
    <article className={styles.card} aria-labelledby={areaHeading(area.area)}>
      <h2 id={areaHeading(area.area)} tabIndex={-1}>
        {areaName(area.area)}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{i18n._({ id: 'admin.releases.active', message: 'Active version' })}</dt>
          <dd>
            <code>{area.active ?? '—'}</code>
          </dd>
        </div>
        {area.activatedAt && (
          <div>
            <dt>{i18n._({ id: 'admin.releases.releasedBy', message: 'Released by' })}</dt>
            <dd>
              {i18n._({
                id: 'admin.releases.byOn',
                message: '{who}, {when}',
                values: { who: who(area.activatedBy), when: formatDate(area.activatedAt, WHEN, locale) },
              })}
            </dd>
          </div>
        )}
        <ClaimedPages area={area} />
      </dl>
      {area.active && area.speed.length > 0 && <Speed area={area} />}
      {!area.rollout && area.stopped && (
        <p className={styles.stopped}>
          {/* The reason is the server's sentence with its figures, in English: the log keeps it as said. */}
          {i18n._({
            id: 'admin.releases.stoppedByRule',
            message: 'The rule stopped the rollout of {version} on {when}: {reason}',
            values: {
              version: area.stopped.version,
              when: formatDate(area.stopped.at, WHEN, locale),
              reason: area.stopped.reason,
            },
          })}
        </p>
      )}
      {area.rollout ? (
        <div className={styles.rollout}>
          <h3>
            {i18n._({
              id: 'admin.releases.rolloutTitle',
              message: 'Rollout of {version} to {share} of browsers',
              values: { version: area.rollout.version, share: percent(area.rollout.percent / 100) },
            })}
          </h3>
          <p className={styles.hint}>
            {i18n._({
              id: 'admin.releases.rolloutSince',
              message: 'Started by {who}, {when}',
              values: { who: who(area.rollout.by), when: formatDate(area.rollout.startedAt, WHEN, locale) },
            })}
          </p>
          <RuleAtWork rollout={area.rollout} />
          <dl className={styles.facts}>
            <div>
              <dt>{i18n._({ id: 'admin.releases.rolloutRate', message: 'Error rate of the rollout' })}</dt>
              <dd>
                {i18n._({
                  id: 'admin.releases.rate',
                  message:
                    '{rate} ({errors, plural, one {# error} other {# errors}} in {loads, plural, one {# page load} other {# page loads}})',
                  values: {
                    rate: percent(area.rollout.errorRate),
                    errors: area.rollout.errors,
                    loads: area.rollout.loads,
                  },
                })}
              </dd>
            </div>
            <div>
              <dt>{i18n._({ id: 'admin.releases.activeRate', message: 'Error rate of the active version' })}</dt>
              <dd>
                {i18n._({
                  id: 'admin.releases.rate',
                  message:
                    '{rate} ({errors, plural, one {# error} other {# errors}} in {loads, plural, one {# page load} other {# page loads}})',
                  values: {
                    rate: percent(area.rollout.activeErrorRate),
                    errors: area.rollout.activeErrors,
                    loads: area.rollout.activeLoads,
                  },
                })}
              </dd>
            </div>
          </dl>
          <div className={styles.actions}>
            <Button disabled={page.busy} onClick={() => void act(area, 'promote')}>
              {i18n._({ id: 'admin.releases.promote', message: 'Promote to everyone' })}
            </Button>
            <Button variant="secondary" disabled={page.busy} onClick={() => void act(area, 'stop')}>
              {i18n._({ id: 'admin.releases.stop', message: 'Stop the rollout' })}
            </Button>
          </div>
        </div>
      ) : (
        <>
          {/* Said, not left out: an admin checking on a rollout reads that there is none, in every area. */}
          <p className={styles.rollout}>
            {i18n._({ id: 'admin.releases.noRollout', message: 'No rollout in progress' })}
          </p>
          {area.versions.length > 1 && area.active && (
            <div className={styles.actions}>
              <Button variant="secondary" disabled={page.busy} onClick={() => void act(area, 'rollback')}>
                {i18n._({ id: 'admin.releases.rollback', message: 'Roll back' })}
              </Button>
            </div>
          )}
        </>
      )}
    </article>
  );
}

/** What the rollout rule is doing with a rollout, and for a staged one the shares still to come. */
function RuleAtWork({ rollout }: { rollout: Rollout }) {
  const i18n = useI18n();
  const locale = useLocale();
  const count = (n: number) => formatNumber(n, locale);
  const judgement = {
    collecting: () =>
      i18n._({
        id: 'admin.releases.judgement.collecting',
        message:
          'Collecting: {browsers} of {neededCount, plural, one {{needed} browser} other {{needed} browsers}} on the new version and {activeBrowsers} of {needed} on the active one before the rule can judge.',
        values: {
          browsers: count(rollout.browsers),
          activeBrowsers: count(rollout.activeBrowsers),
          neededCount: rollout.neededBrowsers,
          needed: count(rollout.neededBrowsers),
        },
      }),
    clear: () =>
      i18n._({
        id: 'admin.releases.judgement.clear',
        message:
          'No regression so far: {browserCount, plural, one {{browsers} browser} other {{browsers} browsers}} on the new version, {activeBrowsers} on the active one.',
        values: {
          browserCount: rollout.browsers,
          browsers: count(rollout.browsers),
          activeBrowsers: count(rollout.activeBrowsers),
        },
      }),
    regression: () =>
      i18n._({ id: 'admin.releases.judgement.regression', message: 'Regression found: the rollout is being stopped.' }),
  }[rollout.judgement]();
  return (
    <>
      <p>{judgement}</p>
      {rollout.stages.length > 0 && (
        <p>
          {i18n._({
            id: 'admin.releases.nextStages',
            message:
              'Next: {shares}, {stageCount, plural, one {after} other {each after}} {wait} and {browserCount, plural, one {{browsers} browser} other {{browsers} browsers}} on the new version with no regression found; this stage began {when}.',
            values: {
              shares: rollout.stages.map((share) => percentText(share / 100, locale)).join(', '),
              stageCount: rollout.stages.length,
              wait: duration(rollout.everySeconds ?? 0, locale),
              browserCount: rollout.stageBrowsers ?? 0,
              browsers: count(rollout.stageBrowsers ?? 0),
              when: formatDate(rollout.stageStartedAt, WHEN, locale),
            },
          })}
        </p>
      )}
    </>
  );
}

/** Each version's speed on visitors' phones (the active one's, and the rollout's): LCP and INP, 75th percentile. */
function Speed({ area }: { area: AreaReleases }) {
  const i18n = useI18n();
  const locale = useLocale();
  const label = (speed: VersionSpeed) =>
    speed.version === area.rollout?.version
      ? i18n._({
          id: 'admin.releases.speedRollout',
          message: 'Version being rolled out ({version})',
          values: { version: speed.version },
        })
      : speed.version === area.active
        ? i18n._({
            id: 'admin.releases.speedActive',
            message: 'Active version ({version})',
            values: { version: speed.version },
          })
        : speed.version;
  const figure = (ms: number | null, browsers: number) =>
    ms === null
      ? i18n._({ id: 'admin.releases.noFigures', message: 'No figures yet' })
      : i18n._({
          id: 'admin.releases.speedFigure',
          message: '{time}, from {browserCount, plural, one {{browsers} browser} other {{browsers} browsers}}',
          values: { time: milliseconds(ms, locale), browserCount: browsers, browsers: formatNumber(browsers, locale) },
        });
  return (
    <div className={styles.speed}>
      <h3>{i18n._({ id: 'admin.releases.speed', message: "Speed on visitors' phones" })}</h3>
      <dl className={styles.facts}>
        {area.speed.map((speed) => (
          <div key={speed.version}>
            <dt>{label(speed)}</dt>
            <dd>
              {i18n._({
                id: 'admin.releases.lcp',
                message: 'LCP (75th percentile): {figure}',
                values: { figure: figure(speed.lcp, speed.lcpBrowsers) },
              })}
            </dd>
            <dd>
              {i18n._({
                id: 'admin.releases.inp',
                message: 'INP (75th percentile): {figure}',
                values: { figure: figure(speed.inp, speed.inpBrowsers) },
              })}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The release tokens: make one for an area (shown once), see when each was used, revoke. */
function Tokens({ page, areaName }: { page: ReturnType<typeof useReleasesPage>; areaName: (area: string) => string }) {
  const i18n = useI18n();
  const locale = useLocale();
  const [area, setArea] = useState('trainer');
  const [label, setLabel] = useState('');
  const form = useFormProblem();

  async function make(event: FormEvent) {
    event.preventDefault();
    form.clear();
    if (!(await page.makeToken(area, label, form.fail))) return;
    setLabel('');
  }

  async function revoke(token: ReleaseToken) {
    const done = await page.revoke(
      token,
      i18n._({
        id: 'admin.releases.confirmRevoke',
        message: 'Revoke the token {name}? Its team can no longer release with it.',
        values: { name: token.label ?? `#${token.id}` },
      }),
    );
    // Its button is gone: the list's heading keeps the keyboard's place.
    if (done) document.getElementById('release-tokens-title')?.focus();
  }

  return (
    <section aria-labelledby="release-tokens-title">
      <h2 id="release-tokens-title" tabIndex={-1}>
        {i18n._({ id: 'admin.releases.tokens', message: 'Release tokens' })}
      </h2>
      <form ref={form.formRef} className={styles.card} onSubmit={(event) => void make(event)} noValidate>
        <FormProblem problem={form.problem} />
        <div className={styles.filters}>
          <SelectField
            label={i18n._({ id: 'admin.releases.tokenArea', message: 'Area it releases' })}
            name="area"
            value={area}
            error={form.errorFor('area')}
            onChange={(event) => setArea(event.target.value)}
          >
            {Object.keys(AREA_NAMES).map((value) => (
              <option key={value} value={value}>
                {areaName(value)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={i18n._({ id: 'admin.releases.tokenLabel', message: 'Label (who uses it)' })}
            name="label"
            value={label}
            maxLength={100}
            error={form.errorFor('label')}
            onChange={(event) => setLabel(event.target.value)}
          />
          <Button type="submit" disabled={page.busy}>
            {i18n._({ id: 'admin.releases.makeToken', message: 'Make a token' })}
          </Button>
        </div>
      </form>
      {page.madeToken && (
        <div className={styles.card}>
          <TextField
            label={i18n._({
              id: 'admin.releases.newToken',
              message: 'The new token of the {area}: copy it now, it is not shown again',
              values: { area: areaName(page.madeToken.area) },
            })}
            id={NEW_TOKEN}
            // The token is shown once: the keyboard (and a screen reader) lands on it as it appears, selected to
            // copy; each new token is a new field, so it is focused too.
            key={page.madeToken.token}
            autoFocus
            value={page.madeToken.token}
            readOnly
            onFocus={(event) => event.target.select()}
          />
        </div>
      )}
      <ListStates
        items={page.tokens.data}
        error={page.tokens.error}
        loading={i18n._({ id: 'admin.releases.loadingTokens', message: 'Loading tokens...' })}
        empty={i18n._({ id: 'admin.releases.noTokens', message: 'No release tokens yet.' })}
      >
        {(tokens) => (
          <Table
            caption={i18n._({ id: 'admin.releases.tokens', message: 'Release tokens' })}
            rows={tokens}
            rowKey={(token) => token.id}
            columns={[
              {
                header: i18n._({ id: 'admin.releases.tokenLabelColumn', message: 'Token' }),
                cell: (token) => token.label ?? `#${token.id}`,
              },
              { header: i18n._({ id: 'admin.releases.areaColumn', message: 'Area' }), cell: (t) => areaName(t.area) },
              {
                header: i18n._({ id: 'admin.releases.lastUsed', message: 'Last used' }),
                cell: (token) =>
                  token.lastUsedAt
                    ? formatDate(token.lastUsedAt, WHEN, locale)
                    : i18n._({ id: 'admin.releases.never', message: 'Never' }),
              },
              {
                header: i18n._({ id: 'admin.releases.tokenStatus', message: 'Status' }),
                cell: (token) =>
                  token.revokedAt ? (
                    i18n._({
                      id: 'admin.releases.revokedOn',
                      message: 'Revoked {when}',
                      values: { when: formatDate(token.revokedAt, WHEN, locale) },
                    })
                  ) : (
                    <button
                      type="button"
                      className={`${styles.linkButton} ${styles.danger}`}
                      disabled={page.busy}
                      onClick={() => void revoke(token)}
                    >
                      {i18n._({
                        id: 'admin.releases.revoke',
                        message: 'Revoke {name}',
                        values: { name: token.label ?? `#${token.id}` },
                      })}
                    </button>
                  ),
              },
            ]}
          />
        )}
      </ListStates>
    </section>
  );
}
