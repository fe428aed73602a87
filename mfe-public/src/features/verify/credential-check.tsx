import { useId, useState, type DragEvent } from 'react';
import { certificateCredentialCheckQuery, credentialCheck, errorMessage, useCheckCredential, useQuery } from '@btls/shared-api';
import type { CredentialCheck } from '@btls/shared-api/schemas';
import { ErrorBanner, Spinner, SuccessBanner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
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
  const own = useQuery({ ...certificateCredentialCheckQuery(certificateCode ?? ''), enabled: !!certificateCode });
  const checkCredential = useCheckCredential();
  const [fileCheck, setFileCheck] = useState<Check | null>(null);
  const [dragging, setDragging] = useState(false);
  const headingId = useId();
  const shown: Check | null =
    fileCheck ?? (certificateCode ? { checking: own.isPending, result: own.data, error: own.error ? errorMessage(own.error) : '' } : null);

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
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Verifiable credential (Open Badges 3.0)</h2>
      <label
        className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <span>Drop a .json credential here, or choose one, to check its signature and status.</span>
        <input
          type="file"
          accept=".json,application/json,application/ld+json"
          onChange={(event) => {
            checkFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {/* The answer comes below the drop zone: appearing, it moves nothing already on screen. */}
      {shown?.checking ? (
        <Spinner label="Checking the credential..." />
      ) : shown?.error ? (
        <ErrorBanner>{shown.error}</ErrorBanner>
      ) : (
        shown?.result && <CheckResult result={shown.result} />
      )}
    </section>
  );
}

function CheckResult({ result }: { result: CredentialCheck }) {
  return (
    <>
      {result.verified ? (
        <SuccessBanner>{credentialCheck.signatureValid}</SuccessBanner>
      ) : (
        <ErrorBanner>
          <ul className={styles.errors}>
            {result.errors.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </ErrorBanner>
      )}
      {result.verified && result.revoked && <ErrorBanner>{credentialCheck.revoked}</ErrorBanner>}
      <dl className={facts.detailFacts}>
        <div><dt>Issuer</dt><dd>{result.issuer ?? '–'}</dd></div>
        <div><dt>Name</dt><dd>{result.subjectName ?? '–'}</dd></div>
        <div><dt>Course</dt><dd>{result.achievementName ?? '–'}</dd></div>
        <div><dt>Date</dt><dd>{result.validFrom ? formatDate(result.validFrom) : '–'}</dd></div>
        <div><dt>Status</dt><dd>{!result.verified ? 'Not verified' : result.revoked ? 'Revoked' : 'Valid, not revoked'}</dd></div>
      </dl>
    </>
  );
}
