/** The contract's building blocks: texts, numbers, dates and ids as the API accepts them, lists' query parameters, the answers' texts with codes, and a form's check with the server's own schema. */
import { z } from 'zod';
import { PAGE_DEFAULT, PAGE_MAX } from './constants';
import { todayInKigali } from './dates';
import { request, validation } from './messages';
import { MESSAGE_CODES } from './codes';

/**
 * The metadata key naming how the OpenAPI document shows a schema (api/src/http/contract.ts): for input this
 * parser takes more leniently than a client should send it (an id also as digits, a score also as text, a
 * blank text as null), the document states the strict form a client sends, which the server always accepts.
 */
export const DOCUMENTED_AS = 'x-documented-as';
export type JsonSchema = Record<string, unknown>;
export const documentedAs = <S extends z.ZodType>(schema: S, json: JsonSchema): S =>
  schema.meta({ [DOCUMENTED_AS]: json }) as S;
/** The metadata key of what the document adds to a converted schema: a rule between fields (`oneOf`). */
export const DOCUMENTED_WITH = 'x-documented-with';
export const documentedWith = <S extends z.ZodType>(schema: S, json: JsonSchema): S =>
  schema.meta({ [DOCUMENTED_WITH]: json }) as S;
/** `json`, or null. */
export const orNull = (json: JsonSchema): JsonSchema => ({ anyOf: [json, { type: 'null' }] });
/**
 * A text with something other than spaces in it (texts are trimmed, and a blank required one is refused); NUL
 * does not count, as it is removed from every text before any check (api/src/http/errors.ts `storable`).
 */
export const NOT_BLANK = '[^\\s\\u0000]';
/** A required text as the document shows it: trimmed, so not blank, and at most `max` characters. */
export const requiredTextJson = (max: number): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength: max,
  pattern: NOT_BLANK,
});

export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A required text: trimmed, not empty, bounded. `message` is the product's words for a missing value, `tooLong` for
 * a longer one.
 */
export const requiredText = (message: string, max = 200, tooLong: string = request.textTooLong({ max })) =>
  documentedAs(z.string({ error: message }).trim().min(1, message).max(max, tooLong), requiredTextJson(max));

/** An optional text: missing, null or blank all become null. */
export const optionalText = (max: number) =>
  z
    .string({ error: request.notText })
    .trim()
    .max(max, request.textTooLong({ max }))
    .nullish()
    .transform((v) => (v ? v : null));

export const personName = (message: string) =>
  documentedAs(
    requiredText(message, 100).refine((v) => !/^\d+$/.test(v), validation.onlyNumbers),
    // Not digits only: at least one character that is neither a digit nor a space.
    { type: 'string', minLength: 1, maxLength: 100, pattern: '[^\\d\\s\\u0000]', examples: ['Amina'] },
  );

export const email = documentedAs(
  z
    .string({ error: validation.requiredFields })
    .trim()
    .min(1, validation.requiredFields)
    .max(254, validation.invalidEmail)
    .pipe(z.email(validation.invalidEmail))
    .transform((v) => v.toLowerCase()),
  // The pattern is the one the server checks with (zod's): no quoted or IP-literal addresses.
  { type: 'string', format: 'email', maxLength: 254, pattern: z.regexes.email.source, examples: ['amina@example.rw'] },
);

/** A calendar date YYYY-MM-DD (a longer ISO text is cut to its date), or null when missing or blank. */
export const optionalDate = (pastMessage: string) =>
  documentedAs(
    z
      .string({ error: validation.notADate })
      .nullish()
      .transform((v) => (v && v.trim() ? v.trim().slice(0, 10) : null))
      .pipe(
        z.iso
          .date(validation.notADate)
          .refine((d) => d >= todayInKigali(), pastMessage)
          .nullable(),
      ),
    {
      ...orNull({ type: 'string', format: 'date' }),
      description: 'A date (YYYY-MM-DD) that is today in Kigali or later.',
    },
  );

/** A boolean that also accepts the 'true'/'false' text of multipart forms. */
export const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  error: request.notBoolean,
});

/** Ids are PostgreSQL integers. */
export const ID_MAX = 2_147_483_647;

/** A positive integer id, also given as text (path parameters, form values). */
export const idSchema = (message: string = request.invalidId) =>
  documentedAs(
    z
      .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: message })
      .pipe(z.number().int(message).positive(message).max(ID_MAX, message)),
    { type: 'integer', minimum: 1, maximum: ID_MAX },
  );

/** A score: a number (also as text), or null when missing or blank (docs/product.md §5 "empty ... sent as null"). */
export const optionalNumber = (message: string) =>
  documentedAs(
    z
      .union([z.number(), z.string()], { error: message })
      .nullish()
      .transform((v) => (isBlank(v) ? null : Number(v)))
      .pipe(z.number({ error: message }).refine(Number.isFinite, message).nullable()),
    orNull({ type: 'number', minimum: 0 }),
  );

