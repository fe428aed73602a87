import { useQueryClient } from '@btls/kernel';
import { jobKeys } from '../jobs/keys';
import { useApiMutation } from '../mutations';
import { outboxKeys } from '../outbox/keys';
import type { PreferencesPayload, ProfilePayload, UserUpdatePayload } from '../schemas';
import {
  deleteUser,
  sendPasswordResetLink,
  setUserActive,
  updateMyPreferences,
  updateMyProfile,
  updateUser,
} from './calls';
import { userKeys } from './keys';

export const useUpdateUser = () =>
  useApiMutation(({ id, ...payload }: UserUpdatePayload & { id: number }) => updateUser(id, payload), [userKeys.users]);

export const useSetUserActive = () =>
  useApiMutation(
    ({ id, isActive }: { id: number; isActive: boolean }) => setUserActive(id, isActive),
    [userKeys.users, jobKeys.jobs],
  );

/** Deleting an employer deletes their postings too. */
export const useDeleteUser = () =>
  useApiMutation(
    ({ id, deleteJobs }: { id: number; deleteJobs?: boolean }) => deleteUser(id, { deleteJobs }),
    [userKeys.users, jobKeys.jobs],
  );

/** One's own name: the users list shows it too. */
export const useUpdateMyProfile = () =>
  useApiMutation((payload: ProfilePayload) => updateMyProfile(payload), [userKeys.users]);

export const useSendPasswordResetLink = () => useApiMutation(sendPasswordResetLink, [outboxKeys.outbox]);

/** The server answers the settings as saved: they are shown at once, with no second request. */
export function useUpdatePreferences() {
  const client = useQueryClient();
  return {
    async mutateAsync(change: PreferencesPayload) {
      const answer = await updateMyPreferences(change);
      client.setQueryData(userKeys.preferences, answer.preferences);
      return answer;
    },
  };
}
