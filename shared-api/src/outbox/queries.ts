import { queryOptions } from '@btls/kernel';
import { listOutbox } from './calls';

export const outboxKeys = {
  outbox: ['outbox'] as const,
};

export const outboxQuery = () => queryOptions({ queryKey: outboxKeys.outbox, queryFn: listOutbox });
