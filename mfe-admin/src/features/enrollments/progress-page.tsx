import { useState } from 'react';
import {
  certificateCredentialHref,
  certificateValidation,
  enrollmentCertificateQuery,
  enrollmentProgressQuery,
  enrollmentQuery,
  errorMessage,
  isNotFound,
  useIssueCertificate,
  useRevokeCertificate,
  useSuspenseQuery,
} from '@btls/shared-api';
import type { Certificate, Enrollment } from '@btls/shared-api/schemas';
import { useI18n, useParams } from '@btls/shared-auth';
import { Button, buttonClass, ErrorBanner, Spinner, SuccessBanner } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { EnrollmentFacts, ProgressTable } from '@btls/shared-ui/enrollment';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { PanelUnavailable } from '@btls/shared-ui/panel-states';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import own from '../admin.module.css';
import { BackToApplications } from './back-to-applications';

const styles = withPanelPage(own);

export function EnrollmentProgressPage() {
  const i18n = useI18n();
  const { applicationId = '' } = useParams();
  return (
    <QueryBoundary
      loading={<Spinner label={i18n._({ id: 'admin.progress.loading', message: 'Loading student progress...' })} />}
      error={(message, retry) => <EnrollmentNotFound message={message} retry={retry} />}
    >
      <EnrollmentProgress applicationId={applicationId} />
    </QueryBoundary>
  );
}

function EnrollmentNotFound({ message, retry }: { message: string; retry?: () => void }) {
  const i18n = useI18n();
  const back = <BackToApplications />;
  return (
    <PanelUnavailable
      title={i18n._({ id: 'admin.progress.notFound', message: 'Enrollment Not Found' })}
      message={message}
      back={back}
      retry={retry}
    />
  );
}

function EnrollmentProgress({ applicationId }: { applicationId: string }) {
  const { data: enrollment } = useSuspenseQuery(enrollmentQuery(applicationId));
  if (isNotFound(enrollment)) return <EnrollmentNotFound message="" />;
  return <Progress enrollment={enrollment} />;
}

function Progress({ enrollment }: { enrollment: Enrollment }) {
  const i18n = useI18n();
  const { data: records } = useSuspenseQuery(enrollmentProgressQuery(enrollment.id));
  const issueCertificate = useIssueCertificate();
  const revokeCertificate = useRevokeCertificate();
  const { confirm, prompt, dialog } = useDialog();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const who = `${enrollment.traineeFirstName} ${enrollment.traineeLastName}`;

  async function issue() {
    if (enrollment.status !== 'Completed') return setError(certificateValidation.certificateOnlyCompleted);
    if (
      !(await confirm(
        // Nothing recorded is worth a second look before a certificate says the course was completed.
        // Named: the admin confirms who gets it and for what, not "this trainee".
        records.length === 0
          ? i18n._({
              id: 'admin.progress.confirmIssueNoProgressOf',
              message:
                'No progress has been recorded for {name} in {course}. Issue them a certificate for {course} anyway?',
              values: { name: who, course: enrollment.courseTitle },
            })
          : i18n._({
              id: 'admin.progress.confirmIssueOf',
              message: 'Issue a certificate to {name} for {course}? Anyone will be able to check it by its code.',
              values: { name: who, course: enrollment.courseTitle },
            }),
      ))
    )
      return;
    setError('');
    try {
      await issueCertificate.mutateAsync({
        enrollmentApplicationId: enrollment.id,
        userId: enrollment.traineeId,
        courseId: enrollment.courseId,
      });
      setNotice(
        i18n._({
          id: 'admin.progress.issuedTo',
          message:
            'Certificate issued to {name} for {course}. Its signed credential is in the Certificate section below.',
          values: { name: who, course: enrollment.courseTitle },
        }),
      );
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  /** Asks why first (a reason is required), then confirms; the credential checks as revoked from then on. */
  async function revoke(issued: Certificate) {
    const reason = await prompt(
      i18n._({ id: 'admin.progress.revokeWhy', message: 'Why is this certificate being revoked?' }),
    );
    if (reason === null) return;
    if (!reason.trim()) return setError(certificateValidation.revocationReasonRequired);
    const question = i18n._({
      id: 'admin.progress.confirmRevoke',
      message: 'Are you sure you want to revoke this certificate? Anyone who checks it will see it as revoked.',
    });
    if (!(await confirm(question))) return;
    setError('');
    try {
      await revokeCertificate.mutateAsync({ code: issued.certificateCode, reason });
      setNotice(i18n._({ id: 'admin.progress.revoked', message: 'Certificate revoked.' }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section className={styles.page}>
      <p>
        <BackToApplications>
          ← {i18n._({ id: 'admin.enrollments.back', message: 'Back to applications' })}
        </BackToApplications>
      </p>
      <h1>{i18n._({ id: 'admin.progress.title', message: 'Student Progress' })}</h1>
      <SuccessBanner takeFocus>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      {/* The certificate first when there is one to issue or to check: the records and facts can be long. */}
      {enrollment.status === 'Completed' && (
        <CertificateCard enrollment={enrollment} onIssue={issue} onRevoke={revoke} />
      )}
      <EnrollmentFacts enrollment={enrollment} />
      <h2>{i18n._({ id: 'admin.progress.records', message: 'Progress records' })}</h2>
      <ProgressTable records={records} />
      {dialog}
    </section>
  );
}

/** Shown with the rest of the page (one suspense for all), so nothing moves in above the records. */
function CertificateCard({
  enrollment,
  onIssue,
  onRevoke,
}: {
  enrollment: Enrollment;
  onIssue: () => Promise<void>;
  onRevoke: (issued: Certificate) => Promise<void>;
}) {
  const i18n = useI18n();
  const locale = useLocale();
  const { data: issued } = useSuspenseQuery(enrollmentCertificateQuery(enrollment.id));
  return (
    <div className={styles.card}>
      <h2>{i18n._({ id: 'admin.progress.certificate', message: 'Certificate' })}</h2>
      {issued ? (
        <>
          <p>
            {i18n._({
              id: 'admin.progress.issuedOn',
              message: 'Issued {date}',
              values: { date: formatDate(issued.issueDate, 'MMM d, yyyy', locale) },
            })}{' '}
            · {i18n._({ id: 'admin.progress.code', message: 'Code' })} <strong>{issued.certificateCode}</strong>
          </p>
          <p>
            {/* The printable certificate is its owner's page on the site, which an admin (a visitor there) cannot
                open; the signed credential is what anyone checks it by, and the console serves it too. A button's
                size: it is what the admin came for once the certificate is issued. */}
            <a className={buttonClass('secondary')} href={certificateCredentialHref(issued.certificateCode)} download>
              {i18n._({
                id: 'admin.progress.downloadCredential',
                message: 'Download the signed credential (Open Badges file)',
              })}
            </a>
          </p>
          {issued.revokedAt ? (
            <p>
              <strong>{i18n._({ id: 'admin.progress.revokedMark', message: 'Revoked' })}</strong>{' '}
              {i18n._({
                id: 'admin.progress.revokedOn',
                message: '{date}: {reason}',
                values: { date: formatDate(issued.revokedAt, 'MMM d, yyyy', locale), reason: issued.revocationReason },
              })}
            </p>
          ) : (
            <Button variant="secondary" onClick={() => void onRevoke(issued)}>
              {i18n._({ id: 'admin.progress.revoke', message: 'Revoke Certificate' })}
            </Button>
          )}
        </>
      ) : (
        <Button onClick={() => void onIssue()}>
          {i18n._({ id: 'admin.progress.issue', message: 'Issue Certificate' })}
        </Button>
      )}
    </div>
  );
}
