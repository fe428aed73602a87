import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { account, dayOffset, request, startApi, type Account, type TestApi } from './helpers';

let api: TestApi;
let employer: Account;
beforeAll(async () => {
  api = await startApi();
  employer = await account(api, 'employer');
});
afterAll(() => api.close());

const job = {
  title: 'Barista',
  companyName: 'Kigali Beans Ltd',
  description: '<p>Make <strong>great</strong> coffee.</p>',
  requirements: 'Espresso certificate\nEarly shifts',
  location: 'Kigali',
  jobType: 'Full-time',
  salaryRange: 'RWF 300,000 per month',
  closingDate: null,
  isActive: true,
};

async function post(fields: Record<string, unknown> = {}, owner = employer) {
  return request(api, 'POST', '/api/jobs', { token: owner.token, json: { ...job, ...fields } });
}

describe('POST /api/jobs', () => {
  it('posts a job with the message Job "{title}" posted successfully!', async () => {
    const answer = await post({ closingDate: dayOffset(10) });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Job "Barista" posted successfully!');
    expect(answer.body.job).toMatchObject({
      title: 'Barista',
      jobType: 'Full-time',
      isActive: true,
      closingDate: dayOffset(10),
      descriptionSnippet: 'Make great coffee.',
      postedDate: expect.any(String),
    });
  });

  it('requires company name, title, description and location with the spec message', async () => {
    for (const missing of ['companyName', 'title', 'description', 'location']) {
      expect(await post({ [missing]: '' })).toMatchObject({
        status: 400,
        body: { message: 'Please fill in all required fields: Company Name, Job Title, Description, and Location.' },
      });
    }
  });

  it('limits job types to the four, defaults to Full-time and active, and refuses a past closing date', async () => {
    expect((await post({ jobType: 'Seasonal' })).status).toBe(400);
    const defaults = await request(api, 'POST', '/api/jobs', {
      token: employer.token,
      json: { title: 'T', companyName: 'C', description: 'D', location: 'L' },
    });
    expect(defaults.body.job).toMatchObject({ jobType: 'Full-time', isActive: true, closingDate: null });
    expect(await post({ closingDate: dayOffset(-1) })).toMatchObject({
      status: 400,
      body: { message: 'Closing date cannot be in the past.' },
    });
  });

  it('sanitises employer HTML with an allow-list', async () => {
    const answer = await post({
      description:
        '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><br><em>there</em></p>' +
        '<a href="javascript:alert(1)">bad</a><a href="https://cafe.rw">good</a><a href="mailto:hr@cafe.rw">mail</a>' +
        '<ul><li>one</li></ul><iframe src="https://evil"></iframe>',
      requirements: '<b>Bold</b><style>body{}</style>',
    });
    const { description, requirements } = answer.body.job;
    expect(description).not.toMatch(/script|onerror|onclick|<img|iframe|javascript:/i);
    expect(description).toContain('<p>Hi<br /><em>there</em></p>');
    expect(description).toContain('href="https://cafe.rw"');
    expect(description).toContain('href="mailto:hr@cafe.rw"');
    expect(description).toContain('<ul><li>one</li></ul>');
    expect(requirements).toBe('<b>Bold</b>');
  });

  it('counts a description that is only markup as missing', async () => {
    expect((await post({ description: '<script>alert(1)</script>' })).status).toBe(400);
  });

  it('is for employers only', async () => {
    const trainee = await account(api, 'trainee');
    const admin = await account(api, 'admin');
    expect((await post({}, trainee)).status).toBe(403);
    expect((await post({}, admin)).status).toBe(403);
    expect((await request(api, 'POST', '/api/jobs', { json: job })).status).toBe(401);
  });
});

