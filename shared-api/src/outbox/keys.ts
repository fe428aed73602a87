/**
 * The outbox resource's query keys: each starts with the resource, so a write refreshes all its views.
 */

export const outboxKeys = {
  outbox: ['outbox'] as const,
};
