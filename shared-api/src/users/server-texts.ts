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
  /*i18n*/ { id: 'validation.editUserRequired', message: 'First name, last name, and role are required.' },
  /*i18n*/ { id: 'validation.ownRoleFromAdmin', message: 'You cannot change your own role from Admin.' },
  /*i18n*/ { id: 'validation.deleteSelf', message: 'You cannot delete your own account.' },
  /*i18n*/ {
    id: 'validation.employerHasJobs',
    message:
      'This employer has job postings. Confirm that they are deleted with the account, or deactivate the account instead.',
  },
  /*i18n*/ {
    id: 'validation.lastAdmin',
    message: 'The platform must keep at least one active admin: make another user an admin first.',
  },
  /*i18n*/ {
    id: 'validation.profileRequired',
    message: 'Contact first name, last name, and company name are required.',
  },
  /*i18n*/ { id: 'validation.invalidWebsiteUrl', message: 'Please enter a valid website URL.' },
  // fallback
  /*i18n*/ { id: 'fallback.fetchUsers', message: 'Failed to fetch users. Status: {status}' },
  /*i18n*/ { id: 'fallback.updateUserStatus', message: 'Failed to update status. Status: {status}' },
  /*i18n*/ { id: 'fallback.deleteUser', message: 'Failed to delete user. Status: {status}' },
  /*i18n*/ { id: 'fallback.updateUser', message: 'Failed to update user. Status: {status}' },
  /*i18n*/ { id: 'fallback.fetchTrainers', message: 'Failed to fetch trainers' },
  /*i18n*/ { id: 'fallback.fetchCertifiedTrainees', message: 'Failed to fetch certified trainees. Status: {status}' },
  /*i18n*/ { id: 'fallback.updateProfile', message: 'Failed to update profile.' },
  // user
  /*i18n*/ { id: 'user.notFound', message: 'User with ID {id} not found.' },
  /*i18n*/ { id: 'user.invalidId', message: 'Invalid user ID.' },
  /*i18n*/ {
    id: 'user.deactivatedNoReset',
    message: 'This account is deactivated. Activate it before sending a reset link.',
  },
  /*i18n*/ { id: 'user.cannotDeactivateSelf', message: 'You cannot deactivate your own account.' },
  /*i18n*/ {
    id: 'user.hasHistory',
    message:
      'This user has applications, progress records, certificates or job postings and cannot be deleted. Deactivate the account instead.',
  },
  // notice
  /*i18n*/ { id: 'notice.userCreated', message: 'User created successfully.' },
  /*i18n*/ { id: 'notice.profileUpdated', message: 'Profile updated successfully.' },
  /*i18n*/ { id: 'notice.userActivated', message: 'User activated successfully.' },
  /*i18n*/ { id: 'notice.userDeactivated', message: 'User deactivated successfully.' },
  /*i18n*/ { id: 'notice.userUpdated', message: 'User updated successfully.' },
  /*i18n*/ { id: 'notice.userDeleted', message: 'User deleted successfully.' },
];
