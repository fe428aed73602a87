import { randomBytes } from 'node:crypto';

/** Crockford's base32 without look-alikes: 16 characters carry 80 random bits. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new certificate code, `BTLS-XXXX-XXXX-XXXX-XXXX`: unguessable, so it is the key to a public check. */
export function newCertificateCode(): string {
  const chars = [...randomBytes(16)].map((b) => ALPHABET[b & 31]).join('');
  return `BTLS-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12, 16)}`;
}
