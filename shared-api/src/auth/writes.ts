import {
  addPasskey,
  confirmIdentity,
  createUser,
  registerEmployer,
  removePasskey,
  requestPasswordReset,
  resetPassword,
} from './calls';
import { authKeys } from './keys';
import type { AddPasskeyPayload, SudoPayload } from './schemas';
import { useApiMutation } from '../mutations';
import { outboxKeys } from '../outbox/keys';
import type { RegisterPayload, ResetPasswordPayload } from '../schemas';
import { userKeys } from '../users/keys';

export const useCreateUser = () => useApiMutation((payload: RegisterPayload) => createUser(payload), [userKeys.users]);

// The public forms: a company's account, a reset link (an e-mail in the outbox), a new password, a message.
export const useRegisterEmployer = () => useApiMutation(registerEmployer, [userKeys.users]);

export const useRequestPasswordReset = () => useApiMutation(requestPasswordReset, [outboxKeys.outbox]);

export const useResetPassword = () => useApiMutation((payload: ResetPasswordPayload) => resetPassword(payload), []);

// The console's: confirming it is you (nothing listed changes), and the admin's passkeys.
export const useConfirmIdentity = () => useApiMutation((payload: SudoPayload) => confirmIdentity(payload), []);
export const useAddPasskey = () =>
  useApiMutation((payload: AddPasskeyPayload) => addPasskey(payload), [authKeys.passkeys]);
export const useRemovePasskey = () => useApiMutation((id: number) => removePasskey(id), [authKeys.passkeys]);
