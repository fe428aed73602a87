/**
 * The contact resource's query keys: each starts with the resource, so a write refreshes all its views.
 */

export const contactKeys = {
  contactMessages: ['contact-messages'] as const,
};
