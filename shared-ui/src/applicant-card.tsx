/**
 * One job applicant as the job's employer and admins read them: contact, cover note, CV, the
 * certificates (each linked to its public verification page) and the status history. Presentational: the
 * area that shows it brings the actions (the employer's moves; nothing for admins).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { errorMessage, JOB_APPLICATION_STATUSES, valueText, type JobApplicationStatus } from '@btls/shared-api';
import { ApplicationStatusBadge, Button, ErrorBanner, SelectField } from './components';
import { bringToView } from './focus-row';
import { formatDate } from './format-date';
import { useLocale } from './i18n';
import styles from './applicant-card.module.css';
import { paths, useI18n } from '@btls/shared-auth';

export interface ApplicantView {
  id: number;
  status: string;
  appliedAt: string;
  trainee: { firstName: string; lastName: string; email: string };
  phone: string | null;
  coverNote: string | null;
  hasCv: boolean;
  certificates: { code: string; courseTitle: string; issuedAt: string }[];
  history: { from: string | null; to: string; note: string | null; at: string; byName: string }[];
}

const applicantHeadingId = (id: number) => `applicant-${id}`;

/**
 * Brings the keyboard back to the applicant a change made through a dialog was about (a move to another status):
 * the dialog gives the focus back to the button that opened it, which the change then takes away (it offers the
 * next moves instead), so the focus would fall to the page's body. `focusOn(id)` once the change shows: the
 * applicant's heading is focused and brought into view; `missing` when the applicant is no longer listed (a filter
 * by status), for the page to focus what happened instead.
 */
export function useApplicantFocus() {
  const [target, setTarget] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (target === null) return;
    const heading = document.getElementById(applicantHeadingId(target));
    if (heading) bringToView(heading);
    setMissing(!heading);
    setTarget(null);
  }, [target]);
  const focusOn = useCallback((id: number) => {
    setMissing(false);
    setTarget(id);
  }, []);
  return { focusOn, missing };
}

export function ApplicantCard({
  applicant: a,
  onDownloadCv,
  select,
  actions,
  notice,
}: {
  applicant: ApplicantView;
  onDownloadCv: () => void;
  /** A checkbox choosing this applicant for a change of several at once. */
  select?: ReactNode;
  actions?: ReactNode;
  /** What was just done to this applicant, under their name: where the keyboard and the eye come back to. */
  notice?: ReactNode;
}) {
  const i18n = useI18n();
  const locale = useLocale();
  const status = (s: string) => i18n._(valueText(s));
  const name = `${a.trainee.firstName} ${a.trainee.lastName}`;
  const headingId = applicantHeadingId(a.id);
  return (
    <article className={`${styles.card} ${a.status === 'New' ? styles.isNew : ''}`} aria-labelledby={headingId}>
      <div className={styles.head}>
        {select}
        {/* Focusable by the page: where the keyboard comes back to after this applicant was changed. */}
        <h3 id={headingId} tabIndex={-1} className={styles.name}>
          {name}
        </h3>
        <ApplicationStatusBadge status={a.status} />
      </div>
      {notice && (
        <p className={styles.notice} aria-hidden="true">
          {notice}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{i18n._({ id: 'applicant.email', message: 'E-mail' })}</dt>
          <dd>
            <a href={`mailto:${a.trainee.email}`}>{a.trainee.email}</a>
          </dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'applicant.phone', message: 'Phone' })}</dt>
          <dd>
            {/* Shown grouped for reading; the dialer gets the digits alone (spaces are not allowed in a tel: address). */}
            {a.phone ? (
              <a href={`tel:${a.phone.replace(/[^\d+]/g, '')}`}>{a.phone}</a>
            ) : (
              i18n._({ id: 'applicant.notGiven', message: 'Not given' })
            )}
          </dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'applicant.applied', message: 'Applied' })}</dt>
          <dd>{formatDate(a.appliedAt, undefined, locale)}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'applicant.cv', message: 'CV' })}</dt>
          <dd>
            {a.hasCv ? (
              <Button variant="secondary" className={styles.small} onClick={onDownloadCv}>
                {i18n._({ id: 'applicant.downloadCv', message: 'Download CV' })}{' '}
                <span className="visually-hidden">
                  {i18n._({ id: 'applicant.downloadCvOf', message: 'of {name}', values: { name } })}
                </span>
              </Button>
            ) : (
              i18n._({ id: 'applicant.noCv', message: 'None attached' })
            )}
          </dd>
        </div>
      </dl>
      <h4>{i18n._({ id: 'applicant.certificates', message: 'Certificates' })}</h4>
      {a.certificates.length === 0 ? (
        <p className={styles.muted}>
          {i18n._({ id: 'applicant.noCertificates', message: 'No certificates from our training centre yet.' })}
        </p>
      ) : (
        <ul className={styles.certificates}>
          {a.certificates.map((c) => (
            <li key={c.code}>
              {c.courseTitle} ·{' '}
              {i18n._({
                id: 'applicant.issued',
                message: 'issued {date}',
                values: { date: formatDate(c.issuedAt, undefined, locale) },
              })}{' '}
              ·{' '}
              <a href={paths.verify(c.code)} target="_blank" rel="noopener">
                {i18n._({ id: 'applicant.verify', message: 'Verify {code}', values: { code: c.code } })}{' '}
                <span className="visually-hidden">
                  {i18n._({ id: 'common.newTab', message: '(opens in a new tab)' })}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {a.coverNote && (
        <>
          <h4>{i18n._({ id: 'applicant.coverNote', message: 'Cover note' })}</h4>
          <p className={styles.note}>{a.coverNote}</p>
        </>
      )}
      <details className={styles.history}>
        <summary>
          {i18n._({
            id: 'applicant.history',
            message: 'Status history ({count})',
            values: { count: a.history.length },
          })}
        </summary>
        <ol>
          {a.history.map((h, i) => (
            <li key={i}>
              {formatDate(h.at, 'MMM d, yyyy HH:mm', locale)} · {h.byName}:{' '}
              {h.from ? `${status(h.from)} → ${status(h.to)}` : status(h.to)}
              {h.note && <span className={styles.muted}> — “{h.note}”</span>}
            </li>
          ))}
        </ol>
      </details>
      {actions && <div className={styles.actions}>{actions}</div>}
    </article>
  );
}

/** The status filter of a job's applicants (every status, or one). */
export function ApplicationStatusFilter({
  value,
  onChange,
}: {
  value: JobApplicationStatus | '';
  onChange: (status: JobApplicationStatus | '') => void;
}) {
  const i18n = useI18n();
  return (
    <SelectField
      label={i18n._({ id: 'applicant.status', message: 'Status' })}
      value={value}
      onChange={(e) => onChange(e.target.value as JobApplicationStatus | '')}
    >
      <option value="">{i18n._({ id: 'applicant.all', message: 'All' })}</option>
      {JOB_APPLICATION_STATUSES.map((s) => (
        <option key={s} value={s}>
          {i18n._(valueText(s))}
        </option>
      ))}
    </SelectField>
  );
}

/** A job's applicants that could not be loaded: why, and a way to ask again. */
export function ApplicantsFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const i18n = useI18n();
  return (
    <>
      <ErrorBanner>{errorMessage(error)}</ErrorBanner>
      <Button variant="secondary" onClick={retry}>
        {i18n._({ id: 'common.tryAgain', message: 'Try Again' })}
      </Button>
    </>
  );
}
