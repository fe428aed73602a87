/**
 * The OpenAPI document is as strict as the server. Every documented operation is driven with inputs
 * generated from the document itself (json-schema-faker, seeded: the same requests on every run), as a client
 * that reads only the document would send them, on the demo data with one account per role:
 * - every answer's status is one the operation lists, no answer is a 5xx other than 503, and every JSON answer
 *   matches the schema the document gives for its status;
 * - of the inputs the document calls valid (checked with Ajv against the document before sending), fewer than
 *   1% are refused with a 400, and each refusal is of a kind named in RULES_NOT_IN_THE_DOCUMENT with why;
 * - every input the document calls invalid (a valid one with one thing broken, checked invalid by Ajv) is
 *   refused with a 4xx the operation lists.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createGeneratorSync } from 'json-schema-faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../src/db/schema';
import { seedDemoData } from '../src/seed/demo';
import { account, hostOfToken, multipart, startApi, type TestApi } from './helpers';
import { webRoot } from './release-helpers';

type Json = Record<string, unknown>;
type Schema = Json;
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
  'x-roles'?: string[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** Requests per operation: inputs the document calls valid, and broken ones. */
const VALID_PER_OPERATION = 24;
const INVALID_PER_OPERATION = 8;
/** Ids of the demo data (and some that do not exist) for a path's id: most generated ids name nothing. */
const KNOWN_IDS = [1, 2, 3, 4, 5];
const ROLES = ['admin', 'trainer', 'trainee', 'employer'] as const;

/**
 * Rules a JSON Schema cannot state, so that an input the document calls valid may still be refused with a
 * 400: "METHOD /path code" → why. Each is also said in words in the document (the field's or the route's
 * description). Any other refusal of a valid input fails the test.
 */
const RULES_NOT_IN_THE_DOCUMENT: Record<string, string> = {
  'POST /api/progress/enrollment/{id} validation.scoreAboveMax':
    'a score may not exceed the maximum score: a comparison of two fields',
  'PUT /api/progress/{recordId} validation.scoreAboveMax': 'the same rule, on an edit',
  'POST /api/enrollments/apply validation.preferredStartInPast':
    '"today in Kigali or later": the description says it; JSON Schema has no date relative to today',
  'POST /api/jobs validation.closingDateInPast': 'the same rule, for a closing date',
  'PUT /api/jobs/{id} validation.closingDateInPast': 'the same rule, on an edit',
  'POST /api/jobs validation.salaryUpToBelowFrom':
    "a salary's highest amount may not be below its lowest: a comparison of two fields",
  'PUT /api/jobs/{id} validation.salaryUpToBelowFrom': 'the same rule, on an edit',
  'POST /api/jobs/{id}/applications jobApplication.invalidPhone':
    "a number its country gives out (every country's numbering plan): the description says it; no pattern can",
  'PUT /api/users/me/profile validation.profileRequired':
    "an employer's profile needs the company name: a rule of the caller's role, which the body cannot show",
};

/**
 * Where the server takes more than the document says a client should send (docs/product.md §5): "field" → why. An input
 * the document calls invalid only there may be taken.
 */
const LENIENT: Record<string, string> = {
  'body.tags': 'docs/product.md §5: tags are a list, a JSON list text or comma text; anything else leaves the tags out',
  'body.imageUrl: "   "':
    'docs/product.md §5: an empty optional field is sent as null, so a blank address is no address',
  'body.companyWebsite: "   "': 'the same: a blank address is no address',
  'body.imageUrl: "\\u0000"':
    'NUL is taken out of every input before it is read (PostgreSQL text cannot hold it): what is left is blank',
  'body.companyWebsite: "\\u0000"': 'the same: NUL taken out, a blank address',
};
const isLenient = (broken: string) => Boolean(LENIENT[broken] ?? LENIENT[broken.split(':')[0]!]);

