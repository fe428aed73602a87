import { randomBytes } from 'node:crypto';
import { CERTIFICATE_CODE_ALPHABET as ALPHABET, certificateCodeFrom } from '@btls/shared-api/certificate-code';

/**
 * A new certificate code, `BTLS-XXXX-XXXX-XXXX-XXXX`: unguessable, so it is the key to a public check. Its 16
 * characters of Crockford's base32 (the contract's alphabet, which reads codes back) carry 80 random bits.
 */
export function newCertificateCode(): string {
  const chars = [...randomBytes(16)].map((b) => ALPHABET[b & 31]).join('');
  return certificateCodeFrom(chars);
}
