/** Certificates and their verifiable credentials (docs/product.md §3, docs/product.md §7). */
import { z } from 'zod';
import {
  course as courseText,
  credentialCheck,
  enrollment as enrollmentText,
  user as userText,
  validation,
} from '../messages';
import { idSchema, noticeFields, requiredText } from '../schema-blocks';

export const certificateSchema = z.object({
  id: z.number(),
  certificateCode: z.string(),
  issueDate: z.string(),
  enrollmentApplicationId: z.number(),
  userId: z.number(),
  courseId: z.number(),
  traineeFirstName: z.string(),
  traineeLastName: z.string(),
  courseTitle: z.string(),
  courseDuration: z.string().nullable(),
  courseTrainingCenter: z.string().nullable(),
  issuedByAdminFirstName: z.string(),
  issuedByAdminLastName: z.string(),
  /** Set when an admin revoked the certificate; the reason is shown to admins only. */
  revokedAt: z.string().nullable(),
  revocationReason: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** The public answer of /certificates/verify/{code}: only what a verifier needs, nothing else. */
export const certificateVerificationSchema = z.object({
  /** The code names a certificate we issued that is not revoked (false once revoked). */
  valid: z.boolean(),
  certificateCode: z.string(),
  traineeName: z.string(),
  courseTitle: z.string(),
  issueDate: z.string(),
  issuedBy: z.string(),
  revoked: z.boolean(),
  /** Why it is not valid (the revocation), in the catalogue's words; empty when valid. */
  errors: z.array(z.string()),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

export const issueCertificatePayloadSchema = z.object({
  enrollmentApplicationId: idSchema(enrollmentText.invalidId),
  userId: idSchema(userText.invalidId),
  courseId: idSchema(courseText.invalidId),
});
export type IssueCertificatePayload = z.input<typeof issueCertificatePayloadSchema>;

export const certificateAnswerSchema = z.object({ ...noticeFields, certificate: certificateSchema });
export type CertificateAnswer = z.infer<typeof certificateAnswerSchema>;

export const revokeCertificatePayloadSchema = z.object({
  reason: requiredText(validation.revocationReasonRequired, 500),
});
export type RevokeCertificatePayload = z.input<typeof revokeCertificatePayloadSchema>;

/** A signed Open Badges 3.0 credential (JSON-LD): checked by its proof, not by this schema. */
export const verifiableCredentialSchema = z.record(z.string(), z.unknown(), { error: credentialCheck.notACredential });
export type VerifiableCredential = z.infer<typeof verifiableCredentialSchema>;

/** The answer of POST /credentials/verify. The facts are read from the credential, trusted only when verified. */
export const credentialCheckSchema = z.object({
  /** The proof holds, we are the issuer, and the status could be checked. */
  verified: z.boolean(),
  revoked: z.boolean(),
  issuer: z.string().nullable(),
  subjectName: z.string().nullable(),
  achievementName: z.string().nullable(),
  validFrom: z.string().nullable(),
  errors: z.array(z.string()),
});
export type CredentialCheck = z.infer<typeof credentialCheckSchema>;
