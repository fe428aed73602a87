/**
 * What an operation takes and answers, in the words its compatibility is judged in: the request (its path's
 * parameters, its query, its JSON body) and its success answer, read from the API's OpenAPI document. The API
 * records them for the contract (`shared-api/contract.json`, `npm run contract -w @btls/api`); an area's build
 * copies the shapes of the operations it calls into its release; the API compares them with what it serves now.
 *
 * Compatible, as decided: the side that reads a message (the area reads an answer, the API reads a request) gets
 * everything it relies on from the side that writes it.
 * - An answer may gain fields (required or not), lose fields the area took as optional, and narrow a type. It may
 *   not drop or rename a field the area took as always there, make one optional or nullable, change a type, or
 *   give a value the area does not know (a new status).
 * - A request may gain optional fields and accept more (another type, a new value, a field no longer needed). It
 *   may not require a field the area does not send, stop accepting one the area sends (a closed object), or
 *   refuse a type or value the area sends.
 * Only types, fields, whether they are required and the values of an enumeration are compared: lengths, ranges
 * and patterns are the server's checks, whose refusals the area shows as it shows any other.
 */
import { createHash } from 'node:crypto';

/**
 * Written small (a release carries the shapes of every call it makes): a primitive by its name, an object's
 * optional field with `?` after its name.
 */
export type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | 'any'
  | { enum: (string | number | boolean)[] }
  | { array: Shape }
  | { object: Record<string, Shape>; closed?: true }
  | { anyOf: Shape[] };

/** A shape as the comparison reads it. */
type Read =
  | { type: 'object'; fields: Record<string, { required: boolean; shape: Shape }>; closed: boolean }
  | { type: 'array'; items: Shape }
  | { type: 'string' | 'number' | 'boolean' | 'null'; values?: (string | number | boolean)[] }
  | { type: 'anyOf'; of: Shape[] }
  | { type: 'any' };

function read(shape: Shape): Read {
  if (typeof shape === 'string') return { type: shape } as Read;
  if ('enum' in shape) return { type: typeof shape.enum[0] as 'string', values: shape.enum };
  if ('array' in shape) return { type: 'array', items: shape.array };
  if ('anyOf' in shape) return { type: 'anyOf', of: shape.anyOf };
  return {
    type: 'object',
    fields: Object.fromEntries(
      Object.entries(shape.object).map(([key, field]) =>
        key.endsWith('?')
          ? [key.slice(0, -1), { required: false, shape: field }]
          : [key, { required: true, shape: field }],
      ),
    ),
    closed: shape.closed === true,
  };
}

/** An object's shape from its fields. */
const object = (fields: Record<string, { required: boolean; shape: Shape }>, closed = false): Shape => ({
  object: Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [field.required ? name : `${name}?`, field.shape]),
  ),
  ...(closed ? { closed: true as const } : {}),
});

export interface OperationShape {
  request: Shape;
  answer: Shape;
}

export interface RecordedShape extends OperationShape {
  /** A hash of both: the same hash, the same shapes (nothing to compare). */
  hash: string;
}

type JsonSchema = Record<string, unknown>;
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

const ANY: Shape = 'any';
/**
 * Enumerations a reader takes as open: a message's code (the contract's words grow, and an area shows the message
 * itself for a code it does not know), compared as text.
 */
const OPEN_ENUMERATIONS = new Set(['MessageCode']);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A JSON value with its keys in order: what is hashed and compared. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export const shapeHash = (shape: OperationShape) =>
  createHash('sha256')
    .update(stable({ request: shape.request, answer: shape.answer }))
    .digest('hex')
    .slice(0, 12);

/**
 * Whether two operations' shapes are the same, compared as the shapes themselves: a recorded `hash` is what the
 * side that sent it says, and a release's manifest is the team's to write.
 */
export const sameShapes = (a: OperationShape, b: OperationShape) =>
  // The shapes themselves, never their short hash: a shape made to collide with another's hash is still another.
  stable({ request: a.request, answer: a.answer }) === stable({ request: b.request, answer: b.answer });

