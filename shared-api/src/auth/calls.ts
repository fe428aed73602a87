import { call } from '../client';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { account, authFallback, authValidation, session } from './texts';
import type {
  AuthAnswer,
  ChangePasswordPayload,
  LoginPayload,
  MessageAnswer,
  RegisterPayload,
  ResetLinkCheckAnswer,
  ResetPasswordPayload,
} from '../schemas';

export type TraineeRegistration = Omit<RegisterPayload, 'role' | 'companyName'>;
export type EmployerRegistration = Omit<RegisterPayload, 'role'> & { companyName: string };

/** Trainee sign-up; the answer carries a token and the user (docs/product.md §4: it signs in). */
export function registerTrainee(payload: TraineeRegistration): Promise<AuthAnswer> {
  return call({
    operation: 'POST /auth/register',
    path: 'auth/register',
    auth: { bearer: 'none' },
    json: payload,
    fallback: () => authFallback.register,
  });
}

/** Company sign-up from /employer/register; the role is fixed to employer. */
export function registerEmployer(payload: EmployerRegistration): Promise<AuthAnswer> {
  return call({
    operation: 'POST /auth/register',
    path: 'auth/register',
    auth: { bearer: 'none' },
    json: { ...payload, role: 'employer' },
    fallback: () => authFallback.registerCompany,
  });
}

/** An admin creates a user of any role; the answer carries no token (the admin stays signed in as themself). */
export function createUser(payload: RegisterPayload): Promise<AuthAnswer> {
  return call({
    operation: 'POST /auth/register',
    path: 'auth/register',
    auth: { bearer: 'required', missingToken: authFallback.createUser },
    json: payload,
    fallback: () => authFallback.createUser,
  });
}

/** Succeeds only when the answer carries both a user and a token (docs/product.md §5). */
export async function login(payload: LoginPayload): Promise<Required<AuthAnswer>> {
  const answer = await call<Partial<AuthAnswer>>({
    operation: 'POST /auth/login',
    path: 'auth/login',
    auth: { bearer: 'none' },
    json: payload,
    fallback: () => authFallback.login,
  });
  if (!answer.token || !answer.user) {
    console.error(authValidation.loginInvalidResponse);
    throw new Error(authValidation.loginInvalidResponse);
  }
  return answer as Required<AuthAnswer>;
}

/** The form checks of a new password (docs/product.md §5), before any call; null when the passwords are fine. */
export function passwordProblem(password: string, confirmation: string): string | null {
  if (password !== confirmation) return authValidation.passwordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return authValidation.passwordTooShort;
  return null;
}

/** Always the same answer, whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<MessageAnswer> {
  return call({
    operation: 'POST /auth/forgot-password',
    path: 'auth/forgot-password',
    auth: { bearer: 'none' },
    json: { email },
    fallback: () => account.failedForgotPassword,
  });
}

/**
 * Whether the e-mail's link still works (nothing is spent), asked with the token in the body: the link carries
 * it in its fragment, which no server sees, and it goes in no address.
 */
export function checkResetLink(token: string): Promise<ResetLinkCheckAnswer> {
  return call({
    operation: 'POST /auth/reset-password/check',
    path: 'auth/reset-password/check',
    auth: { bearer: 'none' },
    json: { token },
    fallback: () => account.failedResetLinkCheck,
  });
}

/** Spends the link of the e-mail; every earlier sign-in of the user ends. */
export function resetPassword(payload: ResetPasswordPayload): Promise<MessageAnswer> {
  return call({
    operation: 'POST /auth/reset-password',
    path: 'auth/reset-password',
    auth: { bearer: 'none' },
    json: payload,
    fallback: () => account.failedResetPassword,
  });
}

/** The signed-in user's own password; the answer's token replaces the session's (the others end). */
export function changePassword(payload: ChangePasswordPayload): Promise<Required<AuthAnswer>> {
  return call({
    operation: 'PUT /auth/password',
    path: 'auth/password',
    auth: { bearer: 'required', missingToken: session.notLoggedIn },
    json: payload,
    fallback: () => account.failedChangePassword,
  });
}
