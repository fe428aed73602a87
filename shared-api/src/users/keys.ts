/**
 * The users resource's query keys: each starts with the resource, so a write refreshes all its views.
 */

export const userKeys = {
  users: ['users'] as const,
  user: (id: string) => ['users', 'one', id] as const,
  trainers: ['users', 'trainers'] as const,
  preferences: ['preferences'] as const,
};
