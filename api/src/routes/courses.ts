/**
 * The courses: the public catalogue (an admin also sees inactive ones), its filter options, and the admins'
 * changes, with a course's picture. The reads and writes are in courses/repository.ts.
 */
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { DEFAULT_TRAINING_CENTER } from '@btls/shared-api/constants';
import {
  courseAnswerSchema,
  courseCreatePayloadSchema,
  courseFacetsSchema,
  courseListQuerySchema,
  courseReadQuerySchema,
  courseSchema,
  courseUpdatePayloadSchema,
  messageAnswerSchema,
} from '@btls/shared-api/schemas';
import type { Deps } from '../deps';
import { isForeignKeyViolation, type Db } from '../db/client';
import {
  activeCourseFacets,
  deleteCourse,
  findCourse,
  insertCourse,
  lockCourseImage,
  pageOfCourses,
  updateCourse,
  type CourseRow,
} from '../courses/repository';
import { answers, checkedInHandler, idParams, type Api } from '../http/contract';
import { conflict, notFound, parse } from '../http/errors';
import { coded, codedWith } from '@btls/shared-api/codes';
import { chosenImage, forgetImage, imageFactsFor, readFormWithImage } from '../image-store';
import { setPageHeaders } from '../http/paging';
import { toCourse, type TextsFor } from '../serialize';
import { readerLanguage } from '../content-language';
import type { CourseTranslations } from '../db/schema';
import type { Language } from '@btls/shared-api/constants';

const courseParams = idParams('id', texts.course.invalidId);
const COURSE_IMAGE_FIELD = 'courseImage';
const FORM_NOTE =
  'JSON, or a multipart form with the same fields (tags as a JSON list or comma text) and the image file as ' +
  `\`${COURSE_IMAGE_FIELD}\` (PNG, JPEG, GIF or WebP, at most 5 MB). Checked after the form is read.`;
const COURSE_FORM = {
  files: { [COURSE_IMAGE_FIELD]: "The course's picture: PNG, JPEG, GIF or WebP, at most 5 MB" },
};
const courseNotFound = (id: number) => notFound(codedWith('course.notFoundById', { id }));

