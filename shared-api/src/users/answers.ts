/**
 * The texts of the users resource that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { userValidation, userFallback } from './texts';

export const userNotices = {
  userCreated: 'User created successfully.',
  profileUpdated: 'Profile updated successfully.',
  userActivated: 'User activated successfully.',
  userDeactivated: 'User deactivated successfully.',
  userUpdated: 'User updated successfully.',
  userDeleted: 'User deleted successfully.',
} as const;

/** The admin's user management. */
export const user = {
  notFound: ({ id }: { id: number }) => `User with ID ${id} not found.`,
  invalidId: 'Invalid user ID.',
  deactivatedNoReset: 'This account is deactivated. Activate it before sending a reset link.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  hasHistory:
    'This user has applications, progress records, certificates or job postings and cannot be deleted. ' +
    'Deactivate the account instead.',
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = { validation: userValidation, fallback: userFallback, user, notice: userNotices } as const;
