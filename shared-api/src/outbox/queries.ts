import { queryOptions } from '@btls/kernel';
import { listOutbox } from './calls';
import { outboxKeys } from './keys';

export const outboxQuery = () => queryOptions({ queryKey: outboxKeys.outbox, queryFn: listOutbox });
