import { useApiMutation } from '../mutations';
import { retryOutboxMessage } from './calls';
import { outboxKeys } from './queries';

export const useRetryOutboxMessage = () => useApiMutation(retryOutboxMessage, [outboxKeys.outbox]);
