/** The reset link's token: read as every page that sets a new password reads it (shared-auth's). */
export { tokenOfFragment, useResetLink, type ResetLink } from '@btls/shared-auth';
