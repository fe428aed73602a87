import { sendContactMessage } from './calls';
import { contactKeys } from './queries';
import { useApiMutation } from '../mutations';
import { outboxKeys } from '../outbox/queries';
import type { ContactPayload } from '../schemas';

export const useSendContactMessage = () =>
  useApiMutation(
    (payload: ContactPayload) => sendContactMessage(payload),
    [contactKeys.contactMessages, outboxKeys.outbox],
  );
