/** Every list that grows with use is paged, searched and filtered on the server. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, contactMessages, courses, enrollments, jobs } from '../src/db/schema';
import { account, request, startApi, type Account, type TestApi } from './helpers';

let api: TestApi;
let admin: Account;
let employer: Account;
beforeAll(async () => {
  api = await startApi();
  admin = await account(api, 'admin');
  employer = await account(api, 'employer');
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i));
  await api.db.insert(jobs).values(
    Array.from({ length: 130 }, (_, i) => ({
      employerId: employer.id,
      title: i % 10 === 0 ? `Head barista ${i}` : `Barista ${i}`,
      companyName: 'Café Neo',
      description: '<p>Pull shots.</p>',
      descriptionSnippet: 'Pull shots.',
      location: i % 2 ? 'Musanze' : 'Kigali',
      jobType: i % 3 ? 'Full-time' : 'Part-time',
      postedDate: day(i),
    })),
  );
});
afterAll(() => api.close());

const ids = (body: { id: number }[]) => body.map((row) => row.id);
/** The ids of the enrollments the admin's search for `q` finds. */
const enrollmentsFound = async (q: string) =>
  ids((await request(api, 'GET', `/api/enrollments?q=${encodeURIComponent(q)}`, { token: admin.token })).body);

describe('GET /api/jobs', () => {
  it('answers the first 50 by default with X-Total-Count and a Link to the next page; the body stays the array', async () => {
    const first = await request(api, 'GET', '/api/jobs');
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toHaveLength(50);
    expect(first.headers['x-total-count']).toBe('130');
    expect(first.headers.link).toBe('</api/jobs?limit=50&offset=50>; rel="next"');
    const last = await request(api, 'GET', '/api/jobs?limit=50&offset=100');
    expect(last.body).toHaveLength(30);
    expect(String(last.headers.link)).not.toContain('rel="next"');
    expect(String(last.headers.link)).toContain('rel="prev"');
    // Pages do not overlap and keep the order (newest first).
    const second = await request(api, 'GET', '/api/jobs?offset=50');
    expect(ids(second.body).some((id) => ids(first.body).includes(id))).toBe(false);
    expect(second.body[0].title).toBe('Barista 79');
  });

  it('never answers more than 100, and refuses a limit or offset that is not a whole number', async () => {
    expect((await request(api, 'GET', '/api/jobs?limit=1000')).body).toHaveLength(100);
    expect((await request(api, 'GET', '/api/jobs?limit=-1')).status).toBe(400);
    expect((await request(api, 'GET', '/api/jobs?offset=abc')).status).toBe(400);
  });

  it('searches (q) and filters (location, jobType) on the server, counting what matches', async () => {
    const head = await request(api, 'GET', '/api/jobs?q=head%20BARISTA');
    expect(head.headers['x-total-count']).toBe('13');
    expect(head.body.every((j: { title: string }) => j.title.startsWith('Head barista'))).toBe(true);
    const filtered = await request(api, 'GET', '/api/jobs?location=musanze&jobType=Part-time&limit=100');
    expect(
      filtered.body.every(
        (j: { location: string; jobType: string }) => j.location === 'Musanze' && j.jobType === 'Part-time',
      ),
    ).toBe(true);
    expect(filtered.headers['x-total-count']).toBe(String(filtered.body.length));
    // Wildcards are taken literally.
    expect((await request(api, 'GET', '/api/jobs?q=%25')).headers['x-total-count']).toBe('0');
    expect((await request(api, 'GET', '/api/jobs?jobType=Freelance')).status).toBe(400);
  });

  it('finds jobs by the start of their words in any field, and stops counting a word nearly every job has', async () => {
    const found = async (q: string) => {
      const answer = await request(api, 'GET', `/api/jobs?q=${encodeURIComponent(q)}&limit=5`);
      return { total: answer.headers['x-total-count'], capped: answer.headers['x-total-count-capped'] };
    };
    // A word's start, any case, in the title, the company, the place or the snippet; every word must be there.
    expect(await found('BARIST')).toEqual({ total: '130', capped: undefined });
    expect(await found('café neo')).toEqual({ total: '130', capped: undefined });
    expect(await found('musanze head')).toEqual({ total: '0', capped: undefined });
    expect(await found('kigali head')).toEqual({ total: '13', capped: undefined });
    expect(await found('pull shots')).toEqual({ total: '130', capped: undefined });
    expect(await found("'&|!:*()")).toEqual({ total: '0', capped: undefined });
    // A thousand more: the board counts up to 1,000 and says there are more; the pages still go on.
    await api.db.insert(jobs).values(
      Array.from({ length: 1000 }, (_, i) => ({
        employerId: employer.id,
        title: `Espresso barista ${i}`,
        companyName: 'Café Neo',
        description: '<p>Steam milk.</p>',
        descriptionSnippet: 'Steam milk.',
        location: 'Huye',
        jobType: 'Contract',
      })),
    );
    try {
      expect(await found('barista')).toEqual({ total: '1000', capped: 'true' });
      expect(await found('espresso')).toEqual({ total: '1000', capped: undefined });
      const deep = await request(api, 'GET', '/api/jobs?q=barista&limit=20&offset=1000');
      expect(deep.body).toHaveLength(20);
      expect(deep.headers.link).toContain('offset=1020');
    } finally {
      await api.db.delete(jobs).where(eq(jobs.location, 'Huye'));
    }
  });

  it('answers the filter options of the open jobs (facets): distinct, sorted, nothing from closed ads', async () => {
    const [closed] = await api.db
      .insert(jobs)
      .values({
        employerId: employer.id,
        title: 'Old',
        companyName: 'X',
        description: 'x',
        descriptionSnippet: 'x',
        location: 'Huye',
        jobType: 'Internship',
        isActive: false,
      })
      .returning();
    const facets = await request(api, 'GET', '/api/jobs/facets');
    expect(facets.status).toBe(200);
    expect(facets.body).toEqual({ locations: ['Kigali', 'Musanze'], jobTypes: ['Full-time', 'Part-time'] });
    await api.db.update(jobs).set({ isActive: true }).where(eq(jobs.id, closed!.id));
    expect((await request(api, 'GET', '/api/jobs/facets')).body.locations).toEqual(['Huye', 'Kigali', 'Musanze']);
    await api.db.delete(jobs).where(eq(jobs.id, closed!.id));
  });

  it("pages an employer's own postings, with their status filter", async () => {
    const mine = await request(api, 'GET', '/api/jobs/my-postings?limit=10&status=active', { token: employer.token });
    expect(mine.body).toHaveLength(10);
    expect(mine.headers['x-total-count']).toBe('130');
    expect(mine.headers.link).toContain('offset=10');
  });
});