let api: TestApi;
let document: OpenApi;
const tokens: Partial<Record<string, string>> = {};
let certificateCodes: string[] = [];
const ajv = new Ajv2020({ strict: false, validateFormats: true });
/** Parameters travel as text: checked as a server reading the document would read them (text to number…). */
const parametersAjv = new Ajv2020({ strict: false, validateFormats: true, coerceTypes: true });
addFormats.default(ajv);
addFormats.default(parametersAjv);
const DAY_MS = 86_400_000;
const generator = createGeneratorSync({
  seed: 29,
  optionalsProbability: 0.6,
  // The dates of this API are a start or a closing date: a client picks one from a month ago to a year ahead
  // (those in the past are refused, a rule the document states in words).
  formats: {
    date: (random: { int(min: number, max: number): number }) =>
      new Date(Date.now() + random.int(-30, 400) * DAY_MS).toISOString().slice(0, 10),
  },
});

const compiled = new Map<Ajv2020, Map<Schema, ValidateFunction>>();
/** The check of a document's schema (self-contained for Ajv: its components as $defs), compiled once per Ajv. */
function validator(schema: Schema, on = ajv): ValidateFunction {
  const checks = compiled.get(on) ?? compiled.set(on, new Map()).get(on)!;
  let check = checks.get(schema);
  if (!check) {
    const text = JSON.stringify({ ...schema, $defs: document.components.schemas });
    checks.set(schema, (check = on.compile(JSON.parse(text.replaceAll('#/components/schemas/', '#/$defs/')))));
  }
  return check;
}
/** Whether `value` is valid for `schema` as the part of a request it is (parameters and forms as the text sent). */
function isValid(part: 'path' | 'query' | 'body', schema: Schema, value: unknown, mediaType?: string): boolean {
  if (part === 'body' && (mediaType !== 'multipart/form-data' || !isRecord(value))) return validator(schema)(value);
  return validator(schema, parametersAjv)(asSent(value as Json));
}

/** The query (or path) parameters as one object schema. */
function parametersSchema(operation: Operation, where: 'path' | 'query'): Schema | undefined {
  const parameters = (operation.parameters ?? []).filter((p) => p.in === where);
  if (parameters.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

interface Input {
  path?: Json;
  query?: Json;
  body?: unknown;
  /** What was broken, in an invalid input. */
  broken?: string;
  /** How the body is sent. */
  mediaType?: string;
}

/** The parts of an operation's input, each with its schema; a body taken as JSON or a form is sent as each in turn. */
function partsOf(operation: Operation, index: number) {
  const content = operation.requestBody?.content ?? {};
  const types = Object.keys(content);
  const mediaType = types[index % Math.max(1, types.length)];
  return {
    path: parametersSchema(operation, 'path'),
    query: parametersSchema(operation, 'query'),
    body: mediaType ? content[mediaType]!.schema : undefined,
    mediaType,
  };
}

/** A valid input: generated from each part's schema, known ids for half the path ids, checked by Ajv. */
function validInput(operation: Operation, index: number): Input | undefined {
  const parts = partsOf(operation, index);
  const input: Input = { mediaType: parts.mediaType };
  for (const part of ['path', 'query', 'body'] as const) {
    const schema = parts[part];
    if (!schema) continue;
    const value = generator.generate(schema) as Json;
    // A form's file parts are left out (optional everywhere): no generator makes a PDF or a picture; the upload
    // tests of each route send real ones.
    if (part === 'body' && parts.mediaType === 'multipart/form-data') {
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>))
        if (property.format === 'binary') delete value[name];
    }
    if (part === 'path' && index % 2 === 0) {
      for (const [name, parameter] of Object.entries(schema.properties as Record<string, Schema>)) {
        if (parameter.type === 'integer') value[name] = KNOWN_IDS[index % KNOWN_IDS.length];
        if (name === 'certificateCode' && certificateCodes.length > 0)
          value[name] = certificateCodes[index % certificateCodes.length];
      }
    }
    if (!isValid(part, schema, value, parts.mediaType)) return undefined;
    input[part] = value;
  }
  return input;
}

/** Values that break a schema in one way each (the caller keeps those Ajv finds invalid). */
function breakers(schema: Schema): unknown[] {
  const branches = [schema, ...((schema.anyOf as Schema[] | undefined) ?? [])];
  const types = branches.map((s) => s.type).flat();
  const maxLength = branches.find((s) => typeof s.maxLength === 'number')?.maxLength as number | undefined;
  const values: unknown[] = [{ nested: true }, [1, 2]];
  if (types.includes('integer') || types.includes('number')) values.push(-1, 1.5, 1e22, 'abc', '');
  // One character too many (past the longest text a body may hold when there is no limit).
  if (types.includes('string')) values.push(12345, 'x'.repeat((maxLength ?? 100_000) + 1), '   ', '\u0000');
  if (schema.enum) values.push('not-one-of-them');
  if (types.includes('boolean')) values.push('maybe');
  return values;
}

