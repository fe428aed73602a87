/** A role as the admin reads it, in the page's language (the contract's roles are the server's words). */
import type { ROLES } from '@btls/shared-api';

export const ROLE_NAMES: Readonly<Record<(typeof ROLES)[number], { id: string; message: string }>> = {
  trainee: /*i18n*/ { id: 'admin.users.role.trainee', message: 'Trainee' },
  trainer: /*i18n*/ { id: 'admin.users.role.trainer', message: 'Trainer' },
  employer: /*i18n*/ { id: 'admin.users.role.employer', message: 'Employer' },
  admin: /*i18n*/ { id: 'admin.users.role.admin', message: 'Admin' },
};
