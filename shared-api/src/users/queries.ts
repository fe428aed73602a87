import { queryOptions } from '@btls/kernel';
import { paged } from '../query-helpers';
import { getMyPreferences, listTrainers, listUsers, listUsersPage } from './calls';
import { userKeys } from './keys';

export const trainersQuery = () => queryOptions({ queryKey: userKeys.trainers, queryFn: listTrainers });

/** One user, found in the users list (docs/product.md §7) by asking the paged list for that id alone; null when none. */
export const userQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.user(id),
    queryFn: async () =>
      /^\d+$/.test(id) ? ((await listUsers({ id: Number(id) })).find((u) => String(u.id) === id) ?? null) : null,
  });

/** The signed-in user's own settings. */
export const preferencesQuery = () => queryOptions({ queryKey: userKeys.preferences, queryFn: getMyPreferences });

export const pagedUsers = /* @__PURE__ */ paged(userKeys.users, listUsersPage);
