/** Courses (docs/product.md §3, docs/product.md §7). */
import { z } from 'zod';
import { COURSE_CATEGORIES, COURSE_LEVELS, LANGUAGES } from '../constants';
import { course as courseText, validation } from '../messages';
import {
  NOT_BLANK,
  activeStatus,
  documentedAs,
  flag,
  isBlank,
  noticeFields,
  optionalText,
  optionalUrl,
  pageQuerySchema,
  queryParam,
  requiredText,
  requiredTextJson,
} from '../schema-blocks';
import {
  contentLanguageFields,
  contentLanguageSchema,
  readerLanguageQuery,
  translationsPayload,
} from '../content-languages';

/** A course's texts in one language. */
export const courseTextsSchema = z.object({
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
});
export type CourseTexts = z.infer<typeof courseTextsSchema>;

export const courseSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  category: z.string(),
  level: z.string(),
  trainingCenter: z.string().nullable(),
  instructor: z.string().nullable(),
  duration: z.string().nullable(),
  price: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /**
   * Only for an uploaded image with WebP copies: its size as shown, and the widths of the copies, each served
   * at `${imageUrl}/${width}.webp`. Absent for an external URL.
   */
  imageWidth: z.number().int().optional(),
  imageHeight: z.number().int().optional(),
  imageWidths: z.array(z.number().int()).optional(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** The language of `title`, `description` and `tags` (the reader's when the course is written in it). */
  ...contentLanguageFields,
  /** For admins only: every version of the texts, by language, to edit them. */
  texts: z.partialRecord(z.enum(LANGUAGES), courseTextsSchema).optional(),
});
export type Course = z.infer<typeof courseSchema>;

/** The public catalogue's filter options: the distinct values the active courses hold, sorted (docs/product.md §2). */
export const courseFacetsSchema = z.object({
  categories: z.array(z.string()),
  levels: z.array(z.string()),
  trainingCenters: z.array(z.string()),
});
export type CourseFacets = z.infer<typeof courseFacetsSchema>;

/** Tags of docs/product.md §5: a comma-separated string (split, trimmed, empties dropped), a JSON list text, or a list. */
export function parseTags(value: unknown): string[] | undefined {
  let list: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        list = text.split(',');
      }
    } else {
      list = text.split(',');
    }
  }
  if (!Array.isArray(list)) return undefined;
  const tags = list
    .filter((t): t is string | number => typeof t === 'string' || typeof t === 'number')
    .map((t) =>
      String(t)
        .replace(/^["'\s]+|["'\s]+$/g, '')
        .trim(),
    )
    .filter((t) => t.length > 0 && t.length <= 50);
  return [...new Set(tags)].slice(0, 30);
}

/** Comma text, JSON list text or a list; anything else (or nothing) leaves the tags out (docs/product.md §5). */
const tagsField = () =>
  documentedAs(z.custom<string | readonly string[]>().optional().transform(parseTags), {
    anyOf: [
      { type: 'array', items: { type: 'string', minLength: 1, maxLength: 50, pattern: NOT_BLANK }, maxItems: 30 },
      { type: 'string', description: 'Comma-separated, or a JSON list as text' },
    ],
  });

const courseFields = (required: string) => ({
  title: requiredText(required, 200),
  description: requiredText(required, 10_000),
  category: z.enum(COURSE_CATEGORIES, {
    error: (iss) => (isBlank(iss.input) ? required : courseText.categoryOneOf),
  }),
  level: z.enum(COURSE_LEVELS, {
    error: (iss) => (isBlank(iss.input) ? required : courseText.levelOneOf),
  }),
  trainingCenter: optionalText(200),
  instructor: optionalText(200),
  duration: optionalText(100),
  price: optionalText(100),
  /** An http(s) address, or the path of an image this API stores. */
  imageUrl: optionalUrl(validation.invalidImageUrl, '/api/images/'),
  isActive: flag.optional(),
  /** Comma text, JSON list text or a list; anything else (or nothing) leaves the tags out (docs/product.md §5). */
  tags: tagsField(),
  /** The language title, description and tags are written in: on a new course English unless given. */
  language: contentLanguageSchema.optional(),
  translations: translationsPayload(
    { title: optionalText(200), description: optionalText(10_000), tags: tagsField() },
    {
      properties: {
        title: requiredTextJson(200),
        description: requiredTextJson(10_000),
        tags: {
          type: 'array',
          items: { type: 'string', minLength: 1, maxLength: 50, pattern: NOT_BLANK },
          maxItems: 30,
        },
      },
      required: ['title', 'description'],
    },
  ),
});

/** `status` is for admins (everyone else sees active courses only). */
export const courseListQuerySchema = pageQuerySchema.extend({
  category: queryParam(z.enum(COURSE_CATEGORIES, { error: courseText.categoryOneOf })),
  level: queryParam(z.enum(COURSE_LEVELS, { error: courseText.levelOneOf })),
  trainingCenter: queryParam(z.string().trim().max(200)),
  status: activeStatus,
  ...readerLanguageQuery,
});

/** One course's read: in the reader's language. */
export const courseReadQuerySchema = z.object(readerLanguageQuery);

export const courseCreatePayloadSchema = z.object(courseFields(validation.courseAddRequired));
export type CourseCreatePayload = z.input<typeof courseCreatePayloadSchema>;

export const courseUpdatePayloadSchema = z.object(courseFields(validation.courseEditRequired));
export type CourseUpdatePayload = z.input<typeof courseUpdatePayloadSchema>;

export const courseAnswerSchema = z.object({ ...noticeFields, course: courseSchema });
export type CourseAnswer = z.infer<typeof courseAnswerSchema>;
