import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The api package folder: this file sits in src/ when run from source and is bundled into dist/ when built. */
export const API_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MIGRATIONS_FOLDER = resolve(API_ROOT, 'drizzle');
