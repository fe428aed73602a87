import { certificateVerificationQuery, credentialCheck, useSuspenseQuery } from '@btls/shared-api';
import { paths, useParams } from '@btls/shared-auth';
import { ErrorBanner, Spinner, SuccessBanner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { PageHead } from '../../ui/page-head';
import styles from '../courses/courses.module.css';
import { CredentialChecker } from './credential-check';

function Verification({ code }: { code: string }) {
  const { data: result } = useSuspenseQuery(certificateVerificationQuery(code));
  if (result === null) {
    return (
      <>
        <ErrorBanner>This is not a valid certificate: no certificate with this code was issued by our training centre.</ErrorBanner>
        <CredentialChecker />
      </>
    );
  }
  return (
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
      <CredentialChecker certificateCode={code} />
    </>
  );
}

/** /verify/{code}: anyone can check whether a certificate code is genuine, without signing in. */
export function VerifyPage() {
  const { certificateCode = '' } = useParams();
  return (
    <main className={styles.detail}>
      <PageHead
        title="Certificate verification"
        description="Check that a BTLS Coffee Training Centre certificate is genuine."
        path={paths.verify(certificateCode)}
      />
      <h1>Certificate verification</h1>
      <p>
        Code: <strong>{certificateCode}</strong>
      </p>
      <QueryBoundary loading={<Spinner label="Checking the certificate..." />} error={(message) => <ErrorBanner>{message}</ErrorBanner>}>
        <Verification code={certificateCode} />
      </QueryBoundary>
    </main>
  );
}
