/**
 * The contract at run time. Every route declares its params, querystring, body and answers with the zod
 * schemas of shared-api (docs/product.md §7); Fastify checks the input with them before the handler runs (a 400 with the
 * schema's own words, as `parse` always answered) and every answer on its way out (a field the contract does
 * not name is dropped; a wrong one is a bug the tests catch). The same declarations make the OpenAPI document
 * at /api/openapi.json, browsable at /api/docs.
 *
 * How a route is written:
 *   api.get('/things/:id', {
 *     preValidation: auth.guard(['admin']),        // when signed-in only: 401/403 before the input is checked
 *     schema: { params: idParams('id', thing.invalidId), response: answers({ 200: thingSchema }) },
 *   }, async (request) => ... request.params.id is a number here ...);
 * A route that must not be in the document says so with `schema: { hide: true }` and a reason, and is listed
 * in test/openapi.test.ts; every other route needs a response schema (that test fails without one).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codedText, type CatalogueText } from '@btls/shared-api/codes';
import { course as courseText, request as requestText } from '@btls/shared-api/messages';
import {
  DOCUMENTED_AS,
  DOCUMENTED_WITH,
  errorAnswerSchema,
  idSchema,
  messageCodeSchema,
} from '@btls/shared-api/schemas';
import { badRequest, parse } from './errors';

/** The Fastify instance route modules get: request and reply typed from the route's zod schemas. */
export type Api = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Where the document and its reference are served (under the /api prefix). */
export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

type JsonSchema = Record<string, unknown>;

const checkedByHandler = new WeakSet<object>();
/** A body that is (also) a multipart form: its file fields, and whether JSON is taken too. */
interface FormBody {
  files: Record<string, string>;
  json: boolean;
}
const formBodies = new WeakMap<object, FormBody>();

/**
 * A body the handler checks itself (a multipart form whose fields are checked after the file is read; a body
 * whose shape picks the schema): documented with `schema`, not checked before the handler. Say why. With
 * `form`, the document shows a multipart form of the same fields plus the named files (each with what it
 * holds), and JSON too unless `json: false`.
 */
export function checkedInHandler<S extends z.ZodType>(
  schema: S,
  why: string,
  form?: { files: Record<string, string>; json?: boolean },
): S {
  const documented = schema.describe(why) as S;
  checkedByHandler.add(documented);
  if (form) formBodies.set(documented, { files: form.files, json: form.json ?? true });
  return documented;
}

/** The document's body of a form route: JSON (when taken) and multipart with the file parts. */
function formContent(body: JsonSchema, form: FormBody): JsonSchema {
  const { description, ...fields } = body;
  const properties = (fields.properties ?? {}) as Record<string, JsonSchema>;
  const files = Object.fromEntries(
    Object.entries(form.files).map(([name, what]) => [
      name,
      // `format: binary` too, for the tools still on OpenAPI 3.0's way of naming a file.
      { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description: what },
    ]),
  );
  return {
    description,
    content: {
      ...(form.json ? { 'application/json': { schema: fields } } : {}),
      'multipart/form-data': { schema: { ...fields, properties: { ...properties, ...files } } },
    },
  };
}

/**
 * Input checked with the contract's schema and words; text made storable first (see `parse`). A NUL in a path
 * or query parameter is refused outright: no search, filter or code holds one, and the database,
 * which cannot store it, would answer with an error the size of its query.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  if (checkedByHandler.has(schema)) return (data) => ({ value: data });
  const parameters = httpPart === 'querystring' || httpPart === 'params';
  return (data) => {
    try {
      if (parameters) refuseNul(data);
      return { value: parse(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};

function refuseNul(parameters: unknown) {
  if (!parameters || typeof parameters !== 'object') return;
  for (const [field, value] of Object.entries(parameters)) {
    if ([value].flat().some((text) => typeof text === 'string' && text.includes('\u0000')))
      throw badRequest({ ...codedText(requestText.invalidData), params: { field } });
  }
}

/** A path with positive integer parameters, each with its own 400 message. */
export function idParams<const K extends string>(name: K, message: CatalogueText) {
  return z.object({ [name]: idSchema(message) } as { [P in K]: ReturnType<typeof idSchema> });
}

