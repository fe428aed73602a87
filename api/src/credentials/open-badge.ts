/**
 * A certificate as an Open Badges 3.0 credential (OpenBadgeCredential on Verifiable Credentials 2.0). The check
 * of a credential someone hands us is in ./check.ts (it runs in a worker thread).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { DEFAULT_TRAINING_CENTER } from '@btls/shared-api/constants';
import type { Db } from '../db/client';
import { certificates, progressRecords, users } from '../db/schema';
import { OPEN_BADGES_CONTEXT, VC_CONTEXT } from './contexts';
import type { Issuer } from './issuer';
import { statusEntryFor } from './status-list';

type CertificateRow = typeof certificates.$inferSelect;

/**
 * Who the credential is about, as Open Badges 3.0 asks (the subject MUST have an `id` or an
 * `identifier`): an IdentityObject with the trainee's e-mail address hashed with a salt of its own, so the file
 * does not show the address, yet whoever knows it can check that the certificate is that person's:
 * `identityHash` is `sha256$` and the hex SHA-256 of the address (trimmed, lower case: addresses are one
 * account whatever their case here) followed by the salt.
 */
export function emailIdentity(email: string, salt = randomBytes(16).toString('hex')) {
  const hash = createHash('sha256')
    .update(email.trim().toLowerCase() + salt)
    .digest('hex');
  return { type: 'IdentityObject', identityHash: `sha256$${hash}`, identityType: 'emailAddress', hashed: true, salt };
}

/** The unsigned credential: what the certificate says, in the standard's words. */
export function openBadgeFor(
  certificate: CertificateRow,
  assessments: string[],
  issuer: Issuer,
  identity?: ReturnType<typeof emailIdentity>,
) {
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
      ...(identity ? { identifier: [identity] } : {}),
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
    // The page a printed certificate names (its QR code opens it): anyone holding the code sees the centre's own
    // answer there, revocation included.
    evidence: [
      {
        id: verificationUrl(issuer, certificate.certificateCode),
        type: ['Evidence'],
        name: 'Certificate verification',
        narrative: `The training centre's public check of certificate ${certificate.certificateCode}: who it was issued to, for which course, when, and whether it was revoked.`,
      },
    ],
    credentialStatus: statusEntryFor(issuer, certificate.id),
  };
}

/** Where anyone checks a certificate by its code: the address its QR code holds and its credential names. */
export const verificationUrl = (issuer: Issuer, code: string) => `${issuer.url}/verify/${encodeURIComponent(code)}`;

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
  // Credentials made from now on name their subject; one made before keeps its bytes.
  const [holder] = await db.select({ email: users.email }).from(users).where(eq(users.id, certificate.userId));
  const signed = JSON.stringify(
    await issuer.sign(
      openBadgeFor(
        certificate,
        assessments.map((a) => a.name),
        issuer,
        holder ? emailIdentity(holder.email) : undefined,
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
