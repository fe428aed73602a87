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
  /*i18n*/ {
    id: 'account.resetLinkSent',
    message: 'If an account exists for that e-mail, we have sent a link to reset the password.',
  },
  /*i18n*/ { id: 'account.tooManyResetRequests', message: 'Too many password reset requests. Please try again later.' },
  /*i18n*/ {
    id: 'account.siteDataBlocked',
    message:
      'Signing in needs site data, which your browser blocks for this site. Allow this site to store data (cookies and site data in your browser settings), then try again.',
  },
  /*i18n*/ { id: 'validation.selectCourse', message: 'Please select a course.' },
  /*i18n*/ { id: 'validation.mustBeLoggedInToApply', message: 'You must be logged in to apply.' },
  /*i18n*/ { id: 'validation.preferredStartInPast', message: 'Preferred start date cannot be in the past.' },
  /*i18n*/ { id: 'validation.notADate', message: 'Must be a date (YYYY-MM-DD).' },
  /*i18n*/ { id: 'credentialCheck.revoked', message: 'This certificate has been revoked by the training centre.' },
  /*i18n*/ { id: 'account.onlyTraineesApplyForCourses', message: 'Only trainees can apply for courses.' },
  /*i18n*/ {
    id: 'account.passwordChanged',
    message: 'Your password has been changed. Your other sign-ins have been ended.',
  },
  /*i18n*/ { id: 'account.currentPasswordWrong', message: 'Your current password is incorrect.' },
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
  /*i18n*/ { id: 'account.failedChangePassword', message: 'Could not change the password. Please try again.' },
  /*i18n*/ { id: 'account.failedPreferences', message: 'Could not load or save your settings. Please try again.' },
  /*i18n*/ { id: 'jobApplication.alreadyApplied', message: 'You have already applied for this job.' },
  /*i18n*/ {
    id: 'jobApplication.invalidPhone',
    message: 'Please enter a Rwandan phone number, e.g. 078 123 4567 or +250 78 123 4567.',
  },
  /*i18n*/ { id: 'jobApplication.coverNoteTooLong', message: 'The cover note must be at most 2,000 characters.' },
  /*i18n*/ { id: 'jobApplication.cvNotPdf', message: 'The CV must be a PDF file.' },
  /*i18n*/ { id: 'jobApplication.cvTooLarge', message: 'The CV is too large. Max size is 2MB.' },
  /*i18n*/ { id: 'jobApplication.onlyTrainees', message: 'Only trainees can apply for jobs.' },
  /*i18n*/ { id: 'jobApplication.applied', message: 'Your application has been sent. The employer will be in touch.' },
  /*i18n*/ {
    id: 'validation.jobRequired',
    message: 'Please fill in all required fields: Company Name, Job Title, Description, and Location.',
  },
  /*i18n*/ {
    id: 'validation.profileRequired',
    message: 'Contact first name, last name, and company name are required.',
  },
  /*i18n*/ { id: 'validation.closingDateInPast', message: 'Closing date cannot be in the past.' },
  /*i18n*/ { id: 'validation.invalidWebsiteUrl', message: 'Please enter a valid website URL.' },
  /*i18n*/ { id: 'jobApplication.selectApplications', message: 'Please select at least one applicant.' },
  /*i18n*/ {
    id: 'credentialCheck.signatureInvalid',
    message:
      'The signature does not match: this credential was changed after it was signed, or it was not signed by the key it names.',
  },
  /*i18n*/ {
    id: 'credentialCheck.notOurIssuer',
    message: 'This credential was not issued by BTLS Coffee Training Centre.',
  },
  /*i18n*/ { id: 'credentialCheck.statusUnknown', message: 'Its revocation status could not be checked.' },
  /*i18n*/ {
    id: 'credentialCheck.notACredential',
    message: 'This is not a credential: choose the .json file downloaded from a certificate page.',
  },
  /*i18n*/ { id: 'credentialCheck.tooManyChecks', message: 'Too many verification requests. Please try again later.' },
  /*i18n*/ { id: 'account.resetLinkInvalid', message: 'This reset link is invalid or has expired.' },
  /*i18n*/ {
    id: 'account.passwordReset',
    message: 'Your password has been reset. Please sign in with your new password.',
  },
  /*i18n*/ { id: 'account.failedResetPassword', message: 'Could not reset the password. Please try again.' },
  /*i18n*/ { id: 'session.invalidCredentials', message: 'Invalid email or password.' },
  /*i18n*/ { id: 'session.credentialsRequired', message: 'Email and password are required.' },
  /*i18n*/ {
    id: 'session.deactivated',
    message: 'This account has been deactivated. Please contact the training centre.',
  },
  /*i18n*/ { id: 'session.emailTaken', message: 'An account with this email already exists.' },
  /*i18n*/ { id: 'session.expired', message: 'Your session has expired or is no longer valid. Please log in again.' },
  /*i18n*/ { id: 'session.notLoggedIn', message: 'Not authorized. Please log in.' },
  /*i18n*/ { id: 'session.forbidden', message: 'You do not have permission to do this.' },
  /*i18n*/ { id: 'limit.tooManySignups', message: 'Too many sign-ups from your connection. Please try again later.' },
  /*i18n*/ { id: 'notice.profileUpdated', message: 'Profile updated successfully.' },
  /*i18n*/ { id: 'notice.jobActivated', message: 'Job status updated to Active.' },
  /*i18n*/ { id: 'notice.jobDeactivated', message: 'Job status updated to Inactive.' },
];
