import { certificateCodeOf, certificateVerificationQuery, useSuspenseQuery } from '@btls/shared-api';
import { paths, useI18n, useParams, useSearchParams } from '@btls/shared-auth';
import { ErrorBanner, Spinner, SuccessBanner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { PageHead } from '../../ui/page-head';
import styles from '../courses/courses.module.css';
import { CODE_FIELD, CodeForm, codeProblem } from './code-form';
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

/** Where the code is on a certificate: the page's one sentence, read before the box. */
function WhereTheCodeIs() {
  const i18n = useI18n();
  return (
    <p>
      {i18n._({
        id: 'public.verify.where',
        message:
          'The code is printed at the foot of the certificate, beside "Certificate code" (BTLS and 16 letters and digits). You can also paste the address its QR code opens.',
      })}
    </p>
  );
}

/** The page's heading, and its title: a code's check names the code, so the box and each check are told apart. */
function PageTitle({ path, code }: { path: string; code?: string | null }) {
  const i18n = useI18n();
  return (
    <>
      <PageHead
        title={
          code
            ? i18n._({ id: 'public.verify.titleOf', message: 'Certificate {code}', values: { code } })
            : i18n._({ id: 'public.verify.title', message: 'Certificate verification' })
        }
        description={i18n._({
          id: 'public.verify.description',
          message: 'Check that a BTLS Coffee Training Centre certificate is genuine.',
        })}
        path={path}
      />
      <h1>{i18n._({ id: 'public.verify.title', message: 'Certificate verification' })}</h1>
    </>
  );
}

/** A code's check: what the training centre says of it, then the box for another. */
function CheckOf({ code }: { code: string }) {
  const i18n = useI18n();
  return (
    <>
      <p>
        {i18n._({ id: 'public.verify.code', message: 'Code:' })} <strong>{code}</strong>
      </p>
      <QueryBoundary
        loading={<Spinner label={i18n._({ id: 'public.verify.checking', message: 'Checking the certificate...' })} />}
        error={(message) => <ErrorBanner>{message}</ErrorBanner>}
      >
        <Verification code={code} />
      </QueryBoundary>
    </>
  );
}

/** /verify/{code}: anyone can check whether a certificate code is genuine, without signing in. */
export function VerifyPage() {
  const { certificateCode = '' } = useParams();
  // An address typed by hand (lower case, without dashes) is the same certificate's.
  const code = certificateCodeOf(certificateCode) ?? certificateCode;
  return (
    <main className={styles.detail}>
      <PageTitle path={paths.verify(code)} code={code} />
      <CheckOf code={code} />
      <CodeForm key={code} another />
    </main>
  );
}

/**
 * /verify: the box a printed certificate sends its reader to ("Verify at …/verify", the code beside it). Without
 * script the form comes back as `/verify?code=…`, checked here in place: a code is shown with its check (its own
 * address, /verify/{code}, is the page's canonical one), anything else is refused beside the field.
 */
export function CertificateCheckPage() {
  const i18n = useI18n();
  const [search] = useSearchParams();
  const typed = search.get(CODE_FIELD);
  const code = typed === null ? null : certificateCodeOf(typed);
  return (
    <main className={styles.detail}>
      <PageTitle path={code ? paths.verify(code) : paths.certificateCheck} code={code} />
      {code ? (
        <>
          <CheckOf code={code} />
          <CodeForm key={code} another />
        </>
      ) : (
        <>
          <WhereTheCodeIs />
          <CodeForm
            key={typed ?? ''}
            typed={typed ?? ''}
            refused={typed === null ? undefined : codeProblem(typed, i18n)}
          />
        </>
      )}
    </main>
  );
}
