import { useCallback, useEffect, useState } from 'react';
import {
  getEnrollment,
  getEnrollmentCertificate,
  issueCertificate,
  listProgress,
  revokeCertificate,
  validation,
} from '@btls/shared-api';
import type { Certificate, Enrollment, ProgressRecord } from '@btls/shared-api/schemas';
import { Link, useParams } from '@btls/shared-auth';
import { Button, ErrorBanner, Spinner, StatusBadge, SuccessBanner, Table } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { formatScore } from '@btls/shared-ui/format';
import { formatDate } from '@btls/shared-ui/format-date';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

export function EnrollmentProgressPage() {
  const { applicationId = '' } = useParams();
  const { confirm, prompt, dialog } = useDialog();
  const [enrollment, setEnrollment] = useState<Enrollment | null | undefined>(undefined);
  const [records, setRecords] = useState<ProgressRecord[]>([]);
  const [certificate, setCertificate] = useState<Certificate | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const load = useCallback(async () => {
    try {
      const found = await getEnrollment(applicationId);
      setEnrollment(found);
      setRecords(await listProgress(found.id));
      if (found.status === 'Completed') {
        // A 404 means none issued yet (silent); other failures are only logged (spec §8).
        setCertificate(await getEnrollmentCertificate(found.id).catch((e: unknown) => (console.error(e), null)));
      }
    } catch (failure) {
      const status = (failure as { status?: number }).status;
      if (status === 404) setEnrollment(null);
      else {
        setEnrollment((e) => e ?? null);
        setError((failure as Error).message);
      }
    }
  }, [applicationId]);
  useEffect(() => {
    void load();
  }, [load]);

  async function issue() {
    if (!enrollment) return;
    if (enrollment.status !== 'Completed') return setError(validation.certificateOnlyCompleted);
    if (!(await confirm('Are you sure you want to issue a certificate for this trainee and course?'))) return;
    setError('');
    try {
      await issueCertificate({ enrollmentApplicationId: enrollment.id, userId: enrollment.traineeId, courseId: enrollment.courseId });
      await load();
      setNotice('Certificate issued and data refreshed!');
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  /** Asks why first (a reason is required), then confirms; the credential checks as revoked from then on. */
  async function revoke() {
    if (!certificate) return;
    const reason = await prompt('Why is this certificate being revoked?');
    if (reason === null) return;
    if (!reason.trim()) return setError(validation.revocationReasonRequired);
    const question = 'Are you sure you want to revoke this certificate? Anyone who checks it will see it as revoked.';
    if (!(await confirm(question))) return;
    setError('');
    try {
      setCertificate((await revokeCertificate(certificate.certificateCode, { reason })).certificate);
      setNotice('Certificate revoked.');
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  if (enrollment === undefined) return <Spinner label="Loading student progress..." />;
  if (enrollment === null) {
    return (
      <section className={styles.page}>
        <h1>Enrollment Not Found</h1>
        <ErrorBanner>{error}</ErrorBanner>
        <Link to="/admin/enrollments">Back to applications</Link>
      </section>
    );
  }
  return (
    <section className={styles.page}>
      <p>
        <Link to="/admin/enrollments">← Back to applications</Link>
      </p>
      <h1>Student Progress</h1>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      <div className={styles.card}>
        <dl className={styles.facts}>
          <div><dt>Trainee</dt><dd>{enrollment.traineeFirstName} {enrollment.traineeLastName} ({enrollment.traineeEmail})</dd></div>
          <div><dt>Course</dt><dd>{enrollment.courseTitle}</dd></div>
          <div><dt>Applied</dt><dd>{formatDate(enrollment.applicationDate)}</dd></div>
          <div><dt>Status</dt><dd><StatusBadge status={enrollment.status} /></dd></div>
          {enrollment.trainerFirstName && (
            <div><dt>Trainer</dt><dd>{enrollment.trainerFirstName} {enrollment.trainerLastName} ({enrollment.trainerEmail})</dd></div>
          )}
        </dl>
      </div>
      <h2>Progress records</h2>
      {records.length === 0 ? (
        <p>No progress recorded yet.</p>
      ) : (
        <Table
          caption="Progress records"
          rows={records}
          rowKey={(r) => r.id}
          columns={[
            { header: 'Date', cell: (r) => formatDate(r.recordDate) },
            { header: 'Assessment', cell: (r) => r.assessmentName },
            { header: 'Score', cell: formatScore },
            { header: 'Feedback by Trainer', cell: (r) => r.feedbackNotes ?? '' },
          ]}
        />
      )}
      {enrollment.status === 'Completed' && (
        <div className={styles.card}>
          <h2>Certificate</h2>
          {certificate ? (
            <p>
              Issued {formatDate(certificate.issueDate)} · Code <strong>{certificate.certificateCode}</strong> ·{' '}
              <a href={`/certificate/${encodeURIComponent(certificate.certificateCode)}`} target="_blank" rel="noopener noreferrer">
                View certificate (opens in a new tab)
              </a>
            </p>
          ) : (
            <Button onClick={() => void issue()}>Issue Certificate</Button>
          )}
          {certificate &&
            (certificate.revokedAt ? (
              <p>
                <strong>Revoked</strong> {formatDate(certificate.revokedAt)}: {certificate.revocationReason}
              </p>
            ) : (
              <Button variant="secondary" onClick={() => void revoke()}>
                Revoke Certificate
              </Button>
            ))}
        </div>
      )}
      {dialog}
    </section>
  );
}
