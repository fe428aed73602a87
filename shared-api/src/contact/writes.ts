import { sendContactMessage } from './calls';
import { contactKeys } from './keys';
import { useApiMutation } from '../mutations';
import { outboxKeys } from '../outbox/keys';
import type { ContactPayload } from '../schemas';

export const useSendContactMessage = () =>
  useApiMutation(
    (payload: ContactPayload) => sendContactMessage(payload),
    [contactKeys.contactMessages, outboxKeys.outbox],
  );
