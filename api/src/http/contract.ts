/**
 * The contract at run time. Every route declares its params, querystring, body and answers with the zod
 * schemas of shared-api (spec §7); Fastify checks the input with them before the handler runs (a 400 with the
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
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codedText, type CatalogueText } from '@btls/shared-api/codes';
import { request as requestText } from '@btls/shared-api/messages';
import { errorAnswerSchema, idSchema } from '@btls/shared-api/schemas';
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

const checkedByHandler = new WeakSet<object>();

/**
 * A body the handler checks itself (a multipart form whose fields are checked after the file is read; a body
 * whose shape picks the schema): documented with `schema`, not checked before the handler. Say why.
 */
export function checkedInHandler<S extends z.ZodType>(schema: S, why: string): S {
  const documented = schema.describe(why) as S;
  checkedByHandler.add(documented);
  return documented;
}

/**
 * Input checked with the contract's schema and words; text made storable first (see `parse`). A NUL in a path
 * or query parameter is refused outright (issue 30): no search, filter or code holds one, and the database,
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

/** Every error answer is `{ message, code, params? }` (architecture: API rules; issue 19). */
export const errorAnswers = { '4xx': errorAnswerSchema, '5xx': errorAnswerSchema } as const;

/** The route's answers by status, plus the `{ message, code }` of every error. */
export function answers<const T extends Record<number, unknown>>(ok: T): T & typeof errorAnswers {
  return { ...ok, ...errorAnswers };
}

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

/** The compilers and the document's generator; call before any route is registered. */
export async function registerContract(app: FastifyInstance, options: { publicUrl?: string }): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'BTLS coffee training and jobs API',
        version: '1.0.0',
        description:
          'Every call of the platform (spec §7). Errors answer `{ "message": …, "code": …, "params"?: … }`: the ' +
          "spec's English message and a stable code (`<group>.<key>` of the shared catalogue) to translate by; " +
          '`params` are the values of a message with parameters. Lists are paged with `limit` and ' +
          '`offset`; `X-Total-Count` and `Link` carry the total and the next page. Signed-in calls send ' +
          '`Authorization: Bearer <token>` (from POST /api/auth/login).',
      },
      servers: options.publicUrl ? [{ url: options.publicUrl }] : [],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const schema = transformed.schema as Record<string, unknown> | undefined;
      if (schema && !schema.hide) {
        // Grouped by resource in the reference: /api/courses/… under "courses".
        const resource = /^\/(?:api\/)?([^/]+)/.exec(transformed.url)?.[1]?.replace(/\..*$/, '') ?? 'site';
        schema.tags ??= [resource];
        // A guarded route needs the bearer token, and says for whom.
        const roles = guardOf(document.route);
        if (roles) {
          schema.security = [{ bearer: [] }];
          const who = roles.length ? `Signed in as: ${roles.join(' or ')}.` : 'Signed in (any role).';
          schema.description = [schema.description, who].filter(Boolean).join(' ');
        }
      }
      return transformed;
    },
    transformObject: jsonSchemaTransformObject,
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
