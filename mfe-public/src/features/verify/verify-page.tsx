import { certificateVerificationQuery, useSuspenseQuery } from '@btls/shared-api';
import { paths, useI18n, useParams } from '@btls/shared-auth';
import { ErrorBanner, Spinner, SuccessBanner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { PageHead } from '../../ui/page-head';
import styles from '../courses/courses.module.css';
import { CredentialChecker } from './credential-check';

function Verification({ code }: { code: string }) {
  const i18n = useI18n();
  const locale = useLocale();
  const { data: result } = useSuspenseQuery(certificateVerificationQuery(code));
  if (result === null) {
    return (
      <>
        <ErrorBanner>
          {i18n._({
            id: 'public.verify.invalid',
            message:
              'This is not a valid certificate: no certificate with this code was issued by our training centre.',
          })}
        </ErrorBanner>
        <CredentialChecker />
      </>
    );
  }
  return (
    <>
      {result.revoked ? (
        <ErrorBanner>
          {i18n._({
            id: 'public.verify.revoked',
            message: 'This certificate has been revoked by the training centre.',
          })}
        </ErrorBanner>
      ) : (
        <SuccessBanner>
          {i18n._({
            id: 'public.verify.genuine',
            message: 'This is a genuine certificate issued by BTLS Coffee Training Centre.',
          })}
        </SuccessBanner>
      )}
      <dl className={styles.detailFacts}>
        <div>
          <dt>{i18n._({ id: 'public.verify.trainee', message: 'Trainee' })}</dt>
          <dd>{result.traineeName}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.verify.course', message: 'Course' })}</dt>
          <dd>{result.courseTitle}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.verify.issued', message: 'Issued' })}</dt>
          <dd>{formatDate(result.issueDate, undefined, locale)}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.verify.issuedBy', message: 'Issued by' })}</dt>
          <dd>{result.issuedBy}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.verify.status', message: 'Status' })}</dt>
          <dd>
            {result.revoked
              ? i18n._({ id: 'public.verify.statusRevoked', message: 'Revoked' })
              : i18n._({ id: 'public.verify.statusValid', message: 'Valid' })}
          </dd>
        </div>
      </dl>
      <CredentialChecker certificateCode={code} />
    </>
  );
}

/** /verify/{code}: anyone can check whether a certificate code is genuine, without signing in. */
export function VerifyPage() {
  const i18n = useI18n();
  const { certificateCode = '' } = useParams();
  return (
    <main className={styles.detail}>
      <PageHead
        title={i18n._({ id: 'public.verify.title', message: 'Certificate verification' })}
        description={i18n._({
          id: 'public.verify.description',
          message: 'Check that a BTLS Coffee Training Centre certificate is genuine.',
        })}
        path={paths.verify(certificateCode)}
      />
      <h1>{i18n._({ id: 'public.verify.title', message: 'Certificate verification' })}</h1>
      <p>
        {i18n._({ id: 'public.verify.code', message: 'Code:' })} <strong>{certificateCode}</strong>
      </p>
      <QueryBoundary
        loading={<Spinner label={i18n._({ id: 'public.verify.checking', message: 'Checking the certificate...' })} />}
        error={(message) => <ErrorBanner>{message}</ErrorBanner>}
      >
        <Verification code={certificateCode} />
      </QueryBoundary>
    </main>
  );
}