/** A path parameter that is text (a certificate code), trimmed and upper-cased as codes are stored. */
export const codeParams = z.object({
  certificateCode: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase()),
});

/** Every error answer is `{ message, code, params? }` (architecture: API rules): one component. */
z.globalRegistry.add(errorAnswerSchema, {
  id: 'Error',
  examples: [codedText(courseText.invalidId)],
});
// The code of every text, once (an error's and a notice's `code`): a component, not a copy in every answer.
z.globalRegistry.add(messageCodeSchema, { ...z.globalRegistry.get(messageCodeSchema), id: 'MessageCode' });

/** What each error status means, as the document says it. */
const ERROR_MEANINGS = {
  400: 'The input breaks a rule of the contract; the message names which.',
  401: 'Not signed in, or the session has ended.',
  403: "Signed in, but the caller's role (or state) does not allow this.",
  404: 'What the path names does not exist (or is not visible to the caller).',
  409: 'The current state does not allow it (already done, changed meanwhile).',
  413: 'The body or its file is too large.',
  415: 'The body is neither JSON nor, where taken, a multipart form.',
  422: 'The Idempotency-Key was used before with another body.',
  429: 'Too many requests of this kind: try again after `Retry-After` seconds.',
  500: 'The server failed unexpectedly (it is logged); nothing was changed.',
  503: 'Busy or unavailable for a moment: try again after `Retry-After` seconds.',
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANINGS;
const SUCCESS_MEANINGS: Record<string, string> = { 200: 'OK', 201: 'Created' };

const errorAnswer = (status: ErrorStatus) => ({
  description: ERROR_MEANINGS[status],
  content: { 'application/json': { schema: errorAnswerSchema } },
});

/** An answers object typed with its listed error statuses (so `reply.status(404)` is allowed where listed). */
type WithErrors<T, E extends readonly ErrorStatus[]> = T & { [S in E[number]]: ReturnType<typeof errorAnswer> };

/**
 * The route's answers by status, with the error statuses it answers beyond the ones every route of its kind
 * answers (added by `registerContract`, see `commonErrors`): a 404 of a body's id, a 409 of a rule, a 429.
 * Every error answers `{ message, code, params? }`; test/helpers.ts fails a test file whose route answered a
 * status its document does not list.
 */
export function answers<const T extends Record<number, unknown>, const E extends readonly ErrorStatus[] = []>(
  ok: T,
  errors?: E,
): WithErrors<T, E> {
  const listed = Object.fromEntries((errors ?? []).map((status) => [status, errorAnswer(status)]));
  return { ...ok, ...listed } as WithErrors<T, E>;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The errors every route of a kind answers: 400 for any input (a path, a query, a body: Fastify parses a body
 * of any of these methods, so bad JSON is a 400 there too), 413 and 415 for a body, 409 for a write that meets
 * a change made meanwhile, 401 and 403 behind a guard, 404 for a path that names something, 422 for a replay
 * key reused, 503 when the database (or the store of the limits) is busy, and 500 (a failure nobody planned).
 */
function commonErrors(route: RouteOptions): ErrorStatus[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const body = [route.method].flat().some((method) => BODY_METHODS.has(method));
  const roles = guardOf(route);
  const replayable = idempotencyKeyOf(route) !== undefined;
  const statuses: (ErrorStatus | false)[] = [
    (body || Boolean(schema.params) || Boolean(schema.querystring)) && 400,
    roles !== undefined && 401,
    // (Any guarded route: a role it does not admit, or an admin's session in a trial.)
    roles !== undefined && 403,
    Boolean(schema.params) && 404,
    body && 409,
    body && 413,
    body && 415,
    replayable && 422,
    500,
    503,
  ];
  return statuses.filter((status): status is ErrorStatus => status !== false);
}

/** Marks the preHandler of routes that take an Idempotency-Key (http/idempotency.ts) with the key's pattern. */
export const IDEMPOTENT = Symbol('idempotent');
type IdempotencyMark = { [IDEMPOTENT]?: string };
const idempotencyKeyOf = (route: { preHandler?: unknown }) =>
  ([route.preHandler].flat() as IdempotencyMark[]).find((hook) => hook?.[IDEMPOTENT])?.[IDEMPOTENT];

/** An answer that is not JSON: its content type and what it holds, for the document (sent as bytes or text). */
export function nonJson(contentType: string, description: string, schema: z.ZodType = z.string()) {
  return { description, content: { [contentType]: { schema } } };
}

/** Bytes (an image), as OpenAPI says it. */
export const binary = z.string().meta({ format: 'binary' });

/** A JSON document we do not describe field by field (JSON-LD credentials, the OpenAPI document itself). */
export const jsonDocument = z.record(z.string(), z.unknown());

/** What a route's guard admits (auth.guard marks its hook with it), for the document. */
export const GUARD_ROLES = Symbol('guard roles');
type GuardMark = { [GUARD_ROLES]?: readonly string[] };

/** The roles a route's preValidation guard admits ([] for any signed-in user), or undefined for a public route. */
function guardOf(route: { preValidation?: unknown }): readonly string[] | undefined {
  const hooks = [route.preValidation].flat() as GuardMark[];
  return hooks.find((hook) => hook && hook[GUARD_ROLES])?.[GUARD_ROLES];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as it was registered (onRoute): what test/openapi.test.ts holds the document against. */
    routeTable: RouteOptions[];
  }
}

/**
 * How a zod schema becomes the document's JSON Schema, beyond zod's own conversion: a schema of shared-api that
 * parses more leniently than clients should send (an id also taken as digits, a date also as a longer ISO text)
 * names its documented form (`documentedAs` there), which replaces the converted one, or a rule between its
 * fields (`documentedWith`: a `oneOf` by role or status), which is added to it; a union's branch that has
 * no JSON form (a transform) is dropped; an answer without a body (a 304) is `null`.
 */
const zodToJsonConfig = {
  override(context: { zodSchema: unknown; jsonSchema: JsonSchema }) {
    const json = context.jsonSchema;
    if (Array.isArray(json.anyOf)) {
      json.anyOf = (json.anyOf as JsonSchema[]).filter((branch) => Object.keys(branch).length > 0);
    }
    const documented = json[DOCUMENTED_AS] as JsonSchema | undefined;
    if (documented) {
      for (const key of Object.keys(json)) delete json[key];
      Object.assign(json, documented);
    }
    const added = json[DOCUMENTED_WITH] as JsonSchema | undefined;
    if (added) {
      delete json[DOCUMENTED_WITH];
      Object.assign(json, added);
    }
    if ((context.zodSchema as z.ZodType)._zod.def.type === 'undefined') json.type = 'null';
  },
};
const jsonSchemaTransform = createJsonSchemaTransform({ zodToJsonConfig });
const jsonSchemaTransformObject = createJsonSchemaTransformObject({ zodToJsonConfig });

function withoutUnusedComponents<D>(document: D): D {
  const { components, ...rest } = document as { components?: { schemas?: Record<string, unknown> } };
  if (!components?.schemas) return document;
  const used = new Set<string>();
  const visit = (text: string) => {
    for (const [, id] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(id!)) continue;
      used.add(id!);
      visit(JSON.stringify(components.schemas![id!] ?? {}));
    }
  };
  visit(JSON.stringify(rest));
  const schemas = Object.fromEntries(Object.entries(components.schemas).filter(([id]) => used.has(id)));
  return { ...rest, components: { ...components, schemas } } as D;
}

