/**
 * The server's error codes (issue 19) that have translations: `errorMessage()` shows a code's text in the
 * page's language. The id of each is the code (`<group>.<key>` of messages.ts), its message the English text
 * of messages.ts (a test keeps them equal). These are the codes of signing in and registering; add a code here to
 * translate it.
 */
export const ERROR_TEXTS = [
  /*i18n*/ { id: 'validation.passwordsDoNotMatch', message: 'Passwords do not match.' },
  /*i18n*/ { id: 'validation.passwordTooShort', message: 'Password must be at least 6 characters long.' },
  /*i18n*/ { id: 'validation.requiredFields', message: 'Please fill in all required fields.' },
  /*i18n*/ { id: 'validation.invalidEmail', message: 'Please enter a valid email address.' },
  /*i18n*/ { id: 'validation.onlyNumbers', message: 'Field cannot contain only numbers.' },
  /*i18n*/ { id: 'fallback.login', message: 'Failed to log in. Please check your credentials.' },
  /*i18n*/ { id: 'fallback.register', message: 'Failed to register. Please try again.' },
  /*i18n*/ { id: 'account.resetLinkSent', message: 'If an account exists for that e-mail, we have sent a link to reset the password.' },
  /*i18n*/ { id: 'account.tooManyResetRequests', message: 'Too many password reset requests. Please try again later.' },
  /*i18n*/ { id: 'account.siteDataBlocked', message: 'Signing in needs site data, which your browser blocks for this site. Allow this site to store data (cookies and site data in your browser settings), then try again.' },
  /*i18n*/ { id: 'session.invalidCredentials', message: 'Invalid email or password.' },
  /*i18n*/ { id: 'session.credentialsRequired', message: 'Email and password are required.' },
  /*i18n*/ { id: 'session.deactivated', message: 'This account has been deactivated. Please contact the training centre.' },
  /*i18n*/ { id: 'session.emailTaken', message: 'An account with this email already exists.' },
  /*i18n*/ { id: 'session.expired', message: 'Your session has expired or is no longer valid. Please log in again.' },
  /*i18n*/ { id: 'session.notLoggedIn', message: 'Not authorized. Please log in.' },
  /*i18n*/ { id: 'session.forbidden', message: 'You do not have permission to do this.' },
  /*i18n*/ { id: 'limit.tooManySignups', message: 'Too many sign-ups from your connection. Please try again later.' },
];
