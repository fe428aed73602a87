/**
 * What the business writes, in the reader's language (docs/product.md §3, content languages): a course or a job
 * written in one language with others beside it, answered in the reader's language when it has it (else its own,
 * and which), found by a search in any of them, and a translation half written refused beside its field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, request, startApi, validCourse, type Account, type TestApi } from './helpers';

let api: TestApi;
let admin: Account;
let employer: Account;
beforeAll(async () => {
  api = await startApi();
  admin = await account(api, 'admin');
  employer = await account(api, 'employer');
});
afterAll(() => api.close());

const rwCourse = {
  ...validCourse,
  title: 'Ibanze bya espresso',
  description: 'Wige gukora espresso nziza buri munsi.',
  tags: ['espresso', 'amata'],
  language: 'rw',
  translations: {
    en: {
      title: 'Espresso basics in Kinyarwanda',
      description: 'Learn to pull a good espresso every day.',
      tags: ['milk'],
    },
  },
};

describe('courses in several languages', () => {
  let id: number;
  beforeAll(async () => {
    const answer = await request(api, 'POST', '/api/courses', { token: admin.token, json: rwCourse });
    expect(answer.status).toBe(201);
    id = answer.body.course.id;
  });

  it("answers a reader in their language when the course has it, else in the course's own, saying which", async () => {
    const rw = await request(api, 'GET', `/api/courses/${id}?lang=rw`);
    expect(rw.body).toMatchObject({ title: 'Ibanze bya espresso', language: 'rw', languages: ['rw', 'en'] });
    const en = await request(api, 'GET', `/api/courses/${id}?lang=en`);
    expect(en.body).toMatchObject({ title: 'Espresso basics in Kinyarwanda', tags: ['milk'], language: 'en' });
    // French is not written: the course's own, Kinyarwanda, and it says so.
    const fr = await request(api, 'GET', `/api/courses/${id}?lang=fr`);
    expect(fr.body).toMatchObject({ title: 'Ibanze bya espresso', language: 'rw' });
    expect(fr.body.texts).toBeUndefined();
  });

  it("takes the page's language from its cookie, else Accept-Language, and says the answer varies by them", async () => {
    const byCookie = await request(api, 'GET', `/api/courses/${id}`, {
      headers: { cookie: 'btlsLang=en', 'accept-language': 'rw' },
    });
    expect(byCookie.body.language).toBe('en');
    const byHeader = await request(api, 'GET', `/api/courses/${id}`, {
      headers: { 'accept-language': 'rw-RW,en;q=0.5' },
    });
    expect(byHeader.body.language).toBe('rw');
    const list = await api.app.inject({ method: 'GET', url: '/api/courses', headers: { 'accept-language': 'en' } });
    expect(list.headers.vary).toMatch(/Accept-Language/);
  });

  it('gives an admin every version, to edit them', async () => {
    const answer = await request(api, 'GET', `/api/courses/${id}?lang=fr`, { token: admin.token });
    expect(answer.body.texts).toEqual({
      rw: { title: 'Ibanze bya espresso', description: rwCourse.description, tags: ['espresso', 'amata'] },
      en: { ...rwCourse.translations.en },
    });
  });

  it('finds the course by words of any of its languages', async () => {
    for (const q of ['Ibanze', 'pull a good espresso']) {
      const answer = await request(api, 'GET', `/api/courses?q=${encodeURIComponent(q)}&lang=fr`);
      expect(answer.body.map((course: { id: number }) => course.id)).toContain(id);
    }
  });

  it('keeps the language and translations when an edit from a page that knows neither leaves them out', async () => {
    const { language: _l, translations: _t, ...plain } = rwCourse;
    const edited = await request(api, 'PUT', `/api/courses/${id}`, {
      token: admin.token,
      json: { ...plain, title: 'Ibanze bya espresso (bishya)' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.course).toMatchObject({ title: 'Ibanze bya espresso (bishya)', languages: ['rw', 'en'] });
  });

  it('refuses a translation half written, beside each blank field, all at once', async () => {
    const answer = await request(api, 'POST', '/api/courses', {
      token: admin.token,
      json: { ...validCourse, translations: { fr: { title: 'Les bases' }, rw: { description: 'Wige' } } },
    });
    expect(answer.status).toBe(400);
    const fields = (answer.body.problems ?? [answer.body]).map(
      (problem: { field?: string; params?: { field?: string } }) => problem.field ?? problem.params?.field,
    );
    expect(fields).toEqual(expect.arrayContaining(['translations.fr.description', 'translations.rw.title']));
    expect(answer.body.message).toMatch(/in this language too/);
  });

  it('drops an empty translation and one in the course’s own language; English is a new course’s language unless told', async () => {
    const answer = await request(api, 'POST', '/api/courses', {
      token: admin.token,
      json: {
        ...validCourse,
        translations: { fr: { title: ' ', description: '' }, en: { title: 'Same', description: 'Same' } },
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.course).toMatchObject({ language: 'en', languages: ['en'] });
  });

  it('takes the translations as JSON text in a multipart form', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...validCourse, language: 'fr' })) form.append(key, String(value));
    form.append('translations', JSON.stringify({ rw: { title: 'Amasomo', description: 'Ibisobanuro' } }));
    const body = new Response(form);
    const answer = await request(api, 'POST', '/api/courses', {
      token: admin.token,
      headers: { 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.course).toMatchObject({ language: 'fr', languages: ['fr', 'rw'] });
  });
});

const job = {
  title: 'Barista',
  companyName: 'Kigali Beans Ltd',
  description: '<p>Make <strong>great</strong> coffee.</p>',
  location: 'Kigali',
  jobType: 'Full-time',
  language: 'en',
  translations: {
    rw: {
      title: 'Umukozi wa kawa',
      description: '<p>Gukora <script>x</script>ikawa nziza.</p>',
      requirements: 'Icyemezo cya espresso',
    },
  },
};

describe('jobs in several languages', () => {
  let id: number;
  beforeAll(async () => {
    const answer = await request(api, 'POST', '/api/jobs', { token: employer.token, json: job });
    expect(answer.status).toBe(201);
    id = answer.body.job.id;
  });

  it("answers the board and the job in the reader's language, sanitised like the posting's own", async () => {
    const rw = await request(api, 'GET', `/api/jobs/${id}?lang=rw`);
    expect(rw.body).toMatchObject({
      title: 'Umukozi wa kawa',
      description: '<p>Gukora ikawa nziza.</p>',
      descriptionSnippet: 'Gukora ikawa nziza.',
      requirements: 'Icyemezo cya espresso',
      language: 'rw',
      languages: ['en', 'rw'],
    });
    const fr = await request(api, 'GET', `/api/jobs?lang=fr`);
    expect(fr.body.find((item: { id: number }) => item.id === id)).toMatchObject({ title: 'Barista', language: 'en' });
  });

  it('finds the job by words of its translation', async () => {
    const answer = await request(api, 'GET', `/api/jobs?q=${encodeURIComponent('umukozi kawa')}&lang=en`);
    expect(answer.body.map((item: { id: number }) => item.id)).toEqual([id]);
    expect(answer.body[0].title).toBe('Barista');
  });

  it('gives its employer every version, and an edit that leaves the translations out keeps them', async () => {
    const { translations: _t, language: _l, ...plain } = job;
    const edited = await request(api, 'PUT', `/api/jobs/${id}`, {
      token: employer.token,
      json: { ...plain, title: 'Senior barista' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.job.texts).toMatchObject({ en: { title: 'Senior barista' }, rw: { title: 'Umukozi wa kawa' } });
    const mine = await request(api, 'GET', '/api/jobs/my-postings', { token: employer.token });
    expect(mine.body.find((item: { id: number }) => item.id === id).texts.rw.title).toBe('Umukozi wa kawa');
  });

  it('refuses a translation without its description, beside that field', async () => {
    const answer = await request(api, 'POST', '/api/jobs', {
      token: employer.token,
      json: { ...job, translations: { fr: { title: 'Barista' } } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.params?.field ?? answer.body.problems?.[0]?.field).toBe('translations.fr.description');
  });
});
