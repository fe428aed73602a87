import { MIN_PASSWORD_LENGTH, validation } from '@btls/shared-api';

/** The registration checks of spec §5, before any call; null when the passwords are fine. */
export function passwordProblem(password: string, confirmation: string): string | null {
  if (password !== confirmation) return validation.passwordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return validation.passwordTooShort;
  return null;
}
