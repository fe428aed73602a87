/**
 * The releases resource's query keys: each starts with the resource, so a write refreshes all its views.
 */

export const releaseKeys = {
  /** The areas' releases, their audit log and the release tokens: any change of one may change the others. */
  releases: ['releases'] as const,
  releaseAudit: ['releases', 'audit'] as const,
  releaseTokens: ['releases', 'tokens'] as const,
};
