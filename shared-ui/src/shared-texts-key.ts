// Written by scripts/shared-texts-key.mjs (npm run i18n): a hash of the compiled fr and rw shared texts.
export const SHARED_TEXTS_KEY = 'shared-texts:f34f436f1ccfdac1';