export function courseRoutes(app: Api, { db, auth }: Deps) {
  /**
   * A page of the active courses, newest first; an admin's token also lists inactive ones (and `status`
   * chooses). `q` searches title, description and tags; `category`, `level` and `trainingCenter` filter.
   */
  app.get(
    '/courses',
    {
      schema: {
        summary: "A page of the active courses, newest first (an admin's token also lists inactive ones).",
        querystring: courseListQuerySchema,
        response: answers({ 200: courseSchema.array() }),
      },
    },
    async (request, reply) => {
      const isAdmin = (await auth.optional(request))?.role === 'admin';
      const query = request.query;
      const status = isAdmin ? query.status : 'active';
      const { rows, total } = await pageOfCourses(db, { ...query, status });
      setPageHeaders(request, reply, query, rows.length, total);
      const facts = await imageFactsFor(
        db,
        rows.map((row) => row.imageUrl),
      );
      const view = { reader: readerLanguage(request, reply), allTexts: isAdmin };
      return rows.map((row) => toCourse(row, facts.get(row.imageUrl ?? ''), view));
    },
  );

  /** The public catalogue's filter options: what the active courses hold, so every option finds something. */
  app.get(
    '/courses/facets',
    {
      schema: { summary: "The public catalogue's filter options.", response: answers({ 200: courseFacetsSchema }) },
    },
    async () => activeCourseFacets(db),
  );

  /** An inactive course is hidden from everyone but admins. */
  app.get(
    '/courses/:id',
    {
      schema: {
        summary: 'One course (an inactive one for admins only).',
        params: courseParams,
        querystring: courseReadQuerySchema,
        response: answers({ 200: courseSchema }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = await findCourse(db, id);
      if (!row) throw courseNotFound(id);
      const isAdmin = (await auth.optional(request))?.role === 'admin';
      if (!row.isActive && !isAdmin) throw courseNotFound(id);
      return withImageFacts(db, row, { reader: readerLanguage(request, reply), allTexts: isAdmin });
    },
  );

  /** JSON, or a multipart form with the image as `courseImage` and tags as a JSON list or comma text. */
  app.post(
    '/courses',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Add a course.',
        consumes: ['application/json', 'multipart/form-data'],
        body: checkedInHandler(courseCreatePayloadSchema, FORM_NOTE, COURSE_FORM),
        response: answers({ 201: courseAnswerSchema }, [404]),
      },
    },
    async (request, reply) => {
      const input = await readFormWithImage(request, COURSE_IMAGE_FIELD);
      const { language: given, translations, ...payload } = parse(courseCreatePayloadSchema, input.fields);
      const language = given ?? 'en';
      const created = await db.transaction(async (tx) => {
        const imageUrl = await chosenImage(tx, input.image, payload.imageUrl);
        return insertCourse(tx, {
          ...payload,
          language,
          translations: storedTranslations(translations ?? {}, language),
          tags: payload.tags ?? [],
          trainingCenter: payload.trainingCenter ?? DEFAULT_TRAINING_CENTER,
          imageUrl,
          isActive: payload.isActive ?? true,
        });
      });
      reply.status(201);
      return {
        ...codedWith('notice.courseAdded', { title: created.title }),
        course: await withImageFacts(db, created, { reader: language, allTexts: true }),
      };
    },
  );

  app.put(
    '/courses/:id',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Edit a course; an edit that names no image keeps it, an empty imageUrl removes it.',
        consumes: ['application/json', 'multipart/form-data'],
        params: courseParams,
        body: checkedInHandler(courseUpdatePayloadSchema, FORM_NOTE, COURSE_FORM),
        response: answers({ 200: courseAnswerSchema }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const input = await readFormWithImage(request, COURSE_IMAGE_FIELD);
      const {
        tags,
        isActive,
        imageUrl: givenUrl,
        language: given,
        translations,
        ...payload
      } = parse(courseUpdatePayloadSchema, input.fields);
      // An edit that names no image (no upload, no imageUrl field at all) keeps the course's image; an empty or
      // null imageUrl removes it.
      const imageNamed = input.image !== undefined || hasField(input.fields, 'imageUrl');
      const updated = await db.transaction(async (tx) => {
        const before = await lockCourseImage(tx, id);
        if (!before) return undefined;
        const imageUrl = imageNamed ? await chosenImage(tx, input.image, givenUrl, before.imageUrl) : before.imageUrl;
        // A page that does not know languages sends neither: the course keeps its language and its translations.
        const language = given ?? (before.language as Language);
        const row = await updateCourse(tx, id, {
          ...payload,
          language,
          translations: storedTranslations(translations ?? before.translations, language),
          trainingCenter: payload.trainingCenter ?? DEFAULT_TRAINING_CENTER,
          imageUrl,
          // Left out when not given (tags: neither a string nor a list, docs/product.md §5).
          ...(tags !== undefined ? { tags } : {}),
          ...(isActive !== undefined ? { isActive } : {}),
        });
        if (imageUrl !== before.imageUrl) await forgetImage(tx, before.imageUrl);
        return row;
      });
      if (!updated) throw courseNotFound(id);
      return {
        ...codedWith('notice.courseUpdated', { title: updated.title }),
        course: await withImageFacts(db, updated, { reader: updated.language as Language, allTexts: true }),
      };
    },
  );

  /** Refused while applications refer to the course: deactivating keeps the history. */
  app.delete(
    '/courses/:id',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Delete a course that no application or certificate refers to.',
        params: courseParams,
        response: answers({ 200: messageAnswerSchema }),
      },
    },
    async (request) => {
      const { id } = request.params;
      try {
        await db.transaction(async (tx) => {
          const deleted = await deleteCourse(tx, id);
          if (!deleted) throw courseNotFound(id);
          await forgetImage(tx, deleted.imageUrl);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw conflict(texts.course.hasHistory);
        }
        throw error;
      }
      return coded('notice.courseDeleted');
    },
  );
}

async function withImageFacts(db: Db, row: CourseRow, view: TextsFor) {
  const facts = await imageFactsFor(db, [row.imageUrl]);
  return toCourse(row, facts.get(row.imageUrl ?? ''), view);
}

/** The translations as kept: whole ones only, none in the course's own language. */
function storedTranslations(
  given: Partial<Record<Language, { title?: string | null; description?: string | null; tags?: string[] }>>,
  own: Language,
): CourseTranslations {
  const kept: CourseTranslations = {};
  for (const [language, texts] of Object.entries(given) as [Language, (typeof given)[Language]][]) {
    if (language === own || !texts?.title || !texts.description) continue;
    kept[language] = { title: texts.title, description: texts.description, tags: texts.tags ?? [] };
  }
  return kept;
}

const hasField = (fields: unknown, name: string) =>
  typeof fields === 'object' && fields !== null && Object.hasOwn(fields, name);
