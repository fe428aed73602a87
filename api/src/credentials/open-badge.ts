/**
 * A certificate as an Open Badges 3.0 credential (OpenBadgeCredential on Verifiable Credentials 2.0). The check
 * of a credential someone hands us is in ./check.ts (it runs in a worker thread).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { DEFAULT_TRAINING_CENTER } from '@btls/shared-api/constants';
import type { Db } from '../db/client';
import { certificates, progressRecords } from '../db/schema';
import { OPEN_BADGES_CONTEXT, VC_CONTEXT } from './contexts';
import type { Issuer } from './issuer';
import { statusEntryFor } from './status-list';

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
