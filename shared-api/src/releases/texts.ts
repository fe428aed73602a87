/**
 * The texts of the releases resource that the browser shows from its own code (the forms' checks, the docs/product.md §8
 * fallbacks of its calls), each under its code `<group>.<key>`; the server answers with the same words.
 */
import { withCodes } from '../text-codes';

/** The admins' Releases page: what a failed call says when the server sent no words of its own. */
export const releases = /* @__PURE__ */ withCodes('releases', {
  failedReleases: 'Could not load the releases. Please try again.',
  failedReleaseChange: 'Could not change the release. Please try again.',
  failedTokens: 'Could not load or change the release tokens. Please try again.',
} as const);
