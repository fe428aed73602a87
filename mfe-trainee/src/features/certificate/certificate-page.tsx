import {
  certificateCredentialHref,
  certificateQuery,
  credentialCheck,
  translateMessage,
  useSuspenseQuery,
} from '@btls/shared-api';
import { Link, paths, useI18n, useParams } from '@btls/shared-auth';
import { Button, buttonClass, ErrorBanner, Spinner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { formatDuration } from '@btls/shared-ui/format';
import { useLocale } from '@btls/shared-ui/i18n';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import styles from './certificate.module.css';
import { AddToLinkedIn } from './linkedin';
import { QrCode } from './qr-code';

/** Where anyone can check this certificate without signing in. */
export const verificationUrl = (code: string) => `${location.origin}/verify/${encodeURIComponent(code)}`;

export function CertificatePage() {
  const i18n = useI18n();
  const { certificateCode = '' } = useParams();
  return (
    <QueryBoundary
      loading={<Spinner label={i18n._({ id: 'trainee.certificate.loading', message: 'Loading certificate...' })} />}
      error={(message) => <CertificateNotFound message={message} />}
    >
      <CertificateView code={certificateCode} />
    </QueryBoundary>
  );
}

function CertificateNotFound({ message }: { message: string }) {
  const i18n = useI18n();
  return (
    <main className={styles.page}>
      <h1>{i18n._({ id: 'trainee.certificate.notFound', message: 'Certificate not found' })}</h1>
      <p>{translateMessage(message)}</p>
      <Link to={paths.dashboard}>
        {i18n._({ id: 'trainee.certificate.backToDashboard', message: 'Back to the dashboard' })}
      </Link>
    </main>
  );
}

function CertificateView({ code }: { code: string }) {
  const i18n = useI18n();
  const locale = useLocale();
  const { data: certificate } = useSuspenseQuery(certificateQuery(code));
  const url = verificationUrl(certificate.certificateCode);
  const qr = i18n._({
    id: 'trainee.certificate.qr',
    message: 'QR code to verify this certificate at {url}',
    values: { url },
  });
  // The QR code comes right after who and what it certifies: on a phone it is what the graduate shows an employer
  // to scan, so it is large and on the first screen. Wide, and printed, it stands between the date and the code.
  return (
    <main className={styles.page}>
      <Link className={styles.back} to={paths.dashboard}>
        ← {i18n._({ id: 'trainee.certificate.backToDashboard', message: 'Back to the dashboard' })}
      </Link>
      {certificate.revokedAt && (
        <ErrorBanner>
          {i18n._({
            id: 'trainee.certificate.revoked',
            message: '{reason} (revoked {date})',
            values: {
              reason: translateMessage(credentialCheck.revoked),
              date: formatDate(certificate.revokedAt, undefined, locale),
            },
          })}
        </ErrorBanner>
      )}
      <article className={styles.certificate} aria-labelledby="certificate-title">
        <p className={styles.org}>
          {i18n._({ id: 'trainee.certificate.org', message: 'BTLS Coffee Training Centre' })}
        </p>
        <h1 id="certificate-title">
          {i18n._({ id: 'trainee.certificate.title', message: 'Certificate of Completion' })}
        </h1>
        <p className={styles.certifies}>
          {i18n._({ id: 'trainee.certificate.certifies', message: 'This certifies that' })}
        </p>
        <p className={styles.name}>
          {certificate.traineeFirstName} {certificate.traineeLastName}
        </p>
        <p className={styles.completed}>
          {i18n._({ id: 'trainee.certificate.completed', message: 'has successfully completed the course' })}
        </p>
        <p className={styles.course}>{certificate.courseTitle}</p>
        <QrCode className={styles.qr} text={url} label={qr} />
        {certificate.courseDuration && (
          <p className={styles.duration}>
            {i18n._({
              id: 'trainee.certificate.duration',
              message: 'Duration: {duration}',
              values: { duration: formatDuration(certificate.courseDuration, i18n) },
            })}
          </p>
        )}
        <p className={styles.at}>
          {certificate.courseTrainingCenter
            ? i18n._({
                id: 'trainee.certificate.at',
                message: 'at {place}',
                values: { place: certificate.courseTrainingCenter },
              })
            : i18n._({ id: 'trainee.certificate.atAccredited', message: 'at an accredited barista training facility' })}
        </p>
        <div className={styles.issued}>
          <p>
            {i18n._({
              id: 'trainee.certificate.issued',
              message: 'Issued {date}',
              values: { date: formatDate(certificate.issueDate, 'MMMM d, yyyy', locale) },
            })}
          </p>
          <p>
            {i18n._({
              id: 'trainee.certificate.by',
              message: 'by {name}',
              values: { name: `${certificate.issuedByAdminFirstName} ${certificate.issuedByAdminLastName}` },
            })}
          </p>
        </div>
        <div className={styles.code}>
          <p>{i18n._({ id: 'trainee.certificate.code', message: 'Certificate code' })}</p>
          <p>
            <strong>{certificate.certificateCode}</strong>
          </p>
          <p>
            {i18n._({
              id: 'trainee.certificate.verifyAt',
              message: 'Verify at {address}',
              values: { address: `${location.host}/verify` },
            })}
          </p>
        </div>
      </article>
      <div className={styles.actions}>
        <Button onClick={() => window.print()}>{i18n._({ id: 'trainee.certificate.print', message: 'Print' })}</Button>
        {/* The signed Open Badges 3.0 credential: a wallet or an employer checks it without our website. */}
        <a
          className={buttonClass('secondary')}
          href={certificateCredentialHref(certificate.certificateCode)}
          download={`${certificate.certificateCode}.json`}
        >
          {i18n._({ id: 'trainee.certificate.download', message: 'Download verifiable credential' })}
        </a>
      </div>
      {!certificate.revokedAt && <AddToLinkedIn certificate={certificate} verificationUrl={url} />}
    </main>
  );
}