describe('the public job board', () => {
  it('lists active, open jobs; hides inactive and past-closing jobs (detail answers the spec 404)', async () => {
    const open = (await post({ title: 'Open', closingDate: dayOffset(0) })).body.job;
    const inactive = (await post({ title: 'Inactive', isActive: false })).body.job;
    const closed = (await post({ title: 'Closed' })).body.job;
    await api.db
      .update(jobs)
      .set({ closingDate: dayOffset(-1) })
      .where(eq(jobs.id, closed.id));

    const list = await request(api, 'GET', '/api/jobs');
    const ids = list.body.map((j: { id: number }) => j.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(closed.id);

    expect((await request(api, 'GET', `/api/jobs/${open.id}`)).body.title).toBe('Open');
    for (const hidden of [inactive, closed]) {
      expect(await request(api, 'GET', `/api/jobs/${hidden.id}`)).toMatchObject({
        status: 404,
        body: { message: 'Job not found or no longer available.' },
      });
      // Still there for their owner (the edit screen), not for another employer.
      expect((await request(api, 'GET', `/api/jobs/${hidden.id}`, { token: employer.token })).status).toBe(200);
      const other = await account(api, 'employer');
      expect((await request(api, 'GET', `/api/jobs/${hidden.id}`, { token: other.token })).status).toBe(404);
    }
    // The edit view of an open job is the owner's too: another employer's token gets the edit 404.
    const rival = await account(api, 'employer');
    expect(await request(api, 'GET', `/api/jobs/${open.id}`, { token: rival.token })).toMatchObject({
      status: 404,
      body: { message: `Job posting with ID ${open.id} not found or you're not authorized to edit it.` },
    });
    expect((await request(api, 'GET', `/api/jobs/${open.id}`, { token: employer.token })).status).toBe(200);
    const mine = await request(api, 'GET', '/api/jobs/my-postings', { token: employer.token });
    expect(mine.body.map((j: { id: number }) => j.id)).toEqual(
      expect.arrayContaining([open.id, inactive.id, closed.id]),
    );
  });

  it('answers 404 for an unknown job and 400 for a malformed id', async () => {
    expect((await request(api, 'GET', '/api/jobs/999999')).status).toBe(404);
    expect((await request(api, 'GET', '/api/jobs/abc')).status).toBe(400);
  });
});

describe('GET /api/jobs/my-postings', () => {
  it("answers only the employer's own jobs, for employers only", async () => {
    const other = await account(api, 'employer');
    const theirs = (await post({ title: 'Theirs' }, other)).body.job;
    const mine = await request(api, 'GET', '/api/jobs/my-postings', { token: employer.token });
    expect(mine.body.map((j: { id: number }) => j.id)).not.toContain(theirs.id);
    const trainee = await account(api, 'trainee');
    expect((await request(api, 'GET', '/api/jobs/my-postings', { token: trainee.token })).status).toBe(403);
  });
});

describe('PUT /api/jobs/:id', () => {
  it('toggles the status with { isActive } alone', async () => {
    const created = (await post()).body.job;
    const off = await request(api, 'PUT', `/api/jobs/${created.id}`, {
      token: employer.token,
      json: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.job.isActive).toBe(false);
    expect(off.body.message).toBe('Job status updated to Inactive.');
    expect((await request(api, 'GET', `/api/jobs/${created.id}`)).status).toBe(404);
  });

  it('edits all fields, validated and sanitised like a new job', async () => {
    const created = (await post()).body.job;
    const answer = await request(api, 'PUT', `/api/jobs/${created.id}`, {
      token: employer.token,
      json: { ...job, title: 'Head Barista', jobType: 'Contract', description: '<p>Lead<script>x</script></p>' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.job).toMatchObject({ title: 'Head Barista', jobType: 'Contract', description: '<p>Lead</p>' });
    expect(
      (await request(api, 'PUT', `/api/jobs/${created.id}`, { token: employer.token, json: { ...job, location: '' } }))
        .status,
    ).toBe(400);
  });

  it("answers 404 for another employer's job and leaves it unchanged", async () => {
    const created = (await post()).body.job;
    const other = await account(api, 'employer');
    expect(
      (await request(api, 'PUT', `/api/jobs/${created.id}`, { token: other.token, json: { isActive: false } })).status,
    ).toBe(404);
    expect((await request(api, 'PUT', `/api/jobs/${created.id}`, { token: other.token, json: job })).status).toBe(404);
    expect((await request(api, 'GET', `/api/jobs/${created.id}`)).body.isActive).toBe(true);
  });
});

describe('DELETE /api/jobs/:id', () => {
  it("deletes the owner's job; another employer gets 404", async () => {
    const created = (await post()).body.job;
    const other = await account(api, 'employer');
    expect((await request(api, 'DELETE', `/api/jobs/${created.id}`, { token: other.token })).status).toBe(404);
    expect((await request(api, 'DELETE', `/api/jobs/${created.id}`, { token: employer.token })).status).toBe(200);
    expect((await request(api, 'GET', `/api/jobs/${created.id}`)).status).toBe(404);
  });
});

describe('salaries as amounts', () => {
  const amounts = { salaryRange: undefined, salaryMin: 250000, salaryMax: 320000, salaryPeriod: 'month' };

  it('keeps the amounts, currency and period, and says them in English for pages built before amounts', async () => {
    const answer = await post({ ...amounts, salaryCurrency: 'USD' });
    expect(answer.status).toBe(201);
    expect(answer.body.job).toMatchObject({
      salary: { min: 250000, max: 320000, currency: 'USD', period: 'month' },
      salaryRange: 'USD 250,000 - 320,000 per month',
    });
    const [row] = await api.db.select().from(jobs).where(eq(jobs.id, answer.body.job.id));
    expect(row).toMatchObject({ salaryMin: 250000, salaryMax: 320000, salaryCurrency: 'USD', salaryPeriod: 'month' });
    expect((await request(api, 'GET', `/api/jobs/${answer.body.job.id}`)).body.salary).toEqual(answer.body.job.salary);
  });

  it('is in Rwandan francs unless told, and one amount is enough', async () => {
    const answer = await post({ salaryMin: 8000, salaryMax: null, salaryCurrency: null, salaryPeriod: 'day' });
    expect(answer.body.job).toMatchObject({
      salary: { min: 8000, max: null, currency: 'RWF', period: 'day' },
      salaryRange: 'RWF 8,000 per day',
    });
  });

  it('is all or nothing: a currency or period alone is no salary', async () => {
    const answer = await post({ salaryRange: null, salaryCurrency: 'RWF', salaryPeriod: 'month' });
    expect(answer.status).toBe(201);
    expect(answer.body.job).toMatchObject({ salary: null, salaryRange: null });
  });

  it('refuses what is not a salary with the words of the field it is about', async () => {
    const refused = async (fields: Record<string, unknown>) => (await post({ ...amounts, ...fields })).body;
    const notWhole = 'Write each salary amount as a whole number from 0 to 1,000,000,000, such as 250000.';
    // A "from" above the "up to" is a second problem, listed after this one (its message is the field's).
    for (const salaryMin of [-1, 1.5, '250000', '', 2_000_000_000, true]) {
      expect(await refused({ salaryMin }), String(salaryMin)).toMatchObject({
        message: notWhole,
        code: 'validation.salaryAmount',
        params: { field: 'salaryMin' },
      });
    }
    expect(await refused({ salaryMax: 100 })).toEqual({
      message: 'The salary "up to" amount cannot be less than the "from" amount.',
      code: 'validation.salaryUpToBelowFrom',
      params: { field: 'salaryMax' },
    });
    expect(await refused({ salaryMin: null })).toEqual({
      message: 'Fill in the salary "from" amount too, or leave both amounts empty.',
      code: 'validation.salaryFromMissing',
      params: { field: 'salaryMin' },
    });
    for (const salaryPeriod of [null, 'Month', 'fortnight']) {
      expect(await refused({ salaryPeriod }), String(salaryPeriod)).toEqual({
        message: 'Choose how often the salary is paid: per hour, day, week, month or year.',
        code: 'validation.salaryPeriod',
        params: { field: 'salaryPeriod' },
      });
    }
    expect(await refused({ salaryCurrency: 'GBP' })).toEqual({
      message: "Choose the salary's currency: RWF, USD or EUR.",
      code: 'validation.salaryCurrency',
      params: { field: 'salaryCurrency' },
    });
  });

  it('reads the free text pages released before amounts send, and keeps one it cannot read as written', async () => {
    expect((await post({ salaryRange: 'Frw 5,000 / day' })).body.job).toMatchObject({
      salary: { min: 5000, max: null, currency: 'RWF', period: 'day' },
      salaryRange: 'RWF 5,000 per day',
    });
    const shift = (await post({ salaryRange: 'RWF 8,000 per shift' })).body.job;
    expect(shift).toMatchObject({ salary: null, salaryRange: 'RWF 8,000 per shift' });
    // Amounts win over the text; an edit without either leaves no salary.
    expect((await post({ ...amounts, salaryRange: 'RWF 8,000 per shift' })).body.job.salaryRange).toBe(
      'RWF 250,000 - 320,000 per month',
    );
    const edited = await request(api, 'PUT', `/api/jobs/${shift.id}`, {
      token: employer.token,
      json: { ...job, salaryRange: null },
    });
    expect(edited.body.job).toMatchObject({ salary: null, salaryRange: null });
  });
});