export const isHttpUrl = (v: string) => {
  try {
    const { protocol } = new URL(v);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * An http(s) address as a pattern: a host name (labels without a double hyphen, so no punycode a URL parser could
 * refuse; a last label of letters, so never read as an IPv4 address), a port a URL parser takes, then anything
 * without spaces.
 */
export const HTTP_URL = 'https?://([A-Za-z0-9]+(-[A-Za-z0-9]+)*\\.)+[A-Za-z]{2,63}(:[1-9]\\d{0,3})?([/?#][^\\s]*)?';

/** An optional http(s) address (or, with `alsoPrefix`, a path starting with it); blank becomes null. */
export const optionalUrl = (message: string, alsoPrefix?: string) =>
  documentedAs(
    optionalText(2000).refine(
      (v) => v === null || isHttpUrl(v) || (alsoPrefix !== undefined && v.startsWith(alsoPrefix)),
      message,
    ),
    orNull({
      type: 'string',
      maxLength: 2000,
      ...(alsoPrefix
        ? { pattern: `^(${HTTP_URL}|${alsoPrefix}[^\\s]*)$`, description: `An http(s) address, or ${alsoPrefix}…` }
        : { format: 'uri', pattern: `^${HTTP_URL}$`, description: 'An http(s) address.' }),
      examples: ['https://example.rw'],
    }),
  );

/** A query parameter: missing or empty means not given. */
export const queryParam = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const wholeNumber = (message: string, min: number, max: number) =>
  documentedAs(
    z
      .union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message })
      .pipe(z.number().int(message).min(min, message).max(max, message)),
    { type: 'integer', minimum: min, maximum: max },
  );

/**
 * Paging and search of every list that grows with use: `limit` (default PAGE_DEFAULT; more than PAGE_MAX
 * counts as PAGE_MAX), `offset`, and the search text `q`.
 */
export const pageQuerySchema = z.object({
  limit: queryParam(wholeNumber(request.limitNotWhole, 1, Number.MAX_SAFE_INTEGER)).transform((v) =>
    Math.min(v ?? PAGE_DEFAULT, PAGE_MAX),
  ),
  offset: queryParam(wholeNumber(request.offsetNotWhole, 0, 1_000_000_000)).transform((v) => v ?? 0),
  q: queryParam(z.string({ error: request.queryNotText }).trim().max(200, request.searchTooLong)).transform(
    (v) => v || undefined,
  ),
});
export type PageQuery = z.input<typeof pageQuerySchema>;

export const activeStatus = queryParam(z.enum(['active', 'inactive'], { error: request.activeOrInactive }));

/** The stable code of a text of the catalogue. */
export const messageCodeSchema = z.enum(MESSAGE_CODES).meta({
  description:
    'Stable identifier of the text, `<group>.<key>` of the catalogue (shared-api messages.ts), to translate by.',
});
export const messageParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .meta({ description: 'The values a text with parameters was made from, e.g. `{ "id": 5 }`.' });
/**
 * The `message` of a successful change (a notice the screens show), with its code and params. The code is
 * optional in the type only, so that answers made up by component tests need none; the server always sends it.
 */
export const noticeFields = {
  message: z.string(),
  code: messageCodeSchema.optional(),
  params: messageParamsSchema.optional(),
};

export const messageAnswerSchema = z.object(noticeFields);
/** One problem of a refused input: its words, code and params, and the field (its path) it is about. */
export const problemAnswerSchema = z.object({
  field: z.string().optional().meta({
    description: 'The path of the field the problem is about (`email`, `address.city`); absent for the whole input.',
  }),
  message: z.string().meta({ description: "The spec's English text." }),
  code: messageCodeSchema,
  params: messageParamsSchema.optional(),
});
/**
 * Every error answer: the product's English words and a stable code the client translates. A 400 of an input
 * refused for several problems also lists every field's in `problems` (its first is the answer's own
 * `message`), so a form can say them all at once.
 */
export const errorAnswerSchema = z.object({
  message: z.string().meta({ description: "The spec's English text." }),
  code: messageCodeSchema,
  params: messageParamsSchema.optional(),
  problems: z.array(problemAnswerSchema).optional().meta({
    description:
      "A 400 of an input refused for several problems: each field's first problem, in the schema's order; the first is the answer's own `message`, `code` and `params`. Absent when there is one problem (the answer itself).",
  }),
});
export type ProblemAnswer = z.infer<typeof problemAnswerSchema>;
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/**
 * A form's check in the contract's own words: the payload the server will accept, or the problems the server
 * would answer: the first (`problem`, `field`) and every field's (`problems`), each with the field it is about.
 * Forms call it with the schema of their request, so the two sides cannot drift apart.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { payload: z.output<S> } | { problem: string; field?: string; problems: FormCheckProblem[] } {
  const result = schema.safeParse(values);
  if (result.success) return { payload: result.data };
  const problems: FormCheckProblem[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    const named = typeof field === 'string' ? field : undefined;
    // Each field's first problem, as the server answers them.
    if (problems.some((problem) => problem.field === named)) continue;
    problems.push({ message: issue.message, ...(named ? { field: named } : {}) });
  }
  const [first = { message: validation.requiredFields }] = problems;
  return { problem: first.message, ...(first.field ? { field: first.field } : {}), problems };
}

/** One problem a form's check found: the contract's words (in English, to translate) and the field's name. */
export interface FormCheckProblem {
  message: string;
  field?: string;
}
