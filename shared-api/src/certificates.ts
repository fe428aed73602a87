import { ApiError, call, listQuery, seg, type PageParams } from './client';
import { fallback } from './messages';
import type { Certificate, CertificateAnswer, CertificateVerification, IssueCertificatePayload } from './schemas';

const signedIn = { bearer: 'required', missingToken: fallback.certificateMissingInfo } as const;

export function getMyCertificates(params?: PageParams): Promise<Certificate[]> {
  return call({
    method: 'get',
    path: 'certificates/user',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: () => fallback.fetchMyCertificates,
  });
}

/** The certificate of an enrollment, or null when none was issued (a 404 is silent, spec §8). */
export async function getEnrollmentCertificate(enrollmentId: number): Promise<Certificate | null> {
  try {
    return await call<Certificate>({
      method: 'get',
      path: `certificates/enrollment/${seg(enrollmentId)}`,
      auth: signedIn,
      fallback: fallback.fetchEnrollmentCertificate,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function issueCertificate(payload: IssueCertificatePayload): Promise<CertificateAnswer> {
  return call({
    method: 'post',
    path: 'certificates/issue',
    auth: signedIn,
    json: payload,
    fallback: () => fallback.issueCertificate,
  });
}

export function getCertificateByCode(code: string): Promise<Certificate> {
  if (!code) return Promise.reject(new ApiError(fallback.certificateMissingInfo, 400));
  return call({
    method: 'get',
    path: `certificates/code/${seg(code)}`,
    auth: signedIn,
    fallback: fallback.fetchCertificate,
  });
}

/** Public, no login: whether a code is a genuine certificate (null when it is not), for /verify/{code}. */
export async function verifyCertificate(code: string): Promise<CertificateVerification | null> {
  try {
    return await call<CertificateVerification>({
      method: 'get',
      path: `certificates/verify/${seg(code)}`,
      auth: { bearer: 'none' },
      fallback: fallback.fetchCertificate,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
