/**
 * The texts of the auth resource that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { authValidation, authFallback, account, session } from './texts';

export const authNotices = {
  registered: 'Registration successful.',
  loggedIn: 'Login successful.',
  /** The password or passkey was given again: the dangerous actions are open for a while. */
  identityConfirmed: 'Thank you: you can go on.',
  passkeyAdded: 'Your passkey has been added.',
  passkeyRemoved: 'Your passkey has been removed.',
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = {
  validation: authValidation,
  account,
  fallback: authFallback,
  session,
  notice: authNotices,
} as const;
