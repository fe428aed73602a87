/**
 * A certificate's code, `BTLS-XXXX-XXXX-XXXX-XXXX`: `BTLS-` and 16 characters of Crockford's base32 (no I, L, O or
 * U, which look like other characters), in groups of four. The API makes them (api/src/certificate-code.ts); the
 * public check reads them as people write them.
 */

/** The characters of a code after `BTLS-`. */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 16;
const PREFIX = 'BTLS';

/** `BTLS-` and the 16 characters in groups of four: how a code is written, made or read. */
export const certificateCodeFrom = (chars: string) => `${PREFIX}-${chars.match(/.{4}/g)!.join('-')}`;

/** Text taken from an address, decoded when it can be (a malformed escape is kept as it is). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The code inside what was typed or pasted: the QR's address (`…/verify/<code>`, `…/verify?code=<code>`) or the code. */
function codePart(input: string): string {
  const text = input.trim();
  const address = /\/verify\/([^/?#\s]+)/i.exec(text);
  if (address) return decoded(address[1]!);
  const query = /[?&]code=([^&#\s]*)/i.exec(text);
  if (query) return decoded(query[1]!.replace(/\+/g, ' '));
  return text;
}

/**
 * The code as it was issued, from what a person typed or pasted; null when it cannot be a code. Spaces, dashes,
 * dots and lower case are forgiven, and so are `BTLS` left out and the look-alikes Crockford's base32 reads as
 * digits (O as 0, I and L as 1), which someone copying a printed code may write.
 */
export function certificateCodeOf(input: string): string | null {
  let chars = codePart(input)
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
  // (No code's own characters start with `BTLS`: L is not one of them.)
  if (chars.startsWith(PREFIX)) chars = chars.slice(PREFIX.length);
  if (chars.length !== CODE_LENGTH) return null;
  chars = chars.replace(/O/g, '0').replace(/[IL]/g, '1');
  if ([...chars].some((char) => !CERTIFICATE_CODE_ALPHABET.includes(char))) return null;
  return certificateCodeFrom(chars);
}
