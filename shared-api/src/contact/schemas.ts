/** Contact messages (docs/product.md §7). */
import { z } from 'zod';
import { validation } from '../messages';
import { email, requiredText } from '../schema-blocks';

export const contactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactPayloadSchema = z.object({
  name: requiredText(validation.requiredFields, 200),
  email,
  subject: requiredText(validation.requiredFields, 200),
  message: requiredText(validation.requiredFields, 5000),
});
export type ContactPayload = z.input<typeof contactPayloadSchema>;
