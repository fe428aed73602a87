/**
 * The certificates resource's query keys: each starts with the resource, so a write refreshes all its views.
 */

export const certificateKeys = {
  certificateVerification: (code: string) => ['certificate-verification', code] as const,
  certificates: ['certificates'] as const,
  enrollmentCertificate: (enrollmentId: number) => ['certificates', 'enrollment', enrollmentId] as const,
  myCertificates: ['certificates', 'mine'] as const,
  /** The trainees holding a certificate: issuing or revoking one changes the list. */
  certifiedTrainees: ['certificates', 'certified-trainees'] as const,
  certificate: (code: string) => ['certificates', 'code', code] as const,
};
