/**
 * The texts of the contact resource that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { contactFallback } from './texts';

export const contactNotices = {
  contactReceived: 'Your message has been received.',
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = { fallback: contactFallback, notice: contactNotices } as const;
