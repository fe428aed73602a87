import { useState } from 'react';
import {
  enrollmentCertificateQuery,
  enrollmentProgressQuery,
  enrollmentQuery,
  errorMessage,
  isNotFound,
  useIssueCertificate,
  useRevokeCertificate,
  useSuspenseQuery,
  validation,
} from '@btls/shared-api';
import type { Certificate, Enrollment } from '@btls/shared-api/schemas';
import { paths, useParams } from '@btls/shared-auth';
import { Button, ErrorBanner, Spinner, SuccessBanner } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { EnrollmentFacts, ProgressTable } from '@btls/shared-ui/enrollment';
import { formatDate } from '@btls/shared-ui/format-date';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { PanelUnavailable } from '@btls/shared-ui/panel-states';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import own from '../admin.module.css';
import { BackToApplications } from './back-to-applications';

const styles = withPanelPage(own);

export function EnrollmentProgressPage() {
  const { applicationId = '' } = useParams();
  return (
    <QueryBoundary loading={<Spinner label="Loading student progress..." />} error={(message, retry) => <EnrollmentNotFound message={message} retry={retry} />}>
      <EnrollmentProgress applicationId={applicationId} />
    </QueryBoundary>
  );
}

function EnrollmentNotFound({ message, retry }: { message: string; retry?: () => void }) {
  const back = <BackToApplications />;
  return <PanelUnavailable title="Enrollment Not Found" message={message} back={back} retry={retry} />;
}

function EnrollmentProgress({ applicationId }: { applicationId: string }) {
  const { data: enrollment } = useSuspenseQuery(enrollmentQuery(applicationId));
  if (isNotFound(enrollment)) return <EnrollmentNotFound message="" />;
  return <Progress enrollment={enrollment} />;
}

function Progress({ enrollment }: { enrollment: Enrollment }) {
  const { data: records } = useSuspenseQuery(enrollmentProgressQuery(enrollment.id));
  const issueCertificate = useIssueCertificate();
  const revokeCertificate = useRevokeCertificate();
  const { confirm, prompt, dialog } = useDialog();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  async function issue() {
    if (enrollment.status !== 'Completed') return setError(validation.certificateOnlyCompleted);
    if (!(await confirm('Are you sure you want to issue a certificate for this trainee and course?'))) return;
    setError('');
    try {
      await issueCertificate.mutateAsync({ enrollmentApplicationId: enrollment.id, userId: enrollment.traineeId, courseId: enrollment.courseId });
      setNotice('Certificate issued and data refreshed!');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  /** Asks why first (a reason is required), then confirms; the credential checks as revoked from then on. */
  async function revoke(issued: Certificate) {
    const reason = await prompt('Why is this certificate being revoked?');
    if (reason === null) return;
    if (!reason.trim()) return setError(validation.revocationReasonRequired);
    const question = 'Are you sure you want to revoke this certificate? Anyone who checks it will see it as revoked.';
    if (!(await confirm(question))) return;
    setError('');
    try {
      await revokeCertificate.mutateAsync({ code: issued.certificateCode, reason });
      setNotice('Certificate revoked.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section className={styles.page}>
      <p>
        <BackToApplications>← Back to applications</BackToApplications>
      </p>
      <h1>Student Progress</h1>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      <EnrollmentFacts enrollment={enrollment} />
      <h2>Progress records</h2>
      <ProgressTable records={records} />
      {enrollment.status === 'Completed' && <CertificateCard enrollment={enrollment} onIssue={issue} onRevoke={revoke} />}
      {dialog}
    </section>
  );
}

/** Shown with the rest of the page (one suspense for all), so nothing moves in below the records. */
function CertificateCard({ enrollment, onIssue, onRevoke }: {
  enrollment: Enrollment;
  onIssue: () => Promise<void>;
  onRevoke: (issued: Certificate) => Promise<void>;
}) {
  const { data: issued } = useSuspenseQuery(enrollmentCertificateQuery(enrollment.id));
  return (
    <div className={styles.card}>
      <h2>Certificate</h2>
      {issued ? (
        <>
          <p>
            Issued {formatDate(issued.issueDate)} · Code <strong>{issued.certificateCode}</strong> ·{' '}
            <a href={paths.certificate(issued.certificateCode)} target="_blank" rel="noopener noreferrer">
              View certificate (opens in a new tab)
            </a>
          </p>
          {issued.revokedAt ? (
            <p>
              <strong>Revoked</strong> {formatDate(issued.revokedAt)}: {issued.revocationReason}
            </p>
          ) : (
            <Button variant="secondary" onClick={() => void onRevoke(issued)}>
              Revoke Certificate
            </Button>
          )}
        </>
      ) : (
        <Button onClick={() => void onIssue()}>Issue Certificate</Button>
      )}
    </div>
  );
}
