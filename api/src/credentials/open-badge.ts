/**
 * A certificate as an Open Badges 3.0 credential (OpenBadgeCredential on Verifiable Credentials 2.0), and the
 * check of any credential someone hands us: the proof, that we are its issuer, and its revocation status.
 */
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { verifyCredential } from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { DEFAULT_TRAINING_CENTER } from '@btls/shared-api/constants';
import { credentialCheck } from '@btls/shared-api/messages';
import type { CredentialCheck } from '@btls/shared-api/schemas';
import type { Db } from '../db/client';
import { certificates, progressRecords } from '../db/schema';
import { documentLoader, OPEN_BADGES_CONTEXT, VC_CONTEXT } from './contexts';
import type { Issuer } from './issuer';
import { statusEntryFor, statusListUrl } from './status-list';

type CertificateRow = typeof certificates.$inferSelect;

/** The unsigned credential: what the certificate says, in the standard's words. */
export function openBadgeFor(certificate: CertificateRow, assessments: string[], issuer: Issuer) {
  const centre = certificate.courseTrainingCenter || DEFAULT_TRAINING_CENTER;
  const course = certificate.courseTitle;
  const duration = certificate.courseDuration ? ` (${certificate.courseDuration})` : '';
  const assessed = assessments.length
    ? `passed its assessments, recorded by a trainer: ${assessments.join('; ')}`
    : 'passed the assessments recorded by its trainer';
  return {
    '@context': [VC_CONTEXT, OPEN_BADGES_CONTEXT],
    id: `${issuer.url}/api/certificates/${encodeURIComponent(certificate.certificateCode)}/credential`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: issuer.profile,
    validFrom: certificate.issueDate.toISOString(),
    name: `${course}: Certificate of Completion`,
    credentialSubject: {
      type: ['AchievementSubject'],
      name: `${certificate.traineeFirstName} ${certificate.traineeLastName}`,
      achievement: {
        id: `${issuer.url}/courses/${certificate.courseId}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: course,
        description: `Completion of the ${course} course${duration} at ${centre}.`,
        criteria: {
          narrative: `Completed the ${course} course${duration} at ${centre} and ${assessed}. Certificate ${certificate.certificateCode}.`,
        },
        creator: { id: issuer.did, type: ['Profile'], name: centre },
      },
    },
    credentialStatus: statusEntryFor(issuer, certificate.id),
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/**
 * Checks a credential with the libraries, offline: contexts are bundled, the key comes from the did:key, and
 * the only other document loadable is our own status list.
 */
export async function checkOpenBadge(
  credential: Record<string, unknown>,
  issuer: Issuer,
  statusList: () => Promise<string>,
): Promise<CredentialCheck> {
  const ownStatusList = statusListUrl(issuer);
  const loader = documentLoader(async (url) => (url === ownStatusList ? JSON.parse(await statusList()) : undefined));
  const result = await verifyCredential({
    credential,
    suite: new DataIntegrityProof({ cryptosuite }),
    documentLoader: loader,
    checkStatus: (options) => checkStatus({ ...options, verifyMatchingIssuers: true }),
  });

  const claimedIssuer = field(credential, 'issuer');
  const issuerId = text(claimedIssuer) ?? text(field(claimedIssuer, 'id'));
  const subject = field(credential, 'credentialSubject');
  const errors: string[] = [];
  // The status is checked only once the proof holds, so a status result means the signature is good.
  const signatureValid = result.verified || result.statusResult !== undefined;
  if (!signatureValid) errors.push(credentialCheck.signatureInvalid);
  const ours = issuerId === issuer.did;
  if (!ours) errors.push(credentialCheck.notOurIssuer);
  else if (signatureValid && !result.statusResult?.verified) errors.push(credentialCheck.statusUnknown);
  const revoked = ours && result.statusResult?.results?.[0]?.status === true;
  return {
    verified: result.verified && ours,
    revoked,
    issuer: text(field(claimedIssuer, 'name')) ?? issuerId,
    subjectName: text(field(subject, 'name')),
    achievementName: text(field(field(subject, 'achievement'), 'name')),
    validFrom: text(field(credential, 'validFrom')),
    errors,
  };
}

/**
 * The certificate's signed credential: made once (on issue, or on first request for older certificates) and
 * kept, so the same certificate always answers the same credential. Concurrent first requests keep one.
 */
export async function signedCredentialOf(db: Db, issuer: Issuer, certificate: CertificateRow): Promise<string> {
  if (certificate.credential) return certificate.credential;
  const assessments = await db
    .select({ name: progressRecords.assessmentName })
    .from(progressRecords)
    .where(eq(progressRecords.enrollmentId, certificate.enrollmentId))
    .orderBy(asc(progressRecords.recordDate), asc(progressRecords.id));
  const signed = JSON.stringify(
    await issuer.sign(
      openBadgeFor(
        certificate,
        assessments.map((a) => a.name),
        issuer,
      ),
    ),
    null,
    2,
  );
  const [saved] = await db
    .update(certificates)
    .set({ credential: signed })
    .where(and(eq(certificates.id, certificate.id), isNull(certificates.credential)))
    .returning({ credential: certificates.credential });
  if (saved?.credential) return saved.credential;
  const [kept] = await db
    .select({ credential: certificates.credential })
    .from(certificates)
    .where(eq(certificates.id, certificate.id));
  return kept!.credential!;
}
