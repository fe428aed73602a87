/**
 * The texts beside this file, as descriptors for the shared texts' catalogue: `errorMessage()` and
 * `noticeText()` show an answer's text in the page's language by its `code`. Written by scripts/server-texts.mjs
 * (do not edit: change the texts, then `npm run i18n`): the id of each is the code (`<group>.<key>`), its
 * message the English text in ICU form, with `{name}` for a parameter and a plural where the English has one.
 * The catalogue check (`npm run lint`) fails on a missing French or Kinyarwanda translation. Nothing imports
 * this file: it is read by the extractor.
 */
export const SERVER_TEXTS = [
  // validation
  /*i18n*/ { id: 'validation.loginInvalidResponse', message: 'Login failed: Invalid response from server.' },
  /*i18n*/ { id: 'validation.passwordsDoNotMatch', message: 'Passwords do not match.' },
  /*i18n*/ { id: 'validation.passwordTooShort', message: 'Password must be at least 6 characters long.' },
  /*i18n*/ { id: 'validation.invalidRole', message: 'Invalid role selected.' },
  // account
  /*i18n*/ { id: 'account.onlyTraineesApplyForCourses', message: 'Only trainees can apply for courses.' },
  /*i18n*/ {
    id: 'account.resetLinkSent',
    message: 'If an account exists for that e-mail, we have sent a link to reset the password.',
  },
  /*i18n*/ { id: 'account.resetLinkInvalid', message: 'This reset link is invalid or has expired.' },
  /*i18n*/ {
    id: 'account.passwordReset',
    message: 'Your password has been reset. Please sign in with your new password.',
  },
  /*i18n*/ {
    id: 'account.passwordChanged',
    message: 'Your password has been changed. Your other sign-ins have been ended.',
  },
  /*i18n*/ { id: 'account.currentPasswordWrong', message: 'Your current password is incorrect.' },
  /*i18n*/ { id: 'account.resetLinkSentByAdmin', message: 'A password reset link has been sent to {email}.' },
  /*i18n*/ { id: 'account.tooManyResetRequests', message: 'Too many password reset requests. Please try again later.' },
  /*i18n*/ { id: 'account.preferencesSaved', message: 'Your settings have been saved.' },
  /*i18n*/ { id: 'account.emailNotificationsLabel', message: 'E-mail me about my applications, training and messages' },
  /*i18n*/ {
    id: 'account.emailNotificationsHint',
    message: 'Account e-mails, such as password reset links, are always sent.',
  },
  /*i18n*/ { id: 'account.showInTalentSearchLabel', message: 'Show me to employers in the talent search' },
  /*i18n*/ {
    id: 'account.showInTalentSearchHint',
    message: 'Employers then see your name, e-mail address and certified courses.',
  },
  /*i18n*/ { id: 'account.failedForgotPassword', message: 'Could not send the reset link. Please try again.' },
  /*i18n*/ { id: 'account.failedResetPassword', message: 'Could not reset the password. Please try again.' },
  /*i18n*/ { id: 'account.failedResetLinkCheck', message: 'Could not check the reset link. Please try again.' },
  /*i18n*/ { id: 'account.failedChangePassword', message: 'Could not change the password. Please try again.' },
  /*i18n*/ { id: 'account.failedPreferences', message: 'Could not load or save your settings. Please try again.' },
  /*i18n*/ { id: 'account.failedOutbox', message: 'Could not load the e-mails. Please try again.' },
  /*i18n*/ { id: 'account.failedRetry', message: 'Could not retry this e-mail. Please try again.' },
  /*i18n*/ {
    id: 'account.siteDataBlocked',
    message:
      'Signing in needs site data, which your browser blocks for this site. Allow this site to store data (cookies and site data in your browser settings), then try again.',
  },
  // fallback
  /*i18n*/ { id: 'fallback.register', message: 'Failed to register. Please try again.' },
  /*i18n*/ { id: 'fallback.login', message: 'Failed to log in. Please check your credentials.' },
  /*i18n*/ { id: 'fallback.registerCompany', message: 'Failed to register company. Please try again.' },
  /*i18n*/ { id: 'fallback.createUser', message: 'Failed to create user. Please try again.' },
  // session
  /*i18n*/ { id: 'session.notLoggedIn', message: 'Not authorized. Please log in.' },
  /*i18n*/ { id: 'session.expired', message: 'Your session has expired or is no longer valid. Please log in again.' },
  /*i18n*/ { id: 'session.forbidden', message: 'You do not have permission to do this.' },
  /*i18n*/ { id: 'session.invalidCredentials', message: 'Invalid email or password.' },
  /*i18n*/ { id: 'session.credentialsRequired', message: 'Email and password are required.' },
  /*i18n*/ {
    id: 'session.deactivated',
    message: 'This account has been deactivated. Please contact the training centre.',
  },
  /*i18n*/ { id: 'session.emailTaken', message: 'An account with this email already exists.' },
  /*i18n*/ { id: 'session.onlyAdminCreatesStaff', message: 'Only an admin can create trainer or admin accounts.' },
  /*i18n*/ { id: 'session.accountChanged', message: 'Your account changed meanwhile. Please sign in again.' },
  /*i18n*/ { id: 'session.passwordTooLong', message: 'Password must be at most 200 characters.' },
  /*i18n*/ { id: 'session.companyNameRequired', message: 'Company name is required.' },
  /*i18n*/ { id: 'session.invalidLanguage', message: 'Language must be one of: en, fr, rw.' },
  /*i18n*/ {
    id: 'session.adminOnConsole',
    message: 'Admin accounts sign in on the admin console, not here. Open {url} to sign in.',
  },
  /*i18n*/ {
    id: 'session.consoleAdminsOnly',
    message: 'This console is for admins only. Sign in on the site instead: {url}',
  },
  /*i18n*/ { id: 'session.sudoRequired', message: 'To do this, confirm it is you: enter your password again.' },
  /*i18n*/ { id: 'session.sudoPasswordWrong', message: 'That password is not right. Try again.' },
  /*i18n*/ { id: 'session.proofRequired', message: 'Enter your password, or use your passkey.' },
  /*i18n*/ { id: 'session.noPasskey', message: 'You have not added a passkey. Enter your password instead.' },
  /*i18n*/ {
    id: 'session.passkeyNotAccepted',
    message: 'That passkey could not confirm it is you. Try again, or enter your password.',
  },
  /*i18n*/ { id: 'session.passkeyNotRegistered', message: 'That passkey could not be added. Try again.' },
  /*i18n*/ { id: 'session.passkeyTaken', message: 'This passkey has already been added.' },
  /*i18n*/ { id: 'session.passkeyNotFound', message: 'That passkey was not found. It may have been removed already.' },
  /*i18n*/ { id: 'session.passkeyNameRequired', message: 'Give the passkey a name, such as the device it is on.' },
  /*i18n*/ { id: 'session.failedConfirm', message: 'Could not confirm it is you. Please try again.' },
  /*i18n*/ { id: 'session.failedPasskeys', message: 'Could not load or change your passkeys. Please try again.' },
  // notice
  /*i18n*/ { id: 'notice.registered', message: 'Registration successful.' },
  /*i18n*/ { id: 'notice.loggedIn', message: 'Login successful.' },
  /*i18n*/ { id: 'notice.identityConfirmed', message: 'Thank you: you can go on.' },
  /*i18n*/ { id: 'notice.passkeyAdded', message: 'Your passkey has been added.' },
  /*i18n*/ { id: 'notice.passkeyRemoved', message: 'Your passkey has been removed.' },
];
