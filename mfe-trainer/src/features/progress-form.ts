/**
 * The form's rules, loaded when the trainer first touches the form (the page imports this file only with
 * `import()`): they are the server's schema, and zod is about 30 KiB gzip that the page itself does not need.
 */
import {
  checkForm,
  progressPayloadSchema,
  type FormCheckProblem,
  type ProgressPayload,
} from '@btls/shared-api/schemas';
import type { RecordFields } from './record-fields';

/**
 * The record rules of docs/product.md §5 as the server checks them: the payload to send, or every problem to
 * show (`problems`: the name's and the scores' together, each with the field it is about; `problem` the first).
 */
export function recordPayload(
  fields: RecordFields,
): { payload: ProgressPayload } | { problem: string; field?: string; problems: FormCheckProblem[] } {
  return checkForm(progressPayloadSchema, fields);
}
