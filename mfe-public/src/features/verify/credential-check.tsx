import { useId, useState, type DragEvent } from 'react';
import {
  certificateCredentialCheckQuery,
  credentialCheck,
  errorMessage,
  MAX_CREDENTIAL_BYTES,
  translateMessage,
  useCheckCredential,
  useQuery,
} from '@btls/shared-api';
import { useI18n } from '@btls/shared-auth';
import type { CredentialCheck } from '@btls/shared-api/schemas';
import { ErrorBanner, Spinner, SuccessBanner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useHydrated } from '@btls/shared-ui/hydrated';
import { useLocale } from '@btls/shared-ui/i18n';
import facts from '../courses/courses.module.css';
import styles from './credential-check.module.css';

interface Check {
  checking: boolean;
  result?: CredentialCheck;
  error?: string;
}

/**
 * The signed Open Badges credential, checked by the server's verifier (proof, issuer, revocation): the
 * certificate's own when a code is given, and any .json credential someone drops here or chooses (which then
 * shows instead).
 */
export function CredentialChecker({ certificateCode }: { certificateCode?: string }) {
  const i18n = useI18n();
  const own = useQuery({ ...certificateCredentialCheckQuery(certificateCode ?? ''), enabled: !!certificateCode });
  const checkCredential = useCheckCredential();
  const [fileCheck, setFileCheck] = useState<Check | null>(null);
  const [dragging, setDragging] = useState(false);
  const headingId = useId();
  // The check runs in the browser: a page read without script does not show it as coming.
  const hydrated = useHydrated();
  const shown: Check | null =
    fileCheck ??
    (certificateCode
      ? { checking: own.isPending, result: own.data, error: own.error ? errorMessage(own.error) : '' }
      : null);

  async function check(credential: () => Promise<unknown>) {
    setFileCheck({ checking: true });
    try {
      setFileCheck({ checking: false, result: await checkCredential.mutateAsync(await credential()) });
    } catch (failure) {
      setFileCheck({ checking: false, error: errorMessage(failure) });
    }
  }

  function checkFile(file: File | undefined) {
    if (!file) return;
    void check(async () => {
      if (file.size > MAX_CREDENTIAL_BYTES) throw new Error(credentialCheck.tooLarge);
      try {
        return JSON.parse(await file.text()) as unknown;
      } catch {
        throw new Error(credentialCheck.notACredential);
      }
    });
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    checkFile(event.dataTransfer.files[0]);
  }

  return (
    // A certificate's own check is what its page is opened for: the page's script comes at once, not at a first
    // use (the loader reads data-wake-now).
    <section className={styles.section} aria-labelledby={headingId} data-wake-now={certificateCode ? '' : undefined}>
      <h2 id={headingId}>
        {i18n._({ id: 'public.credential.title', message: 'Verifiable credential (Open Badges 3.0)' })}
      </h2>
      <label
        className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <span>
          {i18n._({
            id: 'public.credential.drop',
            message: 'Drop a .json credential here, or choose one, to check its signature and status.',
          })}
        </span>
        {/* The browser's own file control speaks the browser's language and is a line of small text: the
            button a thumb taps is the page's, in the page's language, the control itself kept for the keyboard. */}
        <input
          type="file"
          className="visually-hidden"
          accept=".json,application/json,application/ld+json"
          onChange={(event) => {
            checkFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <span className={styles.choose} aria-hidden="true">
          {i18n._({ id: 'public.credential.choose', message: 'Choose a credential file' })}
        </span>
      </label>
      {/* The answer comes below the drop zone: appearing, it moves nothing already on screen. */}
      {!hydrated ? null : shown?.checking ? (
        <Spinner label={i18n._({ id: 'public.credential.checking', message: 'Checking the credential...' })} />
      ) : shown?.error ? (
        <ErrorBanner>{shown.error}</ErrorBanner>
      ) : (
        shown?.result && <CheckResult result={shown.result} />
      )}
    </section>
  );
}

function CheckResult({ result }: { result: CredentialCheck }) {
  const i18n = useI18n();
  const locale = useLocale();
  return (
    <>
      {result.verified ? (
        <SuccessBanner>{i18n._({ id: 'public.credential.signatureValid', message: 'Signature valid' })}</SuccessBanner>
      ) : (
        <ErrorBanner>
          <ul className={styles.errors}>
            {result.errors.map((problem) => (
              <li key={problem}>{translateMessage(problem)}</li>
            ))}
          </ul>
        </ErrorBanner>
      )}
      <dl className={facts.detailFacts}>
        <div>
          <dt>{i18n._({ id: 'public.credential.issuer', message: 'Issuer' })}</dt>
          <dd>{result.issuer ?? '–'}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.credential.name', message: 'Name' })}</dt>
          <dd>{result.subjectName ?? '–'}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.verify.course', message: 'Course' })}</dt>
          <dd>{result.achievementName ?? '–'}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.credential.date', message: 'Date' })}</dt>
          <dd>{result.validFrom ? formatDate(result.validFrom, undefined, locale) : '–'}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'public.verify.status', message: 'Status' })}</dt>
          <dd>
            {result.revoked
              ? i18n._({ id: 'public.verify.statusRevoked', message: 'Revoked' })
              : !result.verified
                ? i18n._({ id: 'public.credential.notVerified', message: 'Not verified' })
                : i18n._({ id: 'public.credential.valid', message: 'Valid, not revoked' })}
          </dd>
        </div>
      </dl>
    </>
  );
}
