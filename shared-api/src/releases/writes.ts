import { useApiMutation } from '../mutations';
import { createReleaseToken, promoteRollout, revokeReleaseToken, rollBackRelease, stopRollout } from './calls';
import { releaseKeys } from './keys';

// Releases: each change shows in the areas' list and the audit log (both under the 'releases' key).
export const usePromoteRollout = () => useApiMutation(promoteRollout, [releaseKeys.releases]);

export const useStopRollout = () => useApiMutation(stopRollout, [releaseKeys.releases]);

export const useRollBackRelease = () => useApiMutation(rollBackRelease, [releaseKeys.releases]);

export const useCreateReleaseToken = () => useApiMutation(createReleaseToken, [releaseKeys.releases]);

export const useRevokeReleaseToken = () => useApiMutation(revokeReleaseToken, [releaseKeys.releases]);
