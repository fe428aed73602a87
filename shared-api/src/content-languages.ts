/**
 * What the business writes (a course's, a job's texts) in the platform's languages (docs/product.md §3, content
 * languages): written in one language, its own, and in any of the others beside it. The server answers each text in
 * the reader's language when it has it, else in its own, and says which (`language`); a page then notes "Written in
 * English" and marks the text with its `lang`.
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from './constants';
import { validation } from './messages';
import { documentedAs, isBlank, type JsonSchema } from './schema-blocks';

export const contentLanguageSchema = z.enum(LANGUAGES, { error: validation.contentLanguageOneOf });

/** A text's language in an answer, and which languages it is written in (its own first). */
export const contentLanguageFields = {
  language: z.enum(LANGUAGES).meta({
    description:
      "The language the answer's texts are in: the reader's (the `lang` query parameter, else the `btlsLang` " +
      'cookie, else Accept-Language) when the item is written in it, else its own.',
  }),
  languages: z.array(z.enum(LANGUAGES)).meta({ description: 'The languages the item is written in, its own first.' }),
};

/**
 * The language to answer in: `lang` as asked, else the page's (its cookie, else Accept-Language): read by the
 * routes from the request.
 */
export const readerLanguageQuery = {
  lang: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), contentLanguageSchema.optional())
    .meta({
      description: "The reader's language; without it the `btlsLang` cookie's, else Accept-Language's.",
    }),
};

/**
 * The texts in other languages, keyed by language: an object, or its JSON as text (a multipart form). A language
 * left empty (every text blank) is none; one half written is refused beside its blank field.
 */
export function translationsPayload<Shape extends z.ZodRawShape>(
  shape: Shape,
  /** One language's texts as the API's description documents them (each whole: title and description). */
  json: { properties: Record<string, JsonSchema>; required: string[] },
) {
  const one = z.object(shape);
  const each = z.preprocess((value) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.every(([, text]) => isBlank(text) || (Array.isArray(text) && text.length === 0)) ? undefined : value;
  }, one.optional());
  const object = z
    .object(Object.fromEntries(LANGUAGES.map((language) => [language, each])) as Record<Language, typeof each>)
    .strict()
    .superRefine((translations, ctx) => {
      for (const language of LANGUAGES) {
        const texts = translations[language] as { title?: unknown; description?: unknown } | undefined;
        if (!texts) continue;
        if (isBlank(texts.title))
          ctx.addIssue({ code: 'custom', message: validation.translationNeedsTitle, path: [language, 'title'] });
        if (isBlank(texts.description))
          ctx.addIssue({
            code: 'custom',
            message: validation.translationNeedsDescription,
            path: [language, 'description'],
          });
      }
    });
  return documentedAs(
    z.preprocess((value) => {
      if (typeof value !== 'string') return value;
      try {
        return value.trim() ? JSON.parse(value) : undefined;
      } catch {
        return value;
      }
    }, object.optional()),
    {
      type: 'object',
      description:
        'The texts in other languages, by language (en, fr, rw): each with its title and description, or empty. ' +
        "Left out on an edit, they are kept; the item's own language is not one of them. JSON text in a multipart form.",
      properties: Object.fromEntries(LANGUAGES.map((language) => [language, { type: 'object', ...json }])),
      additionalProperties: false,
    },
  );
}

/**
 * The version of an item to show a reader: in `reader`'s language when written in it, else its own. `own` is the
 * item's own texts, `translations` its others.
 */
export function versionFor<T>(
  reader: Language,
  own: { language: Language; texts: T },
  translations: Partial<Record<Language, T>>,
): { language: Language; texts: T } {
  if (reader !== own.language && translations[reader]) return { language: reader, texts: translations[reader]! };
  return own;
}

/** The languages an item is written in, its own first. */
export const languagesOf = (own: Language, translations: Partial<Record<Language, unknown>>): Language[] => [
  own,
  ...LANGUAGES.filter((language) => language !== own && translations[language]),
];
