/** A user's stored language, as the platform's: a value the database holds that we no longer speak reads as English. */
import { isLanguage } from '@btls/kernel/language';
import type { Language } from '@btls/shared-api/constants';

export const asLanguage = (value: string): Language => (isLanguage(value) ? value : 'en');