/** One alternative, several (flattened, each once, in a stable order), or none. */
function anyOf(shapes: Shape[]): Shape {
  const flat = shapes.flatMap((shape) => (typeof shape === 'object' && 'anyOf' in shape ? shape.anyOf : [shape]));
  if (flat.includes('any')) return ANY;
  const unique = [...new Map(flat.map((shape) => [stable(shape), shape])).entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, shape]) => shape);
  return unique.length === 1 ? unique[0]! : { anyOf: unique };
}

/** A JSON Schema (of the OpenAPI document) as a shape; `$ref`s to the document's components followed. */
function shapeOf(schema: JsonSchema | undefined, document: Document, seen: string[] = []): Shape {
  if (!schema) return ANY;
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref) {
    const name = ref.replace('#/components/schemas/', '');
    if (OPEN_ENUMERATIONS.has(name)) return 'string';
    // A schema that contains itself is read once.
    if (seen.includes(name)) return ANY;
    return shapeOf(document.components?.schemas?.[name], document, [...seen, name]);
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return anyOf(alternatives.map((each) => shapeOf(each, document, seen)));
  if (Array.isArray(schema.type))
    return anyOf((schema.type as string[]).map((type) => shapeOf({ ...schema, type }, document, seen)));
  if (schema.allOf) {
    const parts = (schema.allOf as JsonSchema[]).map((each) => read(shapeOf(each, document, seen)));
    const fields = Object.assign({}, ...parts.map((part) => (part.type === 'object' ? part.fields : {})));
    return parts.every((part) => part.type === 'object') ? object(fields) : ANY;
  }
  const values = (schema.enum ?? ('const' in schema ? [schema.const] : undefined)) as
    (string | number | boolean)[] | undefined;
  const type = schema.type === 'integer' ? 'number' : schema.type;
  if (type === 'string' || type === 'number' || type === 'boolean' || type === 'null')
    return values && type !== 'null' ? { enum: [...values].sort() } : type;
  if (type === 'array') return { array: shapeOf(schema.items as JsonSchema, document, seen) };
  if (type === 'object' || schema.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    return object(
      Object.fromEntries(
        Object.entries(properties).map(([name, field]) => [
          name,
          { required: required.has(name), shape: shapeOf(field, document, seen) },
        ]),
      ),
      schema.additionalProperties === false,
    );
  }
  return ANY;
}

const JSON_TYPE = 'application/json';

/** An operation of the document as what it takes and answers. */
function operationShape(operation: Operation, document: Document): OperationShape {
  const parameters = (place: string) => {
    const fields: Record<string, { required: boolean; shape: Shape }> = {};
    for (const parameter of operation.parameters ?? [])
      if (parameter.in === place)
        fields[parameter.name] = { required: parameter.required === true, shape: shapeOf(parameter.schema, document) };
    return object(fields);
  };
  const body = operation.requestBody;
  const bodySchema = body?.content?.[JSON_TYPE]?.schema;
  const request = object({
    params: { required: true, shape: parameters('path') },
    query: { required: true, shape: parameters('query') },
    ...(body
      ? { body: { required: body.required === true, shape: bodySchema ? shapeOf(bodySchema, document) : ANY } }
      : {}),
  });
  const answers = Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([status, response]) => {
      if (status === '204' || !response.content) return 'null' as const;
      const json = response.content[JSON_TYPE]?.schema;
      // A file (a CSV, a CV, an image): read as bytes, whatever is in it.
      return json ? shapeOf(json, document) : ANY;
    });
  return { request, answer: answers.length ? anyOf(answers) : ANY };
}

/**
 * Every operation of an OpenAPI document under `/api` (`GET /jobs/{id}` keyed `GET /jobs/:`, as `key` writes it),
 * with its shapes and their hash.
 */
export function shapesOfDocument(document: unknown, key: (operation: string) => string): Record<string, RecordedShape> {
  const doc = document as Document;
  const shapes: Record<string, RecordedShape> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith('/api/')) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const shape = operationShape(operation, doc);
      shapes[key(`${method.toUpperCase()} ${path.slice(4)}`)] = { hash: shapeHash(shape), ...shape };
    }
  }
  return shapes;
}

