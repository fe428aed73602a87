import { createUser, registerEmployer, requestPasswordReset, resetPassword } from './calls';
import { useApiMutation } from '../mutations';
import { outboxKeys } from '../outbox/keys';
import type { RegisterPayload, ResetPasswordPayload } from '../schemas';
import { userKeys } from '../users/keys';

export const useCreateUser = () => useApiMutation((payload: RegisterPayload) => createUser(payload), [userKeys.users]);

// The public forms: a company's account, a reset link (an e-mail in the outbox), a new password, a message.
export const useRegisterEmployer = () => useApiMutation(registerEmployer, [userKeys.users]);

export const useRequestPasswordReset = () => useApiMutation(requestPasswordReset, [outboxKeys.outbox]);

export const useResetPassword = () => useApiMutation((payload: ResetPasswordPayload) => resetPassword(payload), []);
