/**
 * The auth resource's query keys: each starts with the resource, so a write refreshes all its views.
 */

export const authKeys = {
  passkeys: ['auth', 'passkeys'] as const,
};