/** An invalid input: a valid one with one field, parameter or the body itself broken. */
function invalidInput(operation: Operation, index: number): Input | undefined {
  const parts = partsOf(operation, index);
  const base = validInput(operation, index) ?? { mediaType: parts.mediaType };
  const candidates: Input[] = [];
  for (const part of ['path', 'query', 'body'] as const) {
    const schema = parts[part];
    if (!schema) continue;
    const value = (base[part] ?? {}) as Json;
    if (part === 'body' && schema.type === 'object')
      candidates.push({ ...base, body: ['not', 'an', 'object'], broken: 'body: a list' });
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required as string[] | undefined) ?? []) {
      if (part !== 'path')
        candidates.push({ ...base, [part]: { ...value, [name]: undefined }, broken: `${part}.${name}: missing` });
    }
    for (const [name, property] of Object.entries(properties)) {
      for (const broken of breakers(property)) {
        if (part !== 'body' && (typeof broken === 'object' || broken === '')) continue;
        const what = `${part}.${name}: ${JSON.stringify(broken).slice(0, 40)}`;
        candidates.push({ ...base, [part]: { ...value, [name]: broken }, broken: what });
      }
    }
  }
  const invalid = candidates.filter((candidate) =>
    (['path', 'query', 'body'] as const).some((part) => {
      const schema = parts[part];
      return schema && candidate[part] !== undefined && !isValid(part, schema, candidate[part], parts.mediaType);
    }),
  );
  return invalid.length > 0 ? invalid[(index * 7919) % invalid.length] : undefined;
}

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Parameters (and form fields) as sent: text; a missing or empty one is not sent. */
const asSent = (value: Json): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );

/** Who calls: a public route anonymously; a guarded one in turn as each role it admits. */
function tokenFor(operation: Operation, index: number): string | undefined {
  if (!operation.security) return undefined;
  const admitted = (operation['x-roles'] ?? []).filter((role) => (ROLES as readonly string[]).includes(role));
  const roles = admitted.length > 0 ? admitted : ROLES;
  return tokens[roles[index % roles.length]!];
}

