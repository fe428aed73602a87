/**
 * The texts of the users resource that the browser shows from its own code (the forms' checks, the docs/product.md §8
 * fallbacks of its calls), each under its code `<group>.<key>`; the server answers with the same words.
 */
import { withCodes } from '../text-codes';

export const userValidation = /* @__PURE__ */ withCodes('validation', {
  editUserRequired: 'First name, last name, and role are required.',
  ownRoleFromAdmin: 'You cannot change your own role from Admin.',
  deleteSelf: 'You cannot delete your own account.',
  employerHasJobs:
    'This employer has job postings. Confirm that they are deleted with the account, or deactivate the account instead.',
  lastAdmin: 'The platform must keep at least one active admin: make another user an admin first.',
  profileRequired: 'Contact first name, last name, and company name are required.',
  invalidWebsiteUrl: 'Please enter a valid website URL.',
} as const);

export const userFallback = /* @__PURE__ */ withCodes('fallback', {
  fetchUsers: (status: number) => `Failed to fetch users. Status: ${status}`,
  updateUserStatus: (status: number) => `Failed to update status. Status: ${status}`,
  deleteUser: (status: number) => `Failed to delete user. Status: ${status}`,
  updateUser: (status: number) => `Failed to update user. Status: ${status}`,
  fetchTrainers: 'Failed to fetch trainers',
  fetchCertifiedTrainees: (status: number) => `Failed to fetch certified trainees. Status: ${status}`,
  updateProfile: 'Failed to update profile.',
} as const);
