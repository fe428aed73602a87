import { queryOptions } from '@btls/kernel';
import { listPasskeys } from './calls';
import { authKeys } from './keys';

/** The signed-in admin's passkeys. */
export const passkeysQuery = () => queryOptions({ queryKey: authKeys.passkeys, queryFn: listPasskeys });