async function send(method: string, path: string, operation: Operation, input: Input, index: number) {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String((input.path as Json | undefined)?.[name] ?? '')),
  );
  const query = new URLSearchParams(asSent(input.query ?? {}));
  const headers: Record<string, string> = {};
  const token = tokenFor(operation, index);
  // (Sent where the token was made, as a browser does: an admin's to the console.)
  if (token) Object.assign(headers, { authorization: `Bearer ${token}` }, hostOfToken(api, token));
  const { mediaType } = input;
  let payload: string | Buffer | undefined;
  if (input.body !== undefined && mediaType === 'application/json') {
    payload = JSON.stringify(input.body);
    headers['content-type'] = 'application/json';
  } else if (input.body !== undefined && mediaType === 'multipart/form-data') {
    const form = await multipart(asSent(input.body as Json));
    payload = form.payload;
    Object.assign(headers, form.headers);
  }
  const answer = await api.app.inject({
    method: method.toUpperCase() as 'GET',
    url: `${url}${query.size > 0 ? `?${query}` : ''}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  await api.app.settled();
  return answer;
}

interface Result {
  operation: string;
  valid: boolean;
  status: number;
  code?: string;
  problem?: string;
  input: Input;
}
const results: Result[] = [];

beforeAll(async () => {
  const unlimited = 1_000_000;
  api = await startApi({
    web: { root: webRoot() },
    limits: {
      loginPerIp: unlimited,
      loginFailuresPerEmail: unlimited,
      contactPerIp: unlimited,
      verifyPerIp: unlimited,
      recoveryPerIp: unlimited,
      recoveryPerEmail: unlimited,
      resetPerIp: unlimited,
      registerPerIp: unlimited,
      jobPostsPerHour: unlimited,
    },
  });
  await seedDemoData(api.db);
  // The callers' accounts stay out of reach of the ids the requests name (an admin could delete them).
  for (const [i, role] of ROLES.entries()) tokens[role] = (await account(api, role, { id: 90_001 + i })).token;
  certificateCodes = (await api.db.select({ code: certificates.certificateCode }).from(certificates)).map(
    (row) => row.code,
  );
  document = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
}, 60_000);

afterAll(async () => {
  await api.close();
});

describe('every documented operation, driven from the document', () => {
  it('answers only statuses it lists, with bodies as documented; valid inputs pass, invalid ones are refused', async () => {
    // Deletions last, so that the other operations meet the demo data.
    const operations = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))
      .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
    expect(operations.length).toBeGreaterThan(70);
    for (const { path, method, operation } of operations) {
      const name = `${method.toUpperCase()} ${path}`;
      for (let index = 0; index < VALID_PER_OPERATION + INVALID_PER_OPERATION; index++) {
        const valid = index < VALID_PER_OPERATION;
        let input: Input | undefined;
        for (let attempt = 0; attempt < 20 && !input; attempt++)
          input = valid ? validInput(operation, index + attempt) : invalidInput(operation, index + attempt);
        // An operation without input has nothing to break.
        if (!input) {
          if (valid) throw new Error(`${name}: no valid input could be generated from its document`);
          continue;
        }
        const answer = await send(method, path, operation, input, index);
        const result: Result = { operation: name, valid, status: answer.statusCode, input };
        results.push(result);
        const documented = operation.responses[String(answer.statusCode)];
        let body: unknown;
        const json = String(answer.headers['content-type'] ?? '').startsWith('application/json');
        if (json) body = answer.json();
        result.code = (body as { code?: string } | undefined)?.code;
        if (!documented) result.problem = `answered ${answer.statusCode}, which its document does not list`;
        else if (answer.statusCode >= 500 && answer.statusCode !== 503) result.problem = `failed: ${answer.body}`;
        else if (!valid && answer.statusCode < 400 && !isLenient(input.broken!))
          result.problem = `took an invalid input (${answer.statusCode})`;
        else if (json) {
          const schema = documented.content?.['application/json']?.schema;
          if (!schema)
            result.problem = `answered JSON where its document says ${Object.keys(documented.content ?? {})}`;
          else if (!validator(schema)(body))
            result.problem = `answer does not match its document: ${ajv.errorsText(validator(schema).errors)}`;
        }
      }
    }

    const problems = results
      .filter((r) => r.problem)
      .map((r) => `${r.operation} (${r.input.broken ?? `valid ${JSON.stringify(r.input)}`}): ${r.problem}`);
    expect(problems).toEqual([]);

    const valid = results.filter((r) => r.valid);
    const refused = valid.filter((r) => r.status === 400);
    const unexplained = refused
      .filter((r) => !RULES_NOT_IN_THE_DOCUMENT[`${r.operation} ${r.code}`])
      .map((r) => `${r.operation} ${r.code}: ${JSON.stringify(r.input)}`);
    expect(unexplained).toEqual([]);
    if (process.env.FUZZ_REPORT) {
      const byStatus = (list: Result[]) => {
        const counts = new Map<number, number>();
        for (const r of list) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
        return [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}:${n}`);
      };
      console.log(JSON.stringify({ valid: valid.length, refused: refused.map((r) => `${r.operation} ${r.code}`) }));
      console.log('valid', byStatus(valid).join(' '), '| invalid', byStatus(results.filter((r) => !r.valid)).join(' '));
      const ok = new Set(valid.filter((r) => r.status < 300).map((r) => r.operation));
      console.log(
        'operations never 2xx:',
        [...new Set(valid.map((r) => r.operation))].filter((o) => !ok.has(o)),
      );
    }
    expect(refused.length / valid.length).toBeLessThan(0.01);
    // Most operations did what they are for with some input (the others need what no generator knows: a
    // password, a reset link, a PDF, an enrollment in the right state), so the answers checked are real ones.
    const succeeded = new Set(valid.filter((r) => r.status < 300).map((r) => r.operation));
    expect(succeeded.size).toBeGreaterThanOrEqual(50);
    // Every operation was reached with inputs it took or judged on their merits, not only refused at the door.
    const invalid = results.filter((r) => !r.valid);
    expect(invalid.filter((r) => r.status === 400).length).toBeGreaterThan(invalid.length / 2);
  }, 300_000);
});