describe('the other growing lists', () => {
  it('pages and searches users, with role and status filters', async () => {
    const trainee = await account(api, 'trainee', { firstName: 'Zawadi', lastName: 'Ingabire' });
    const found = await request(api, 'GET', '/api/users?q=zawadi%20ing', { token: admin.token });
    expect(ids(found.body)).toEqual([trainee.id]);
    const byId = await request(api, 'GET', `/api/users?id=${trainee.id}`, { token: admin.token });
    expect(ids(byId.body)).toEqual([trainee.id]);
    const employers = await request(api, 'GET', '/api/users?role=employer&status=active&limit=1', {
      token: admin.token,
    });
    expect(employers.body).toHaveLength(1);
    expect(employers.body[0].role).toBe('employer');
    expect(Number(employers.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
  });

  it('pages courses with category, level and q; enrollments with status and q; the contact inbox', async () => {
    await api.db.insert(courses).values(
      Array.from({ length: 60 }, (_, i) => ({
        title: `Course ${i}`,
        description: 'About coffee.',
        category: i % 2 ? 'Latte Art' : 'Management',
        level: 'Beginner',
        trainingCenter: i % 3 ? 'Kigali Centre' : null,
        tags: i === 7 ? ['rosetta'] : [],
      })),
    );
    const latte = await request(api, 'GET', '/api/courses?category=Latte%20Art&limit=100');
    expect(latte.headers['x-total-count']).toBe('30');
    expect((await request(api, 'GET', '/api/courses?q=rosetta')).body.map((c: { title: string }) => c.title)).toEqual([
      'Course 7',
    ]);
    const defaultPage = await request(api, 'GET', '/api/courses');
    expect(defaultPage.body).toHaveLength(50);
    // The catalogue's filter options come from the active courses only, whatever page is shown.
    await api.db
      .insert(courses)
      .values({ title: 'Hidden', description: 'x', category: 'Coffee Knowledge', level: 'Advanced', isActive: false });
    const facets = await request(api, 'GET', '/api/courses/facets');
    expect(facets.body.categories).toEqual(['Latte Art', 'Management']);
    expect(facets.body.levels).toEqual(['Beginner']);
    expect(facets.body.trainingCenters).toEqual(['Kigali Centre']);

    const trainee = await account(api, 'trainee', { firstName: 'Keza' });
    const [course] = await api.db.select().from(courses).limit(1);
    await api.db.insert(enrollments).values({ courseId: course!.id, traineeId: trainee.id, status: 'Approved' });
    const approved = await request(api, 'GET', '/api/enrollments?status=Approved&q=keza', { token: admin.token });
    expect(approved.body).toHaveLength(1);
    expect(approved.headers['x-total-count']).toBe('1');

    await api.db.insert(contactMessages).values(
      Array.from({ length: 55 }, (_, i) => ({
        name: `Sender ${i}`,
        email: 's@example.rw',
        subject: 'Hi',
        message: 'Hello',
      })),
    );
    const inbox = await request(api, 'GET', '/api/contact', { token: admin.token });
    expect(inbox.body).toHaveLength(50);
    expect(inbox.headers['x-total-count']).toBe('55');
    expect((await request(api, 'GET', '/api/contact?q=sender%2054', { token: admin.token })).body).toHaveLength(1);
  });

  it("searches enrollments by course title, trainee's name or e-mail and trainer's name, counting past the last page", async () => {
    const [course] = await api.db
      .insert(courses)
      .values({ title: 'Siphon Mastery', description: 'x', category: 'Brewing Techniques', level: 'Advanced' })
      .returning();
    const trainer = await account(api, 'trainer', { firstName: 'Umutoni', lastName: 'Teaches' });
    const learner = await account(api, 'trainee', {
      firstName: 'Ishimwe',
      lastName: 'Learns',
      email: 'ishimwe.learns@example.rw',
    });
    const other = await account(api, 'trainee', { firstName: 'Mugabo', lastName: 'Elsewhere' });
    const [siphon] = await api.db
      .insert(enrollments)
      .values({ courseId: course!.id, traineeId: learner.id, status: 'Approved', assignedTrainerId: trainer.id })
      .returning();
    const [plain] = await api.db
      .insert(enrollments)
      .values({ courseId: (await api.db.select().from(courses).limit(1))[0]!.id, traineeId: other.id })
      .returning();
    const found = enrollmentsFound;
    expect(await found('siphon mas')).toEqual([siphon!.id]); // the course's title
    expect(await found('ishimwe lea')).toEqual([siphon!.id]); // the trainee's full name
    expect(await found('ishimwe.learns@')).toEqual([siphon!.id]); // the trainee's e-mail
    expect(await found('umutoni teach')).toEqual([siphon!.id]); // the trainer's full name
    expect(await found(trainer.email)).toEqual([]); // not the trainer's e-mail: never was
    expect(await found('mugabo')).toEqual([plain!.id]);
    // The trainer's own list searches the same way.
    const mine = await request(api, 'GET', '/api/enrollments/my-assigned-trainings?q=ishimwe', {
      token: trainer.token,
    });
    expect(ids(mine.body)).toEqual([siphon!.id]);
    // A page past the last still says how many there are; the count is the same on every page.
    const all = await request(api, 'GET', '/api/enrollments?limit=1', { token: admin.token });
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(2);
    const past = await request(api, 'GET', `/api/enrollments?limit=1&offset=${total + 5}`, { token: admin.token });
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(total));
    const last = await request(api, 'GET', `/api/enrollments?limit=1&offset=${total - 1}`, { token: admin.token });
    expect(last.body).toHaveLength(1);
    expect(last.headers['x-total-count']).toBe(String(total));
  });

  it('keeps the enrollment search current when a person or a course is renamed or another trainer is assigned', async () => {
    const [course] = await api.db
      .insert(courses)
      .values({ title: 'Pour-over Basics', description: 'x', category: 'Brewing Techniques', level: 'Beginner' })
      .returning();
    const learner = await account(api, 'trainee', { firstName: 'Keza', lastName: 'Before' });
    const first = await account(api, 'trainer', { firstName: 'Gatete', lastName: 'First' });
    const second = await account(api, 'trainer', { firstName: 'Ineza', lastName: 'Second' });
    const [enrollment] = await api.db
      .insert(enrollments)
      .values({ courseId: course!.id, traineeId: learner.id, status: 'Approved', assignedTrainerId: first.id })
      .returning();
    const found = enrollmentsFound;
    expect(await found('keza before')).toEqual([enrollment!.id]);

    const renamed = await request(api, 'PUT', '/api/users/me/profile', {
      token: learner.token,
      json: { firstName: 'Keza', lastName: 'Afterwards' },
    });
    expect(renamed.status).toBe(200);
    expect(await found('keza before')).toEqual([]);
    expect(await found('keza afterwards')).toEqual([enrollment!.id]);

    await api.db.update(courses).set({ title: 'Chemex Craft' }).where(eq(courses.id, course!.id));
    expect(await found('pour-over basics')).toEqual([]);
    expect(await found('chemex craft')).toEqual([enrollment!.id]);

    const assigned = await request(api, 'PUT', `/api/enrollments/${enrollment!.id}/assign-trainer`, {
      token: admin.token,
      json: { trainerId: second.id },
    });
    expect(assigned.status).toBe(200);
    expect(await found('gatete first')).toEqual([]);
    expect(await found('ineza second')).toEqual([enrollment!.id]);
    // A search text never matches across two of the fields (the course's title and the trainee's name).
    expect(await found('craft keza')).toEqual([]);
  });

  it('pages the certified-talent list by person, newest certificate first, and searches it', async () => {
    const [course] = await api.db.select().from(courses).limit(1);
    const people: Account[] = [];
    for (let i = 0; i < 3; i++) {
      const person = await account(api, 'trainee', { firstName: `Graduate${i}` });
      people.push(person);
      const [enrollment] = await api.db
        .insert(enrollments)
        .values({ courseId: course!.id, traineeId: person.id, status: 'Completed' })
        .returning();
      await api.db.insert(certificates).values({
        certificateCode: `BTLS-TEST-${i}`,
        enrollmentId: enrollment!.id,
        userId: person.id,
        courseId: course!.id,
        issueDate: new Date(Date.UTC(2026, 1, 1 + i)),
        traineeFirstName: `Graduate${i}`,
        traineeLastName: 'X',
        courseTitle: i === 1 ? 'Rare Roasting' : 'Espresso',
        issuedByAdminId: admin.id,
        issuedByAdminFirstName: 'A',
        issuedByAdminLastName: 'B',
      });
    }
    const page = await request(api, 'GET', '/api/users/certified-trainees?limit=2', { token: employer.token });
    expect(page.body.map((t: { userId: number }) => t.userId)).toEqual([people[2]!.id, people[1]!.id]);
    expect(page.body[0]).toMatchObject({ certifiedCourses: ['Espresso'], certificateCodes: ['BTLS-TEST-2'] });
    expect(page.headers['x-total-count']).toBe('3');
    const rare = await request(api, 'GET', '/api/users/certified-trainees?q=rare%20roast', { token: employer.token });
    expect(rare.body.map((t: { userId: number }) => t.userId)).toEqual([people[1]!.id]);
  });
});
