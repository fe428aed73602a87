/**
 * The releases' audit log, newest first, of one area or all (the choice is in the address). A small table: on a
 * wide screen its four columns, on a phone each entry a few short lines (when and where, what, who) instead of a
 * card per entry with a labelled line per column, so a phone's screen shows several entries at once.
 */
import { Fragment } from 'react';
import type { ReleaseAuditAction } from '@btls/shared-api/schemas';
import { useI18n } from '@btls/shared-auth';
import { SelectField } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import { Pager } from '@btls/shared-ui/paging';
import own from '../admin.module.css';
import { AREA_NAMES, WHEN } from './area-names';
import type { Naming, ReleasesPageState } from './use-releases-page';

const styles = withPanelPage(own);

const ACTIONS: Record<ReleaseAuditAction, { id: string; message: string }> = {
  upload: /*i18n*/ { id: 'admin.releases.action.upload', message: 'Uploaded' },
  activate: /*i18n*/ { id: 'admin.releases.action.activate', message: 'Released to everyone' },
  rollout: /*i18n*/ { id: 'admin.releases.action.rollout', message: 'Rolled out to a share' },
  promote: /*i18n*/ { id: 'admin.releases.action.promote', message: 'Promoted to everyone' },
  rollback: /*i18n*/ { id: 'admin.releases.action.rollback', message: 'Rolled back' },
  stop: /*i18n*/ { id: 'admin.releases.action.stop', message: 'Rollout stopped' },
  'automatic-rollback': /*i18n*/ { id: 'admin.releases.action.automatic', message: 'Stopped automatically' },
  stage: /*i18n*/ { id: 'admin.releases.action.stage', message: 'Grown to its next share' },
  'token-create': /*i18n*/ { id: 'admin.releases.action.tokenCreate', message: 'Token made' },
  'token-revoke': /*i18n*/ { id: 'admin.releases.action.tokenRevoke', message: 'Token revoked' },
  'trial-link': /*i18n*/ { id: 'admin.releases.action.trialLink', message: 'Trial link made' },
  'trial-open': /*i18n*/ { id: 'admin.releases.action.trialOpen', message: 'Trial link opened' },
};

export function AuditLog({ page, areaName, who }: Naming & { page: ReleasesPageState }) {
  const i18n = useI18n();
  const locale = useLocale();
  return (
    <section aria-labelledby="release-audit-title">
      <h2 id="release-audit-title">{i18n._({ id: 'admin.releases.audit', message: 'What happened' })}</h2>
      <div className={styles.filters}>
        <SelectField
          label={i18n._({ id: 'admin.releases.auditArea', message: 'Show the entries of' })}
          value={page.audit.filters.area}
          onChange={(event) => page.audit.setFilter('area', event.target.value)}
        >
          <option value="">{i18n._({ id: 'admin.releases.auditAllAreas', message: 'Every area' })}</option>
          {Object.keys(AREA_NAMES).map((area) => (
            <option key={area} value={area}>
              {areaName(area)}
            </option>
          ))}
        </SelectField>
      </div>
      <ListStates
        items={page.audit.items}
        error={page.audit.error}
        loading={i18n._({ id: 'admin.releases.loadingAudit', message: 'Loading the audit log...' })}
        empty={i18n._({ id: 'admin.releases.emptyAudit', message: 'Nothing has happened yet.' })}
      >
        {(entries) => (
          <table className={styles.auditLog}>
            <caption className="visually-hidden">
              {i18n._({ id: 'admin.releases.auditCaption', message: 'Release audit log, newest first' })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{i18n._({ id: 'admin.releases.when', message: 'When' })}</th>
                <th scope="col">{i18n._({ id: 'admin.releases.areaColumn', message: 'Area' })}</th>
                <th scope="col">{i18n._({ id: 'admin.releases.what', message: 'What' })}</th>
                <th scope="col">{i18n._({ id: 'admin.releases.who', message: 'Who' })}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <Fragment key={`${entry.at} ${entry.area} ${entry.action} ${entry.to ?? ''} ${entry.reason ?? ''}`}>
                  <tr className={entry.reason ? styles.auditGivesReason : undefined}>
                    <td className={styles.auditAside}>
                      <time dateTime={entry.at}>{formatDate(entry.at, WHEN, locale)}</time>
                    </td>
                    <td className={`${styles.auditAside} ${styles.auditArea}`}>{areaName(entry.area)}</td>
                    <td className={styles.auditWhat}>
                      <span>{i18n._(ACTIONS[entry.action])}</span>
                      {(entry.from || entry.to) && (
                        <>
                          {' '}
                          <code>{[entry.from, entry.to].filter(Boolean).join(' → ')}</code>
                        </>
                      )}
                    </td>
                    <td className={styles.auditAside}>{who(entry.actor)}</td>
                  </tr>
                  {entry.reason && (
                    <tr className={styles.auditReason}>
                      {/* The reason is the server's sentence with its figures, in English: the log keeps it as said. */}
                      <td colSpan={4}>
                        {i18n._({
                          id: 'admin.releases.because',
                          message: 'Why: {reason}',
                          values: { reason: entry.reason },
                        })}
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        )}
      </ListStates>
      <Pager list={page.audit} label={i18n._({ id: 'admin.releases.auditPages', message: 'Audit log' })} />
    </section>
  );
}
