import { useEffect, useState } from 'react';
import { credentialCheck, verifyCertificate } from '@btls/shared-api';
import type { CertificateVerification } from '@btls/shared-api/schemas';
import { useParams } from '@btls/shared-auth';
import { ErrorBanner, Spinner, SuccessBanner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format';
import styles from '../courses/courses.module.css';
import { CredentialChecker } from './credential-check';

/** /verify/{code}: anyone can check whether a certificate code is genuine, without signing in. */
export function VerifyPage() {
  const { certificateCode = '' } = useParams();
  const [result, setResult] = useState<CertificateVerification | null | undefined>(undefined);
  const [error, setError] = useState('');
  useEffect(() => {
    verifyCertificate(certificateCode)
      .then(setResult)
      .catch((failure: Error) => setError(failure.message));
  }, [certificateCode]);

  return (
    <main className={styles.detail}>
      <h1>Certificate verification</h1>
      <p>
        Code: <strong>{certificateCode}</strong>
      </p>
      {error ? (
        <ErrorBanner>{error}</ErrorBanner>
      ) : result === undefined ? (
        <Spinner label="Checking the certificate..." />
      ) : result === null ? (
        <ErrorBanner>This is not a valid certificate: no certificate with this code was issued by our training centre.</ErrorBanner>
      ) : (
        <>
          {result.revoked ? (
            <ErrorBanner>{credentialCheck.revoked}</ErrorBanner>
          ) : (
            <SuccessBanner>This is a genuine certificate issued by BTLS Coffee Training Centre.</SuccessBanner>
          )}
          <dl className={styles.detailFacts}>
            <div><dt>Trainee</dt><dd>{result.traineeName}</dd></div>
            <div><dt>Course</dt><dd>{result.courseTitle}</dd></div>
            <div><dt>Issued</dt><dd>{formatDate(result.issueDate)}</dd></div>
            <div><dt>Issued by</dt><dd>{result.issuedBy}</dd></div>
            <div><dt>Status</dt><dd>{result.revoked ? 'Revoked' : 'Valid'}</dd></div>
          </dl>
        </>
      )}
      {result !== undefined && !error && <CredentialChecker certificateCode={result ? certificateCode : undefined} />}
    </main>
  );
}
