import { ApiError, apiHref, call, listQuery, seg, type PageParams } from '../client';
import { certificateFallback } from './texts';
import type {
  Certificate,
  CertificateAnswer,
  CertificateVerification,
  CredentialCheck,
  IssueCertificatePayload,
  RevokeCertificatePayload,
  VerifiableCredential,
} from '../schemas';

const signedIn = { bearer: 'required', missingToken: certificateFallback.certificateMissingInfo } as const;

export function getMyCertificates(params?: PageParams): Promise<Certificate[]> {
  return call({
    operation: 'GET /certificates/user',
    path: 'certificates/user',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: () => certificateFallback.fetchMyCertificates,
  });
}

/** The certificate of an enrollment, or null when none was issued (a 404 is silent, docs/product.md §8). */
export async function getEnrollmentCertificate(enrollmentId: number): Promise<Certificate | null> {
  try {
    return await call<Certificate>({
      operation: 'GET /certificates/enrollment/:enrollmentId',
      path: `certificates/enrollment/${seg(enrollmentId)}`,
      auth: signedIn,
      fallback: certificateFallback.fetchEnrollmentCertificate,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function issueCertificate(payload: IssueCertificatePayload): Promise<CertificateAnswer> {
  return call({
    operation: 'POST /certificates/issue',
    path: 'certificates/issue',
    auth: signedIn,
    json: payload,
    fallback: () => certificateFallback.issueCertificate,
  });
}

export function getCertificateByCode(code: string): Promise<Certificate> {
  if (!code) return Promise.reject(new ApiError(certificateFallback.certificateMissingInfo, 400));
  return call({
    operation: 'GET /certificates/code/:code',
    path: `certificates/code/${seg(code)}`,
    auth: signedIn,
    fallback: certificateFallback.fetchCertificate,
  });
}

/** Public, no login: whether a code is a genuine certificate (null when it is not), for /verify/{code}. */
export async function verifyCertificate(code: string): Promise<CertificateVerification | null> {
  try {
    return await call<CertificateVerification>({
      operation: 'GET /certificates/verify/:code',
      path: `certificates/verify/${seg(code)}`,
      auth: { bearer: 'none' },
      fallback: certificateFallback.fetchCertificate,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Admins only: revokes the certificate (its credential then checks as revoked) with a reason. */
export function revokeCertificate(code: string, payload: RevokeCertificatePayload): Promise<CertificateAnswer> {
  return call({
    operation: 'POST /certificates/:code/revoke',
    path: `certificates/${seg(code)}/revoke`,
    auth: signedIn,
    json: payload,
    fallback: () => certificateFallback.revokeCertificate,
  });
}

/** Public: where the signed Open Badges 3.0 credential of a certificate downloads (a link, not a call). */
export const certificateCredentialHref = (code: string) => apiHref(`certificates/${seg(code)}/credential`);

/** Public, no login: the certificate's signed Open Badges 3.0 credential, as JSON. */
export function getCertificateCredential(code: string): Promise<VerifiableCredential> {
  return call({
    operation: 'GET /certificates/:code/credential',
    path: `certificates/${seg(code)}/credential`,
    auth: { bearer: 'none' },
    fallback: certificateFallback.fetchCertificate,
  });
}

/** Public, no login: checks a verifiable credential (its proof, our issuer, its revocation status). */
export function checkCredential(credential: unknown): Promise<CredentialCheck> {
  return call({
    operation: 'POST /credentials/verify',
    path: 'credentials/verify',
    auth: { bearer: 'none' },
    json: credential,
    fallback: certificateFallback.checkCredential,
  });
}