/** The compilers and the document's generator; call before any route is registered. */
export async function registerContract(app: FastifyInstance, options: { publicUrl?: string }): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
    const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (schema?.response && !schema.hide) {
      // A new object: one answers() may serve several routes (each with its own guard).
      schema.response = {
        ...Object.fromEntries(commonErrors(route).map((status) => [status, errorAnswer(status)])),
        ...schema.response,
      };
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'BTLS coffee training and jobs API',
        version: '1.0.0',
        description:
          'Every call of the platform. Errors answer `{ "message": …, "code": …, "params"?: … }`: the ' +
          'English message and a stable code (`<group>.<key>` of the shared catalogue) to translate by; ' +
          '`params` are the values of a message with parameters. Lists are paged with `limit` and ' +
          '`offset`; `X-Total-Count` and `Link` carry the total and the next page. Signed-in calls send ' +
          '`Authorization: Bearer <token>` (from POST /api/auth/login). Texts never hold NUL (U+0000): it is ' +
          'removed from the text of a body before any check, and a path or query parameter holding one is refused; ' +
          'a lone surrogate is replaced. Where a schema is stricter than a rule the server also takes (an id as ' +
          'digits, a blank optional text as null), what it shows is what to send.',
      },
      servers: options.publicUrl ? [{ url: options.publicUrl }] : [],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const schema = transformed.schema as Record<string, unknown> | undefined;
      const form = formBodies.get((document.schema as { body?: object } | undefined)?.body ?? {});
      if (schema?.body && form) schema.body = formContent(schema.body as JsonSchema, form);
      // A success says what it is ("Default Response" otherwise).
      for (const [status, answer] of Object.entries((schema?.response ?? {}) as Record<string, JsonSchema>)) {
        const meaning = SUCCESS_MEANINGS[status];
        if (meaning && !answer.description) answer['x-response-description'] = meaning;
      }
      const key = idempotencyKeyOf(document.route);
      if (schema && key) {
        schema.headers = {
          type: 'object',
          properties: {
            'Idempotency-Key': {
              type: 'string',
              pattern: key,
              description:
                'Optional. A key of your own for this write: sent again (after a lost answer), the first answer is ' +
                'replayed and nothing is done twice; kept 30 days.',
            },
          },
        };
      }
      if (schema && !schema.hide) {
        // Grouped by resource in the reference: /api/courses/… under "courses".
        const resource = /^\/(?:api\/)?([^/]+)/.exec(transformed.url)?.[1]?.replace(/\..*$/, '') ?? 'site';
        schema.tags ??= [resource];
        // A guarded route needs the bearer token, and says for whom.
        const roles = guardOf(document.route);
        if (roles) {
          schema.security = [{ bearer: [] }];
          // The same, for programs: the roles admitted (none listed: any signed-in user).
          schema['x-roles'] = roles;
          const who = roles.length ? `Signed in as: ${roles.join(' or ')}.` : 'Signed in (any role).';
          schema.description = [schema.description, who].filter(Boolean).join(' ');
        }
      }
      return transformed;
    },
    // Components are made twice (as read, as answered): the document keeps those it refers to.
    transformObject: (document) => withoutUnusedComponents(jsonSchemaTransformObject(document)),
  });
}

/** /api/openapi.json and the browsable reference at /api/docs (Swagger UI, served from this server). */
export async function registerDocs(api: Api): Promise<void> {
  api.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This document: every route with its parameters, bodies and answers (OpenAPI 3.1).',
        response: answers({ 200: jsonDocument }),
      },
    },
    async () => api.swagger() as unknown as Record<string, unknown>,
  );
  // Its assets are files of the swagger-ui package under /api/docs/static: no script from elsewhere and none
  // inline, so the site's Content-Security-Policy holds for it as for every page.
  await api.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // The page names its files by absolute path when asked without a trailing slash: /api/docs/static/….
    indexPrefix: '/api',
    // The UI reads the same document from /api/docs/json (the plugin's own route, hidden from the document).
    uiConfig: { deepLinking: true, docExpansion: 'list' },
    validatorUrl: false,
  });
}
