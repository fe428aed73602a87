// The components read their texts through the page's i18n instance; tests run in English with no
// catalogue loaded (the source texts are the English ones).
import { i18n } from '@btls/shared-api';

i18n.loadAndActivate({ locale: 'en', locales: ['en'], messages: {} });
