import { call, seg } from '../client';
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
import type {
  AddPasskeyPayload,
  PasskeyAddedAnswer,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  PasskeysAnswer,
  SudoPayload,
} from './schemas';

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

/** The console's calls: an admin's session, sent from the console only. */
const consoleSession = { bearer: 'required', missingToken: session.notLoggedIn } as const;

/**
 * Confirms it is you before a dangerous action (the password again, or a passkey's answer to the challenge of
 * `sudoPasskeyOptions`); the answer's token replaces the session's, and the dangerous actions are open for a while.
 */
export function confirmIdentity(payload: SudoPayload): Promise<Required<AuthAnswer>> {
  return call({
    operation: 'POST /auth/sudo',
    path: 'auth/sudo',
    auth: consoleSession,
    json: payload,
    fallback: () => session.failedConfirm,
  });
}

/** A challenge for one of the admin's passkeys to sign (404 `session.noPasskey` when they have none). */
export function sudoPasskeyOptions(): Promise<PasskeyRequestOptions> {
  return call({
    operation: 'POST /auth/sudo/passkey-options',
    path: 'auth/sudo/passkey-options',
    auth: consoleSession,
    fallback: () => session.failedConfirm,
  });
}

/** The signed-in admin's passkeys. */
export function listPasskeys(): Promise<PasskeysAnswer> {
  return call({
    operation: 'GET /auth/passkeys',
    path: 'auth/passkeys',
    auth: consoleSession,
    fallback: () => session.failedPasskeys,
  });
}

/** The options for making a new passkey (needs a recent proof: `session.sudoRequired` otherwise). */
export function passkeyOptions(): Promise<PasskeyCreationOptions> {
  return call({
    operation: 'POST /auth/passkeys/options',
    path: 'auth/passkeys/options',
    auth: consoleSession,
    fallback: () => session.failedPasskeys,
  });
}

/** Adds the passkey the browser made with `passkeyOptions`'s challenge. */
export function addPasskey(payload: AddPasskeyPayload): Promise<PasskeyAddedAnswer> {
  return call({
    operation: 'POST /auth/passkeys',
    path: 'auth/passkeys',
    auth: consoleSession,
    json: payload,
    fallback: () => session.failedPasskeys,
  });
}

/** Removes one of the admin's passkeys. */
export function removePasskey(id: number): Promise<MessageAnswer> {
  return call({
    operation: 'DELETE /auth/passkeys/:id',
    path: `auth/passkeys/${seg(id)}`,
    auth: consoleSession,
    fallback: () => session.failedPasskeys,
  });
}
