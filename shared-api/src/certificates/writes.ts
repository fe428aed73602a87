import { checkCredential, issueCertificate, revokeCertificate } from './calls';
import { certificateKeys } from './keys';
import { enrollmentKeys } from '../enrollments/keys';
import { useApiMutation } from '../mutations';
import type { IssueCertificatePayload, RevokeCertificatePayload } from '../schemas';

export const useIssueCertificate = () =>
  useApiMutation(
    (payload: IssueCertificatePayload) => issueCertificate(payload),
    [certificateKeys.certificates, enrollmentKeys.enrollments],
  );

export const useRevokeCertificate = () =>
  useApiMutation(
    ({ code, ...payload }: RevokeCertificatePayload & { code: string }) => revokeCertificate(code, payload),
    [certificateKeys.certificates],
  );

/** Checking a credential someone brings changes nothing on the server. */
export const useCheckCredential = () => useApiMutation(checkCredential, []);
