import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, enrollments, jobs } from '../src/db/schema';
import { account, createCourse, request, startApi, type Account, type TestApi } from './helpers';

let api: TestApi;
let admin: Account;
beforeAll(async () => {
  api = await startApi();
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

describe('GET /api/users', () => {
  it('lists users for admins, without password hashes', async () => {
    await account(api, 'trainee');
    const answer = await request(api, 'GET', '/api/users', { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(answer.body[0])).toEqual(
      expect.arrayContaining(['id', 'firstName', 'lastName', 'email', 'role', 'isActive']),
    );
    expect(JSON.stringify(answer.body)).not.toMatch(/passwordHash|argon2/);
  });

  it('is admin-only', async () => {
    const trainer = await account(api, 'trainer');
    expect((await request(api, 'GET', '/api/users', { token: trainer.token })).status).toBe(403);
    expect((await request(api, 'GET', '/api/users')).status).toBe(401);
  });
});

describe('GET /api/users/trainers', () => {
  it('lists active trainers only, with id, names and e-mail, for admins', async () => {
    const trainer = await account(api, 'trainer');
    const inactive = await account(api, 'trainer');
    await request(api, 'PUT', `/api/users/${inactive.id}/status`, { token: admin.token, json: { isActive: false } });
    const notATrainer = await account(api, 'trainee');
    const answer = await request(api, 'GET', '/api/users/trainers', { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toContainEqual({
      id: trainer.id,
      firstName: trainer.firstName,
      lastName: trainer.lastName,
      email: trainer.email,
    });
    const ids = answer.body.map((t: { id: number }) => t.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(notATrainer.id);
    for (const t of answer.body) expect(Object.keys(t).sort()).toEqual(['email', 'firstName', 'id', 'lastName']);
    const employer = await account(api, 'employer');
    expect((await request(api, 'GET', '/api/users/trainers', { token: employer.token })).status).toBe(403);
  });
});

describe('PUT /api/users/:id/status', () => {
  it('deactivates and reactivates a user', async () => {
    const user = await account(api, 'trainee');
    const off = await request(api, 'PUT', `/api/users/${user.id}/status`, {
      token: admin.token,
      json: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.user.isActive).toBe(false);
    const on = await request(api, 'PUT', `/api/users/${user.id}/status`, {
      token: admin.token,
      json: { isActive: true },
    });
    expect(on.body.user.isActive).toBe(true);
  });

  it('deactivates another admin and activates them again (an inactive admin is not stuck)', async () => {
    const other = await account(api, 'admin');
    const off = await request(api, 'PUT', `/api/users/${other.id}/status`, {
      token: admin.token,
      json: { isActive: false },
    });
    expect(off).toMatchObject({ status: 200, body: { user: { isActive: false, role: 'admin' } } });
    const on = await request(api, 'PUT', `/api/users/${other.id}/status`, {
      token: admin.token,
      json: { isActive: true },
    });
    expect(on).toMatchObject({
      status: 200,
      body: { message: 'User activated successfully.', user: { isActive: true, role: 'admin' } },
    });
  });

  it('refuses to let an admin deactivate their own account', async () => {
    const answer = await request(api, 'PUT', `/api/users/${admin.id}/status`, {
      token: admin.token,
      json: { isActive: false },
    });
    expect(answer).toMatchObject({ status: 403, body: { message: 'You cannot deactivate your own account.' } });
    expect((await request(api, 'GET', '/api/users', { token: admin.token })).status).toBe(200);
  });

  it('validates the body and the id, and 404s an unknown user', async () => {
    const user = await account(api, 'trainee');
    expect(
      (await request(api, 'PUT', `/api/users/${user.id}/status`, { token: admin.token, json: { isActive: 'maybe' } }))
        .status,
    ).toBe(400);
    expect(
      await request(api, 'PUT', '/api/users/999999/status', { token: admin.token, json: { isActive: true } }),
    ).toMatchObject({
      status: 404,
      body: { message: 'User with ID 999999 not found.' },
    });
    expect(
      (await request(api, 'PUT', `/api/users/${user.id}/status`, { token: user.token, json: { isActive: false } }))
        .status,
    ).toBe(403);
  });
});

describe('PUT /api/users/:id', () => {
  it('changes names and role', async () => {
    const user = await account(api, 'trainee');
    const answer = await request(api, 'PUT', `/api/users/${user.id}`, {
      token: admin.token,
      json: { firstName: 'Claude', lastName: 'Iradukunda', role: 'trainer' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      firstName: 'Claude',
      lastName: 'Iradukunda',
      role: 'trainer',
      email: user.email,
    });
    // The new role applies to the existing token at once.
    expect((await request(api, 'GET', '/api/enrollments/my-assigned-trainings', { token: user.token })).status).toBe(
      200,
    );
  });

  it('never changes the e-mail, even when sent', async () => {
    const user = await account(api, 'trainee');
    const answer = await request(api, 'PUT', `/api/users/${user.id}`, {
      token: admin.token,
      json: { firstName: 'A', lastName: 'B', role: 'trainee', email: 'changed@example.rw' },
    });
    expect(answer.body.user.email).toBe(user.email);
  });

  it('requires names and role, and an allowed role', async () => {
    const user = await account(api, 'trainee');
    expect(
      await request(api, 'PUT', `/api/users/${user.id}`, {
        token: admin.token,
        json: { firstName: 'A', role: 'trainee' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'First name, last name, and role are required.' },
    });
    expect(
      await request(api, 'PUT', `/api/users/${user.id}`, {
        token: admin.token,
        json: { firstName: 'A', lastName: 'B', role: 'owner' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Invalid role selected.' },
    });
  });

  it('refuses to let an admin change their own role from admin', async () => {
    const answer = await request(api, 'PUT', `/api/users/${admin.id}`, {
      token: admin.token,
      json: { firstName: 'A', lastName: 'B', role: 'trainee' },
    });
    expect(answer).toMatchObject({ status: 403, body: { message: 'You cannot change your own role from Admin.' } });
    const ok = await request(api, 'PUT', `/api/users/${admin.id}`, {
      token: admin.token,
      json: { firstName: admin.firstName, lastName: 'Renamed', role: 'admin' },
    });
    expect(ok.status).toBe(200);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user with no records', async () => {
    const user = await account(api, 'trainee');
    expect(await request(api, 'DELETE', `/api/users/${user.id}`, { token: admin.token })).toMatchObject({
      status: 200,
    });
    expect((await request(api, 'DELETE', `/api/users/${user.id}`, { token: admin.token })).status).toBe(404);
  });

  it("refuses to delete the admin's own account", async () => {
    expect(await request(api, 'DELETE', `/api/users/${admin.id}`, { token: admin.token })).toMatchObject({
      status: 403,
      body: { message: 'You cannot delete your own account.' },
    });
  });

  it('refuses with 409, suggesting deactivation, when applications or job postings depend on the user', async () => {
    const trainee = await account(api, 'trainee');
    const course = await createCourse(api, admin.token);
    await api.db.insert(enrollments).values({ courseId: course.id, traineeId: trainee.id });
    const answer = await request(api, 'DELETE', `/api/users/${trainee.id}`, { token: admin.token });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/Deactivate the account instead/);

    const employer = await account(api, 'employer');
    await api.db.insert(jobs).values({
      employerId: employer.id,
      title: 'Barista',
      companyName: 'C',
      description: 'd',
      descriptionSnippet: 'd',
      location: 'Kigali',
    });
    expect((await request(api, 'DELETE', `/api/users/${employer.id}`, { token: admin.token })).status).toBe(409);
  });

  it('is admin-only', async () => {
    const user = await account(api, 'trainee');
    const other = await account(api, 'employer');
    expect((await request(api, 'DELETE', `/api/users/${user.id}`, { token: other.token })).status).toBe(403);
  });
});

describe('PUT /api/users/me/profile', () => {
  it("updates an employer's names and company fields, trimmed, never e-mail or role", async () => {
    const employer = await account(api, 'employer');
    const answer = await request(api, 'PUT', '/api/users/me/profile', {
      token: employer.token,
      json: {
        firstName: '  Patrick ',
        lastName: 'Niyonzima',
        companyName: ' Kigali Heights Coffee ',
        companyWebsite: 'https://kigali-heights.example.com',
        companyDescription: 'Three cafés.',
        email: 'hijack@example.rw',
        role: 'admin',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      firstName: 'Patrick',
      companyName: 'Kigali Heights Coffee',
      companyWebsite: 'https://kigali-heights.example.com',
      email: employer.email,
      role: 'employer',
    });
  });

  it('requires first name, last name and (for employers) company name', async () => {
    const employer = await account(api, 'employer');
    for (const json of [
      { firstName: ' ', lastName: 'N', companyName: 'C' },
      { firstName: 'P', lastName: 'N', companyName: '  ' },
    ]) {
      expect(await request(api, 'PUT', '/api/users/me/profile', { token: employer.token, json })).toMatchObject({
        status: 400,
        body: { message: 'Contact first name, last name, and company name are required.' },
      });
    }
    const badSite = await request(api, 'PUT', '/api/users/me/profile', {
      token: employer.token,
      json: { firstName: 'P', lastName: 'N', companyName: 'C', companyWebsite: 'not a url' },
    });
    expect(badSite.status).toBe(400);
  });

  it("changes only the caller's own record, and company fields only for employers", async () => {
    const trainee = await account(api, 'trainee');
    const other = await account(api, 'trainee');
    const answer = await request(api, 'PUT', '/api/users/me/profile', {
      token: trainee.token,
      json: { firstName: 'New', lastName: 'Name', companyName: 'Not a company', id: other.id },
    });
    expect(answer.body.user).toMatchObject({ id: trainee.id, firstName: 'New', companyName: null });
    const list = await request(api, 'GET', '/api/users', { token: admin.token });
    expect(list.body.find((u: { id: number }) => u.id === other.id).firstName).not.toBe('New');
    expect(
      (await request(api, 'PUT', '/api/users/me/profile', { json: { firstName: 'a', lastName: 'b' } })).status,
    ).toBe(401);
  });
});

describe('GET /api/users/certified-trainees', () => {
  it('lists certified active trainees with their courses and codes in parallel, for employers and admins only', async () => {
    const trainee = await account(api, 'trainee');
    const courseA = await createCourse(api, admin.token, { title: 'Latte Art' });
    const courseB = await createCourse(api, admin.token, { title: 'Cupping' });
    for (const [course, code] of [
      [courseA, 'BTLS-AAAA-1111'],
      [courseB, 'BTLS-BBBB-2222'],
    ] as const) {
      const [enrollment] = await api.db
        .insert(enrollments)
        .values({ courseId: course.id, traineeId: trainee.id, status: 'Completed' })
        .returning();
      await api.db.insert(certificates).values({
        certificateCode: code,
        enrollmentId: enrollment!.id,
        userId: trainee.id,
        courseId: course.id,
        traineeFirstName: trainee.firstName,
        traineeLastName: trainee.lastName,
        courseTitle: course.title,
        issuedByAdminId: admin.id,
        issuedByAdminFirstName: 'A',
        issuedByAdminLastName: 'B',
      });
    }
    const employer = await account(api, 'employer');
    const answer = await request(api, 'GET', '/api/users/certified-trainees', { token: employer.token });
    expect(answer.status).toBe(200);
    const entry = answer.body.find((t: { userId: number }) => t.userId === trainee.id);
    expect(entry).toMatchObject({ firstName: trainee.firstName, lastName: trainee.lastName, email: trainee.email });
    expect(entry.certifiedCourses).toHaveLength(2);
    expect(entry.certificateCodes[entry.certifiedCourses.indexOf('Latte Art')]).toBe('BTLS-AAAA-1111');
    expect(entry.certificateCodes[entry.certifiedCourses.indexOf('Cupping')]).toBe('BTLS-BBBB-2222');

    expect((await request(api, 'GET', '/api/users/certified-trainees', { token: admin.token })).status).toBe(200);
    expect((await request(api, 'GET', '/api/users/certified-trainees', { token: trainee.token })).status).toBe(403);
    const trainer = await account(api, 'trainer');
    expect((await request(api, 'GET', '/api/users/certified-trainees', { token: trainer.token })).status).toBe(403);
  });
});
