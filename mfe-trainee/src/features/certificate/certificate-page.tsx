import { certificateCredentialHref, certificateQuery, credentialCheck, useSuspenseQuery } from '@btls/shared-api';
import { Link, paths, useParams } from '@btls/shared-auth';
import { Button, buttonClass, ErrorBanner, Spinner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import styles from './certificate.module.css';
import { AddToLinkedIn } from './linkedin';
import { QrCode } from './qr-code';

/** Where anyone can check this certificate without signing in. */
export const verificationUrl = (code: string) => `${location.origin}/verify/${encodeURIComponent(code)}`;

export function CertificatePage() {
  const { certificateCode = '' } = useParams();
  return (
    <QueryBoundary loading={<Spinner label="Loading certificate..." />} error={(message) => <CertificateNotFound message={message} />}>
      <CertificateView code={certificateCode} />
    </QueryBoundary>
  );
}

function CertificateNotFound({ message }: { message: string }) {
  return (
    <main className={styles.page}>
      <h1>Certificate not found</h1>
      <p>{message}</p>
      <Link to={paths.dashboard}>Back to the dashboard</Link>
    </main>
  );
}

function CertificateView({ code }: { code: string }) {
  const { data: certificate } = useSuspenseQuery(certificateQuery(code));
  const url = verificationUrl(certificate.certificateCode);
  return (
    <main className={styles.page}>
      <div className={styles.actions}>
        <Link className={buttonClass('secondary')} to={paths.dashboard}>
          ← Back to the dashboard
        </Link>
        <Button onClick={() => window.print()}>Print</Button>
        {/* The signed Open Badges 3.0 credential: a wallet or an employer checks it without our website. */}
        <a className={buttonClass('secondary')} href={certificateCredentialHref(certificate.certificateCode)} download={`${certificate.certificateCode}.json`}>
          Download verifiable credential
        </a>
      </div>
      {certificate.revokedAt && (
        <ErrorBanner>
          {credentialCheck.revoked} (revoked {formatDate(certificate.revokedAt)})
        </ErrorBanner>
      )}
      <article className={styles.certificate} aria-labelledby="certificate-title">
        <p className={styles.org}>BTLS Coffee Training Centre</p>
        <h1 id="certificate-title">Certificate of Completion</h1>
        <p>This certifies that</p>
        <p className={styles.name}>
          {certificate.traineeFirstName} {certificate.traineeLastName}
        </p>
        <p>has successfully completed the course</p>
        <p className={styles.course}>{certificate.courseTitle}</p>
        {certificate.courseDuration && <p>Duration: {certificate.courseDuration}</p>}
        <p>at {certificate.courseTrainingCenter || 'an accredited barista training facility'}</p>
        <div className={styles.footer}>
          <div>
            <p>Issued {formatDate(certificate.issueDate, 'MMMM d, yyyy')}</p>
            <p>
              by {certificate.issuedByAdminFirstName} {certificate.issuedByAdminLastName}
            </p>
          </div>
          <QrCode className={styles.qr} text={url} label={`QR code to verify this certificate at ${url}`} />
          <div>
            <p>Certificate code</p>
            <p>
              <strong>{certificate.certificateCode}</strong>
            </p>
            <p>Verify at {location.host}/verify</p>
          </div>
        </div>
      </article>
      {!certificate.revokedAt && <AddToLinkedIn certificate={certificate} verificationUrl={url} />}
    </main>
  );
}