/** A shape in a few words, as a problem names it (`a number`, `"Full-time", "Part-time"`, `an object`). */
function words(written: Shape): string {
  const shape = read(written);
  switch (shape.type) {
    case 'anyOf':
      return shape.of.map(words).join(' or ');
    case 'object':
      return 'an object';
    case 'array':
      return 'a list';
    case 'any':
      return 'anything';
    case 'null':
      return 'null';
    default:
      return shape.values ? shape.values.map((value) => JSON.stringify(value)).join(', ') : `a ${shape.type}`;
  }
}

/**
 * What `writer` may write that `reader` does not take, each named by its place (`answer.items[].companyName`):
 * empty when every message of the writer's is one the reader takes. In a request the reader is the API (which
 * refuses a field of a closed object it does not know) and the writer the release; in an answer, the other way.
 */
function unreadable(readerShape: Shape, writerShape: Shape, at: string, request: boolean): string[] {
  const reader = read(readerShape);
  const writer = read(writerShape);
  const mismatch = () =>
    request
      ? `${at} must now be ${words(readerShape)} (the release sends ${words(writerShape)})`
      : `${at} is now ${words(writerShape)} (the release reads ${words(readerShape)})`;
  if (reader.type === 'any' || writer.type === 'any') return [];
  if (writer.type === 'anyOf') return writer.of.flatMap((each) => unreadable(readerShape, each, at, request));
  if (reader.type === 'anyOf') {
    if (reader.of.some((each) => unreadable(each, writerShape, at, request).length === 0)) return [];
    // An alternative of the same kind says best what changed.
    const near = reader.of.find((each) => read(each).type === writer.type);
    return near ? unreadable(near, writerShape, at, request) : [mismatch()];
  }
  if (reader.type !== writer.type) return [mismatch()];
  if (reader.type === 'array' && writer.type === 'array')
    return unreadable(reader.items, writer.items, `${at}[]`, request);
  if (reader.type === 'object' && writer.type === 'object') {
    const problems: string[] = [];
    for (const [name, field] of Object.entries(reader.fields)) {
      const written = writer.fields[name];
      if (field.required && !written?.required)
        problems.push(
          request
            ? `${at}.${name} is now required (the release ${written ? 'may leave it out' : 'does not send it'})`
            : `${at}.${name} ${written ? 'may now be missing' : 'is no longer given'} (the release reads it)`,
        );
      else if (written) problems.push(...unreadable(field.shape, written.shape, `${at}.${name}`, request));
    }
    if (request && reader.closed)
      for (const name of Object.keys(writer.fields))
        if (!(name in reader.fields)) problems.push(`${at}.${name} is no longer taken (the release sends it)`);
    return problems;
  }
  if ('values' in reader && reader.values) {
    const written = 'values' in writer ? writer.values : undefined;
    if (!written) return [mismatch()];
    const unknown = written.filter((value) => !reader.values!.includes(value)).map((value) => JSON.stringify(value));
    if (unknown.length)
      return [
        request
          ? `${at} no longer takes ${unknown.join(', ')} (the release may send it)`
          : `${at} may now be ${unknown.join(', ')} (the release does not know it)`,
      ];
  }
  return [];
}

/**
 * Why an area built against `expected` cannot use an operation served as `served`, each named by its field
 * (`the answer's companyName is no longer given`); empty when compatible.
 */
export function incompatibilities(expected: OperationShape, served: OperationShape): string[] {
  // The API reads what the area sends; the area reads what the API answers.
  // (A request's parts are named as they are: `body.salary`, `query.status`, `params.id`.)
  const request = unreadable(served.request, expected.request, 'request', true).map((problem) =>
    problem.replace(/^request\./, ''),
  );
  const answer = unreadable(expected.answer, served.answer, 'answer', false);
  return [...request, ...answer];
}
