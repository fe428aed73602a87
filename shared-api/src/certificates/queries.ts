import { queryOptions } from '@btls/kernel';
import {
  checkCredential,
  getCertificateByCode,
  getCertificateCredential,
  getEnrollmentCertificate,
  getMyCertificates,
  verifyCertificate,
} from './calls';
import { EMPLOYER_RECENT_TRAINEES } from '../constants';
import { paged } from '../query-helpers';
import { listCertifiedTraineesPage } from '../users/calls';
import { certificateKeys } from './keys';

export const certificateVerificationQuery = (code: string) =>
  queryOptions({ queryKey: certificateKeys.certificateVerification(code), queryFn: () => verifyCertificate(code) });

/** A certificate's own signed credential, as the server's verifier judges it (under the certificate: a revocation refreshes it). */
export const certificateCredentialCheckQuery = (code: string) =>
  queryOptions({
    queryKey: [...certificateKeys.certificate(code), 'credential-check'] as const,
    queryFn: async () => checkCredential(await getCertificateCredential(code)),
  });

/** The employer dashboard's latest certified trainees; a failure shows none and is only logged (docs/product.md §8). */
export const recentTalentQuery = () =>
  queryOptions({
    queryKey: [...certificateKeys.certifiedTrainees, 'recent'] as const,
    queryFn: () =>
      listCertifiedTraineesPage({ limit: EMPLOYER_RECENT_TRAINEES }).catch(
        (error: Error) => (console.error(error.message), { items: [], total: 0 }),
      ),
  });

/** The certificate of an enrollment, or null: none issued yet, or a failure, which is only logged (docs/product.md §8). */
export const enrollmentCertificateQuery = (enrollmentId: number) =>
  queryOptions({
    queryKey: certificateKeys.enrollmentCertificate(enrollmentId),
    queryFn: () => getEnrollmentCertificate(enrollmentId).catch((error: unknown) => (console.error(error), null)),
  });

export const myCertificatesQuery = () =>
  queryOptions({ queryKey: certificateKeys.myCertificates, queryFn: () => getMyCertificates() });

export const certificateQuery = (code: string) =>
  queryOptions({ queryKey: certificateKeys.certificate(code), queryFn: () => getCertificateByCode(code) });

export const pagedCertifiedTrainees = /* @__PURE__ */ paged(
  certificateKeys.certifiedTrainees,
  listCertifiedTraineesPage,
);
