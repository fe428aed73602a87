/**
 * Languages, the server's part: every error answer carries a stable code beside the spec's English message;
 * a user has a language (en, fr, rw), chosen at sign-up or in the settings; e-mails are written in it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_CODES, codedWith } from '@btls/shared-api/codes';
import { messageCatalogue, validation } from '@btls/shared-api/messages';
import { outbox, users } from '../src/db/schema';
import { HttpError, notFound } from '../src/http/errors';
import { mailWords, wordsFor } from '../src/mail/words';
import {
  account,
  createCourse,
  PASSWORD,
  request,
  startApi,
  watchErrorCodes,
  type Account,
  type TestApi,
} from './helpers';

let api: TestApi;
let admin: Account;

beforeAll(async () => {
  api = await startApi({ publicUrl: 'https://btls.example.rw' });
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

let counter = 0;
const newEmail = () => `lang${++counter}-${Date.now()}@example.rw`;
const signUp = (fields: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  request(api, 'POST', '/api/auth/register', {
    json: { firstName: 'Aline', lastName: 'Uwase', email: newEmail(), password: PASSWORD, ...fields },
    headers,
  });

describe('error answers carry a code', () => {
  it("a zod check answers the schema's own words with their code, and the field they are about", async () => {
    const answer = await signUp({ password: 'abc' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: validation.passwordTooShort,
      code: 'validation.passwordTooShort',
      params: { field: 'password' },
    });
  });

  it('401, 403, 404 with parameters, 409, a bad JSON body and an unknown API route', async () => {
    expect((await request(api, 'GET', '/api/users')).body).toEqual({
      message: 'Not authorized. Please log in.',
      code: 'session.notLoggedIn',
    });
    const trainee = await account(api, 'trainee');
    expect((await request(api, 'GET', '/api/users', { token: trainee.token })).body).toEqual({
      message: 'You do not have permission to do this.',
      code: 'session.forbidden',
    });
    expect((await request(api, 'GET', '/api/courses/987654')).body).toEqual({
      message: 'Course with ID 987654 not found.',
      code: 'course.notFoundById',
      params: { id: 987654 },
    });
    expect((await signUp({ email: trainee.email })).body).toEqual({
      message: 'An account with this email already exists.',
      code: 'session.emailTaken',
    });
    const badJson = await request(api, 'POST', '/api/auth/login', {
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.body).toEqual({ message: 'The request body is not valid JSON.', code: 'request.invalidJson' });
    const unknown = await request(api, 'GET', '/api/no-such-thing?x=1');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      message: 'No such API endpoint: GET /api/no-such-thing',
      code: 'request.noSuchEndpoint',
      params: { method: 'GET', path: '/api/no-such-thing' },
    });
  });

  it('a notice (the message of a successful change) has its code and params too', async () => {
    const course = await request(api, 'POST', '/api/courses', {
      token: admin.token,
      json: { title: 'Cupping', description: 'Taste.', category: 'Coffee Knowledge', level: 'Beginner' },
    });
    expect(course.status).toBe(201);
    expect(course.body).toMatchObject({
      message: 'Course "Cupping" added successfully.',
      code: 'notice.courseAdded',
      params: { title: 'Cupping' },
    });
    expect(
      (await request(api, 'DELETE', `/api/courses/${course.body.course.id}`, { token: admin.token })).body,
    ).toEqual({
      message: 'Course deleted successfully.',
      code: 'notice.courseDeleted',
    });
  });

  it('a 429 of a limit with minutes names them in params', async () => {
    const limited = await startApi({ limits: { loginPerIp: 1 } });
    try {
      await request(limited, 'POST', '/api/auth/login', { json: { email: 'a@b.rw', password: 'x' } });
      const answer = await request(limited, 'POST', '/api/auth/login', { json: { email: 'a@b.rw', password: 'x' } });
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe('limit.tooManyLogins');
      expect(answer.body.message).toBe(codedWith('limit.tooManyLogins', answer.body.params).message);
      expect(answer.body.params.minutes).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('an HttpError is made only of a catalogue text or a coded text, and always has a code', () => {
    for (const [group, texts] of Object.entries(messageCatalogue)) {
      for (const [key, text] of Object.entries(texts)) {
        if (typeof text !== 'string') continue;
        // Texts built from parts are plain strings to TypeScript; at run time they are the same catalogue texts.
        const error = new HttpError(400, text as 'Invalid ID.');
        expect(error.code).toBe(`${group}.${key}`);
      }
    }
    expect(notFound(codedWith('user.notFound', { id: 3 })).body).toEqual({
      message: 'User with ID 3 not found.',
      code: 'user.notFound',
      params: { id: 3 },
    });
  });

  it('the suite notices an error or a notice answered without a code (every test file goes through this watch)', async () => {
    const app = Fastify();
    const uncoded = watchErrorCodes(app);
    app.get('/api/raw', (_request, reply) => reply.status(418).send({ message: 'No code here.' }));
    app.get('/api/coded', (_request, reply) =>
      reply.status(404).send({ message: 'Image not found.', code: 'image.notFound' }),
    );
    app.get('/api/made-up', (_request, reply) => reply.status(400).send({ message: 'Made up.', code: 'made.up' }));
    app.get('/api/notice', () => ({ message: 'Done.' }));
    app.get('/api/list', () => [{ message: 'A contact message' }]);
    for (const url of ['/api/raw', '/api/coded', '/api/made-up', '/api/notice', '/api/list'])
      await app.inject({ method: 'GET', url });
    await app.close();
    expect(uncoded).toEqual([
      'GET /api/raw → 418 {"message":"No code here."}',
      'GET /api/made-up → 400 {"message":"Made up.","code":"made.up"}',
      'GET /api/notice → 200 {"message":"Done."}',
    ]);
  });

  it("the server's sources write no text of a check or an answer of their own: they name the catalogue's", () => {
    const root = new URL('../src/', import.meta.url);
    const found: string[] = [];
    // config.ts checks the environment at boot: its words go to the operator's log, in English, never to a user.
    const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && f !== 'config.ts',
    );
    for (const file of sources) {
      const source = readFileSync(new URL(file, root), 'utf8');
      // A zod message (`error: '…'`, `.min(1, '…')`) or an answer's `message: '…'` written in place.
      const inline =
        source.match(
          /(?:error: |message: |\.(?:min|max|int|positive|nonnegative|regex|refine|email|url|length|date)\([^()]*, )(['"`])[A-Za-z][^'"`\n]* [^'"`\n]*\1/g,
        ) ?? [];
      found.push(...inline.map((text) => `${file}: ${text}`));
    }
    expect(found).toEqual([]);
  });

  it('the OpenAPI document describes the code (every one of them) and the params of an error', async () => {
    const document = (await request(api, 'GET', '/api/openapi.json')).body;
    const { $ref } = document.paths['/api/courses/{id}'].get.responses['404'].content['application/json'].schema;
    const error = document.components.schemas[$ref.replace('#/components/schemas/', '')];
    expect(error.required).toEqual(expect.arrayContaining(['message', 'code']));
    expect(error.properties.code).toEqual({ $ref: '#/components/schemas/MessageCode' });
    expect(document.components.schemas.MessageCode.enum).toEqual(MESSAGE_CODES);
    expect(error.properties.params).toBeDefined();
  });
});

describe("a user's language", () => {
  it('is taken at sign-up, or read from Accept-Language (rw → rw, fr → fr, else en)', async () => {
    expect((await signUp({ language: 'fr' })).body.user.language).toBe('fr');
    expect((await signUp({}, { 'accept-language': 'rw-RW,rw;q=0.9,en;q=0.5' })).body.user.language).toBe('rw');
    expect((await signUp({}, { 'accept-language': 'fr-FR,fr;q=0.9' })).body.user.language).toBe('fr');
    expect((await signUp({}, { 'accept-language': 'de-DE,de;q=0.9' })).body.user.language).toBe('en');
    expect((await signUp()).body.user.language).toBe('en');
    // The field wins over the header.
    expect((await signUp({ language: 'en' }, { 'accept-language': 'rw' })).body.user.language).toBe('en');
  });

  it('refuses another value with 400, a message and a code', async () => {
    const answer = await signUp({ language: 'de' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'Language must be one of: en, fr, rw.',
      code: 'session.invalidLanguage',
      params: { field: 'language' },
    });
  });

  it('is in the login answer and the profile answer, and the user changes it in their settings', async () => {
    const trainee = await account(api, 'trainee', { language: 'rw' });
    const login = await request(api, 'POST', '/api/auth/login', { json: { email: trainee.email, password: PASSWORD } });
    expect(login.body.user.language).toBe('rw');

    const settings = await request(api, 'GET', '/api/users/me/preferences', { token: trainee.token });
    expect(settings.body).toEqual({ emailNotifications: true, showInTalentSearch: true, language: 'rw' });
    const saved = await request(api, 'PUT', '/api/users/me/preferences', {
      token: trainee.token,
      json: { language: 'fr' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.preferences).toEqual({ emailNotifications: true, showInTalentSearch: true, language: 'fr' });
    const [row] = await api.db.select().from(users).where(eq(users.id, trainee.id));
    expect(row!.language).toBe('fr');

    const refused = await request(api, 'PUT', '/api/users/me/preferences', {
      token: trainee.token,
      json: { language: 'sw' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('session.invalidLanguage');

    const profile = await request(api, 'PUT', '/api/users/me/profile', {
      token: trainee.token,
      json: { firstName: 'Aline', lastName: 'Uwase' },
    });
    expect(profile.body.user.language).toBe('fr');
  });

  it("an admin's list shows each user's language", async () => {
    const list = await request(api, 'GET', '/api/users', { token: admin.token });
    expect(list.body.every((u: { language: string }) => ['en', 'fr', 'rw'].includes(u.language))).toBe(true);
  });
});

describe("e-mails in the recipient's language", () => {
  async function applicationMail(language: 'en' | 'fr' | 'rw') {
    const trainee = await account(api, 'trainee', { language, firstName: 'Aline' });
    const course = await createCourse(api, admin.token, { title: `Latte Art ${language}` });
    const applied = await request(api, 'POST', '/api/enrollments/apply', {
      token: trainee.token,
      json: { courseId: course.id },
    });
    expect(applied.status).toBe(201);
    const [mail] = await api.db.select().from(outbox).where(eq(outbox.recipient, trainee.email));
    return { mail: mail!, id: applied.body.applicationId as number, course: course.title };
  }

  it('to a Kinyarwanda speaker: in Kinyarwanda', async () => {
    const { mail, id, course } = await applicationMail('rw');
    expect(mail.subject).toBe(`Twakiriye ubusabe bwawe: ${course}`);
    expect(mail.text).toContain('Muraho Aline,');
    expect(mail.text).toContain(`Twakiriye ubusabe bwawe bwo kwiga "${course}" (nimero y'ubusabe: ${id}).`);
    expect(mail.html).toContain('Urupapuro rwawe');
    expect(mail.text).not.toContain('We have received');
  });

  it('to a French speaker: in French', async () => {
    const { mail, id, course } = await applicationMail('fr');
    expect(mail.subject).toBe(`Candidature reçue : ${course}`);
    expect(mail.text).toContain('Bonjour Aline,');
    expect(mail.text).toContain(`Nous avons bien reçu votre candidature pour « ${course} » (candidature n° ${id}).`);
    expect(mail.text).not.toContain('We have received');
  });

  it('to an English speaker: as before', async () => {
    const { mail, id, course } = await applicationMail('en');
    expect(mail.subject).toBe(`Application received: ${course}`);
    expect(mail.text).toBe(
      [
        'Hello Aline,',
        `We have received your application for "${course}" (application ID ${id}).`,
        'What happens next: our team reviews it and you will get an e-mail when its status changes. ' +
          'Once it is approved, a trainer is assigned to you and you can follow your progress on your dashboard.',
        'Your dashboard: https://btls.example.rw/dashboard',
        'BTLS Coffee Training Centre, Kigali',
        'You can turn these notifications off on your profile: Profile: https://btls.example.rw/profile',
      ].join('\n\n') + '\n',
    );
  });

  it('an account e-mail (the reset link) too, and a status in the reader’s words', async () => {
    const trainee = await account(api, 'trainee', { language: 'rw' });
    await request(api, 'POST', '/api/auth/forgot-password', { json: { email: trainee.email } });
    const [mail] = await api.db.select().from(outbox).where(eq(outbox.recipient, trainee.email));
    expect(mail!.subject).toBe("Hindura ijambo ry'ibanga rya BTLS");
    expect(mail!.text).toContain('mu minota 60');
    expect(mailWords.fr.status('Approved')).toBe('Approuvée');
    expect(mailWords.rw.status('Approved')).toBe('Byemejwe');
    expect(mailWords.en.status('Approved')).toBe('Approved');
  });

  it("a French employer: the new applicant's e-mail and the applicants' CSV in French", async () => {
    const employer = await account(api, 'employer', { language: 'fr' });
    const job = await request(api, 'POST', '/api/jobs', {
      token: employer.token,
      json: {
        title: 'Barista',
        companyName: 'Kigali Beans Ltd',
        description: 'Run the bar.',
        location: 'Kigali',
        jobType: 'Full-time',
      },
    });
    expect(job.status).toBe(201);
    const applicant = await account(api, 'trainee', { firstName: 'Eric', lastName: 'Mugisha' });
    const applied = await request(api, 'POST', `/api/jobs/${job.body.job.id}/applications`, {
      token: applicant.token,
      json: {},
    });
    expect(applied.status).toBe(201);
    const [mail] = await api.db.select().from(outbox).where(eq(outbox.recipient, employer.email));
    expect(mail!.subject).toBe('Nouveau candidat pour Barista : Eric Mugisha');

    const csv = await request(api, 'GET', `/api/jobs/${job.body.job.id}/applications.csv`, { token: employer.token });
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Nom","E-mail","Téléphone","Statut","Date de candidature","Certificats","Lettre de motivation","CV joint"',
    );
    expect(lines[1]).toContain('"Nouvelle"');
    expect(lines[1]).toMatch(/"non"$/);
  });

  it('formats dates per language in Kigali time; Kinyarwanda months are our own', () => {
    // 23:30 UTC on 31 August is already 1 September in Kigali.
    const date = new Date('2026-08-31T23:30:00Z');
    expect(mailWords.en.date(date)).toBe('1 September 2026');
    expect(mailWords.fr.date(date)).toBe('1 septembre 2026');
    expect(mailWords.rw.date(date)).toBe('1 Nzeri 2026');
    const months = Array.from(
      { length: 12 },
      (_, m) => mailWords.rw.date(new Date(Date.UTC(2026, m, 15))).split(' ')[1],
    );
    expect(months).toEqual([
      'Mutarama',
      'Gashyantare',
      'Werurwe',
      'Mata',
      'Gicurasi',
      'Kamena',
      'Nyakanga',
      'Kanama',
      'Nzeri',
      'Ukwakira',
      'Ugushyingo',
      'Ukuboza',
    ]);
  });

  it('an unknown or missing language gets English', () => {
    expect(wordsFor(undefined)).toBe(mailWords.en);
    expect(wordsFor('sw')).toBe(mailWords.en);
  });
});
