/**
 * Phone numbers checked against every country's numbering plan (libphonenumber's full metadata, on the server
 * only: the pages check the number's shape, see shared-api's `phoneNumber`), and shown back written the
 * international way.
 */
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** A number in E.164 that some country gives out (+256 772 123 456 is, +256 12 is not). */
export const isRealPhoneNumber = (e164: string): boolean => isValidPhoneNumber(e164);

/** `+256772123456` as `+256 772 123456`, readable by anyone in any country; kept as it is when not parsable. */
export function phoneShown(e164: string | null): string | null {
  if (!e164) return e164;
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
