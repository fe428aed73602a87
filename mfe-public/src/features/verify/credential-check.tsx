import { useCallback, useEffect, useId, useState, type DragEvent } from 'react';
import { checkCredential, credentialCheck, getCertificateCredential } from '@btls/shared-api';
import type { CredentialCheck } from '@btls/shared-api/schemas';
import { ErrorBanner, Spinner, SuccessBanner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import facts from '../courses/courses.module.css';
import styles from './credential-check.module.css';

/**
 * The signed Open Badges credential, checked by the server's verifier (proof, issuer, revocation): the
 * certificate's own when a code is given, and any .json credential someone drops here or chooses.
 */
export function CredentialChecker({ certificateCode }: { certificateCode?: string }) {
  const [result, setResult] = useState<CredentialCheck | null>(null);
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);
  const [dragging, setDragging] = useState(false);
  const headingId = useId();

  const check = useCallback(async (credential: () => Promise<unknown>) => {
    setChecking(true);
    setError('');
    setResult(null);
    try {
      setResult(await checkCredential(await credential()));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setChecking(false);
    }
  }, []);

  useEffect(() => {
    if (certificateCode) void check(() => getCertificateCredential(certificateCode));
  }, [certificateCode, check]);

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
      {checking ? (
        <Spinner label="Checking the credential..." />
      ) : error ? (
        <ErrorBanner>{error}</ErrorBanner>
      ) : (
        result && <CheckResult result={result} />
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
