import type { z } from 'zod';

/** An answer with a status and `{ message }`; thrown from handlers, rendered by the app's error handler. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not authorized. Please log in.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Validates input with a contract schema; the first problem becomes a 400 with the schema's own words. */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue || (issue.path.length === 0 && issue.code === 'invalid_type')) {
    throw badRequest('The request body must be a JSON object.');
  }
  throw badRequest(issue.message);
}
