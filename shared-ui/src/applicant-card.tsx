/**
 * One job applicant as the job's employer and admins read them (issue 16): contact, cover note, CV, the
 * certificates (each linked to its public verification page) and the status history. Presentational: the
 * area that shows it brings the actions (the employer's moves; nothing for admins).
 */
import type { ReactNode } from 'react';
import { errorMessage, JOB_APPLICATION_STATUSES, type JobApplicationStatus } from '@btls/shared-api';
import { ApplicationStatusBadge, Button, ErrorBanner, SelectField } from './components';
import { formatDate } from './format-date';
import styles from './applicant-card.module.css';
import { paths } from '@btls/shared-auth';

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

export function ApplicantCard({
  applicant: a,
  onDownloadCv,
  select,
  actions,
}: {
  applicant: ApplicantView;
  onDownloadCv: () => void;
  /** A checkbox choosing this applicant for a change of several at once. */
  select?: ReactNode;
  actions?: ReactNode;
}) {
  const name = `${a.trainee.firstName} ${a.trainee.lastName}`;
  const headingId = `applicant-${a.id}`;
  return (
    <article className={`${styles.card} ${a.status === 'New' ? styles.isNew : ''}`} aria-labelledby={headingId}>
      <div className={styles.head}>
        {select}
        <h3 id={headingId}>{name}</h3>
        <ApplicationStatusBadge status={a.status} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${a.trainee.email}`}>{a.trainee.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{a.phone ? <a href={`tel:${a.phone}`}>{a.phone}</a> : 'Not given'}</dd>
        </div>
        <div>
          <dt>Applied</dt>
          <dd>{formatDate(a.appliedAt)}</dd>
        </div>
        <div>
          <dt>CV</dt>
          <dd>
            {a.hasCv ? (
              <Button variant="secondary" className={styles.small} onClick={onDownloadCv}>
                Download CV <span className="visually-hidden">of {name}</span>
              </Button>
            ) : (
              'None attached'
            )}
          </dd>
        </div>
      </dl>
      <h4>Certificates</h4>
      {a.certificates.length === 0 ? (
        <p className={styles.muted}>No certificates from our training centre yet.</p>
      ) : (
        <ul className={styles.certificates}>
          {a.certificates.map((c) => (
            <li key={c.code}>
              {c.courseTitle} · issued {formatDate(c.issuedAt)} ·{' '}
              <a href={paths.verify(c.code)} target="_blank" rel="noopener">
                Verify {c.code} <span className="visually-hidden">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {a.coverNote && (
        <>
          <h4>Cover note</h4>
          <p className={styles.note}>{a.coverNote}</p>
        </>
      )}
      <details className={styles.history}>
        <summary>Status history ({a.history.length})</summary>
        <ol>
          {a.history.map((h, i) => (
            <li key={i}>
              {formatDate(h.at, 'MMM d, yyyy HH:mm')} · {h.byName}: {h.from ? `${h.from} → ${h.to}` : h.to}
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
export function ApplicationStatusFilter({ value, onChange }: { value: JobApplicationStatus | ''; onChange: (status: JobApplicationStatus | '') => void }) {
  return (
    <SelectField label="Status" value={value} onChange={(e) => onChange(e.target.value as JobApplicationStatus | '')}>
      <option value="">All</option>
      {JOB_APPLICATION_STATUSES.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </SelectField>
  );
}

/** A job's applicants that could not be loaded: why, and a way to ask again. */
export function ApplicantsFailed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <>
      <ErrorBanner>{errorMessage(error)}</ErrorBanner>
      <Button variant="secondary" onClick={retry}>
        Try Again
      </Button>
    </>
  );
}
