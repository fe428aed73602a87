import { useApiMutation } from '../mutations';
import { retryOutboxMessage } from './calls';
import { outboxKeys } from './keys';

export const useRetryOutboxMessage = () => useApiMutation(retryOutboxMessage, [outboxKeys.outbox]);
