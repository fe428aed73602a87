/**
 * The texts of the contact resource that the browser shows from its own code (the forms' checks, the docs/product.md §8
 * fallbacks of its calls), each under its code `<group>.<key>`; the server answers with the same words.
 */
import { withCodes } from '../text-codes';

export const contactFallback = /* @__PURE__ */ withCodes('fallback', {
  contact: 'An error occurred. Please try again.',
} as const);
