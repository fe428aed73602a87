/**
 * What "compatible" means between the shapes an area was built against and what the API serves now, one kind
 * of change at a time; and the contract's record of them is this API's own (`npm run contract -w @btls/api`).
 */
import { describe, expect, it } from 'vitest';
import { operationKey } from '../src/releases/operations';
import { currentContract, recordedContract } from '../src/releases/contract';
import { incompatibilities, shapesOfDocument, type OperationShape } from '../src/releases/shapes';

/** One operation, `PUT /jobs/{id}`, as an OpenAPI document writes it: its body and its answer. */
function served(body: object, answer: object): OperationShape {
  const document = {
    paths: {
      '/api/jobs/{id}': {
        put: {
          parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
          requestBody: { required: true, content: { 'application/json': { schema: body } } },
          responses: {
            '200': { content: { 'application/json': { schema: answer } } },
            '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          },
        },
      },
    },
    components: { schemas: { Error: { type: 'object' } } },
  };
  return shapesOfDocument(document, operationKey)['PUT /jobs/:']!;
}

const object = (properties: Record<string, object>, required: string[], closed = true) => ({
  type: 'object',
  properties,
  required,
  ...(closed ? { additionalProperties: false } : {}),
});
const TYPES = { type: 'string', enum: ['Full-time', 'Part-time'] };
const body = object({ title: { type: 'string' }, salary: { type: ['string', 'null'] }, jobType: TYPES }, ['title']);
const answer = object(
  {
    id: { type: 'integer' },
    companyName: { type: 'string' },
    jobType: TYPES,
    applicants: { type: 'array', items: object({ name: { type: 'string' } }, ['name']) },
    notes: { type: 'string' },
  },
  ['id', 'companyName', 'jobType', 'applicants'],
);
const built = served(body, answer);
const compare = (changedBody: object, changedAnswer: object) =>
  incompatibilities(built, served(changedBody, changedAnswer));
const withAnswer = (properties: Record<string, object>, required = answer.required) =>
  object({ ...answer.properties, ...properties }, required);
const withBody = (properties: Record<string, object>, required = body.required, closed = true) =>
  object({ ...body.properties, ...properties }, required, closed);

describe('compatible, for an answer (the area reads it)', () => {
  it('is the same answer, or one with more fields, optional or not', () => {
    expect(compare(body, answer)).toEqual([]);
    expect(compare(body, withAnswer({ logo: { type: 'string' } }))).toEqual([]);
    expect(compare(body, withAnswer({ logo: { type: 'string' } }, [...answer.required, 'logo']))).toEqual([]);
  });

  it('loses a field the area took as optional, or gives fewer values than it knows', () => {
    const { notes: _notes, ...rest } = answer.properties;
    expect(compare(body, object(rest, answer.required))).toEqual([]);
    expect(compare(body, withAnswer({ jobType: { type: 'string', enum: ['Full-time'] } }))).toEqual([]);
  });

  it('is not one that renames a field the area reads: named with the field', () => {
    const { companyName, ...rest } = answer.properties;
    const renamed = object({ ...rest, company: companyName! }, ['id', 'company', 'jobType', 'applicants']);
    expect(compare(body, renamed)).toEqual(['answer.companyName is no longer given (the release reads it)']);
  });

  it('is not one that makes a field optional or nullable, or changes its type, its items or its values', () => {
    expect(compare(body, withAnswer({}, ['id', 'jobType', 'applicants']))).toEqual([
      'answer.companyName may now be missing (the release reads it)',
    ]);
    expect(compare(body, withAnswer({ companyName: { type: ['string', 'null'] } }))).toEqual([
      'answer.companyName is now null (the release reads a string)',
    ]);
    expect(compare(body, withAnswer({ id: { type: 'string' } }))).toEqual([
      'answer.id is now a string (the release reads a number)',
    ]);
    expect(
      compare(body, withAnswer({ applicants: { type: 'array', items: object({ fullName: { type: 'string' } }, []) } })),
    ).toEqual(['answer.applicants[].name is no longer given (the release reads it)']);
    expect(
      compare(body, withAnswer({ jobType: { type: 'string', enum: ['Full-time', 'Part-time', 'Volunteer'] } })),
    ).toEqual(['answer.jobType may now be "Volunteer" (the release does not know it)']);
  });
});

describe('compatible, for a request (the API reads it)', () => {
  it('is one that takes a new optional field, or more values, or no longer needs a field', () => {
    expect(compare(withBody({ logo: { type: 'string' } }), answer)).toEqual([]);
    expect(
      compare(withBody({ jobType: { type: 'string', enum: ['Full-time', 'Part-time', 'Contract'] } }), answer),
    ).toEqual([]);
    expect(compare(withBody({}, []), answer)).toEqual([]);
    expect(compare(withBody({ salary: { type: ['string', 'number', 'null'] } }), answer)).toEqual([]);
  });

  it('is not one that requires a field the area may leave out or does not send', () => {
    expect(compare(withBody({}, ['title', 'salary']), answer)).toEqual([
      'body.salary is now required (the release may leave it out)',
    ]);
    expect(compare(withBody({ location: { type: 'string' } }, ['title', 'location']), answer)).toEqual([
      'body.location is now required (the release does not send it)',
    ]);
  });

  it('is not one that refuses a field, a type or a value the area sends', () => {
    const { salary: _salary, ...rest } = body.properties;
    expect(compare(object(rest, body.required), answer)).toEqual([
      'body.salary is no longer taken (the release sends it)',
    ]);
    // An open object ignores it instead.
    expect(compare(object(rest, body.required, false), answer)).toEqual([]);
    expect(compare(withBody({ salary: { type: 'string' } }), answer)).toEqual([
      'body.salary must now be a string (the release sends null)',
    ]);
    expect(compare(withBody({ jobType: { type: 'string', enum: ['Full-time'] } }), answer)).toEqual([
      'body.jobType no longer takes "Part-time" (the release may send it)',
    ]);
  });
});

describe("the contract's record", () => {
  it("is this API's own: every operation with its shapes (npm run contract -w @btls/api after changing one)", async () => {
    const recorded = recordedContract();
    const { operations, served: operationsServed } = await currentContract();
    expect(
      recorded.operations,
      "the contract's record (shared-api/contract.json and each resource's) is not this API's: record it with npm run contract -w @btls/api",
    ).toEqual(operations);
    for (const operation of Object.keys(operations)) expect(operationsServed.has(operation), operation).toBe(true);
  }, 60_000);
});
