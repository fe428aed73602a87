/**
 * The texts of the auth resource that the browser shows from its own code (the forms' checks, the docs/product.md §8
 * fallbacks of its calls), each under its code `<group>.<key>`; the server answers with the same words.
 */
import { LANGUAGES } from '../constants';
import { withCodes } from '../text-codes';

export const authValidation = /* @__PURE__ */ withCodes('validation', {
  loginInvalidResponse: 'Login failed: Invalid response from server.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  invalidRole: 'Invalid role selected.',
} as const);

export const authFallback = /* @__PURE__ */ withCodes('fallback', {
  register: 'Failed to register. Please try again.',
  login: 'Failed to log in. Please check your credentials.',
  registerCompany: 'Failed to register company. Please try again.',
  createUser: 'Failed to create user. Please try again.',
} as const);

/**
 * Signing in, when the browser refuses site data (the session cannot be kept): on its own, since signing in
 * (useAuth, in every area and the shell) says it, and the rest of `account` is only the forms'.
 */
export const SITE_DATA_BLOCKED =
  'Signing in needs site data, which your browser blocks for this site. Allow this site to store data (cookies and site data in your browser settings), then try again.';

/** Account recovery and settings. */
export const account = /* @__PURE__ */ withCodes('account', {
  /** A signed-in employer, trainer or admin who opens the course application form. */
  onlyTraineesApplyForCourses: 'Only trainees can apply for courses.',
  resetLinkSent: 'If an account exists for that e-mail, we have sent a link to reset the password.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  passwordChanged: 'Your password has been changed. Your other sign-ins have been ended.',
  currentPasswordWrong: 'Your current password is incorrect.',
  resetLinkSentByAdmin: ({ email }: { email: string }) => `A password reset link has been sent to ${email}.`,
  tooManyResetRequests: 'Too many password reset requests. Please try again later.',
  preferencesSaved: 'Your settings have been saved.',
  emailNotificationsLabel: 'E-mail me about my applications, training and messages',
  emailNotificationsHint: 'Account e-mails, such as password reset links, are always sent.',
  showInTalentSearchLabel: 'Show me to employers in the talent search',
  showInTalentSearchHint: 'Employers then see your name, e-mail address and certified courses.',
  failedForgotPassword: 'Could not send the reset link. Please try again.',
  failedResetPassword: 'Could not reset the password. Please try again.',
  failedResetLinkCheck: 'Could not check the reset link. Please try again.',
  failedChangePassword: 'Could not change the password. Please try again.',
  failedPreferences: 'Could not load or save your settings. Please try again.',
  failedOutbox: 'Could not load the e-mails. Please try again.',
  failedRetry: 'Could not retry this e-mail. Please try again.',
  siteDataBlocked: SITE_DATA_BLOCKED,
} as const);

/** Signing in, signing up and the session. */
export const session = /* @__PURE__ */ withCodes('session', {
  notLoggedIn: 'Not authorized. Please log in.',
  expired: 'Your session has expired or is no longer valid. Please log in again.',
  forbidden: 'You do not have permission to do this.',
  invalidCredentials: 'Invalid email or password.',
  credentialsRequired: 'Email and password are required.',
  deactivated: 'This account has been deactivated. Please contact the training centre.',
  emailTaken: 'An account with this email already exists.',
  onlyAdminCreatesStaff: 'Only an admin can create trainer or admin accounts.',
  accountChanged: 'Your account changed meanwhile. Please sign in again.',
  passwordTooLong: 'Password must be at most 200 characters.',
  companyNameRequired: 'Company name is required.',
  invalidLanguage: `Language must be one of: ${LANGUAGES.join(', ')}.`,
  /** An admin's password given on the site's sign-in: admins sign in on the console, whose address this gives. */
  adminOnConsole: ({ url }: { url: string }) =>
    `Admin accounts sign in on the admin console, not here. Open ${url} to sign in.`,
  /** Anyone else's password given on the console's sign-in. */
  consoleAdminsOnly: ({ url }: { url: string }) =>
    `This console is for admins only. Sign in on the site instead: ${url}`,
  /** A dangerous action (a token, a role, an activation, a revocation) past the sudo window. */
  sudoRequired: 'To do this, confirm it is you: enter your password again.',
  /** The password given to confirm it is you is not this account's. */
  sudoPasswordWrong: 'That password is not right. Try again.',
  /** Confirming it is you with neither a password nor a passkey (or with both). */
  proofRequired: 'Enter your password, or use your passkey.',
  /** Asked for a passkey's challenge by an admin who has added none. */
  noPasskey: 'You have not added a passkey. Enter your password instead.',
  /** A passkey's answer that does not sign the challenge we gave with a passkey of this account. */
  passkeyNotAccepted: 'That passkey could not confirm it is you. Try again, or enter your password.',
  /** A new passkey whose answer could not be checked (a stale or foreign challenge, another site's key). */
  passkeyNotRegistered: 'That passkey could not be added. Try again.',
  /** A passkey already added (to this account or another). */
  passkeyTaken: 'This passkey has already been added.',
  passkeyNotFound: 'That passkey was not found. It may have been removed already.',
  passkeyNameRequired: 'Give the passkey a name, such as the device it is on.',
  failedConfirm: 'Could not confirm it is you. Please try again.',
  failedPasskeys: 'Could not load or change your passkeys. Please try again.',
} as const);
