import { z } from 'zod';
import { idSchema } from '@btls/shared-api/schemas';
import { parse } from './errors';

/** A positive integer path parameter, or 400 with `message`. */
export function idParam(params: unknown, name: string, message: string): number {
  return parse(z.object({ [name]: idSchema(message) }), params)[name] as number;
}
