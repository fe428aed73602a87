import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments } from '../src/db/schema';
import {
  account,
  createCourse,
  multipart,
  pngOfSize,
  request,
  startApi,
  validCourse,
  type Account,
  type TestApi,
} from './helpers';

let api: TestApi;
let admin: Account;
let trainee: Account;
beforeAll(async () => {
  api = await startApi();
  admin = await account(api, 'admin');
  trainee = await account(api, 'trainee');
});
afterAll(() => api.close());

describe('POST /api/courses', () => {
  it('creates a course from JSON: comma tags split and trimmed, defaults for centre and active', async () => {
    const answer = await request(api, 'POST', '/api/courses', { token: admin.token, json: validCourse });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Course "Espresso Basics" added successfully.');
    expect(answer.body.course).toMatchObject({
      title: 'Espresso Basics',
      tags: ['espresso', 'milk'],
      isActive: true,
      trainingCenter: 'BTLS Coffee Training Centre, Kigali',
    });
  });

  it('takes tags as a list too', async () => {
    const answer = await request(api, 'POST', '/api/courses', {
      token: admin.token,
      json: { ...validCourse, tags: [' latte ', '', 'art'] },
    });
    expect(answer.body.course.tags).toEqual(['latte', 'art']);
  });

  it('requires title, description, category and level with the spec message', async () => {
    for (const missing of ['title', 'description', 'category', 'level']) {
      const answer = await request(api, 'POST', '/api/courses', {
        token: admin.token,
        json: { ...validCourse, [missing]: '  ' },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { message: 'Required fields: Title, Description, Category, Level.' },
      });
    }
  });

  it('accepts only the spec categories and levels', async () => {
    const answer = await request(api, 'POST', '/api/courses', {
      token: admin.token,
      json: { ...validCourse, category: 'Tea' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/Category must be one of/);
  });

  it('is for admins only: 401 without a token, 403 for other roles', async () => {
    expect((await request(api, 'POST', '/api/courses', { json: validCourse })).status).toBe(401);
    expect((await request(api, 'POST', '/api/courses', { token: trainee.token, json: validCourse })).status).toBe(403);
  });
});

describe('course images (multipart)', () => {
  it('stores an uploaded image and serves it from /api with an ETag and a long cache', async () => {
    const form = await multipart({ ...validCourse, tags: '["a","b"]', isActive: 'true', courseImage: pngOfSize(2048) });
    const answer = await request(api, 'POST', '/api/courses', { token: admin.token, ...form });
    expect(answer.status).toBe(201);
    expect(answer.body.course.tags).toEqual(['a', 'b']);
    const url: string = answer.body.course.imageUrl;
    expect(url).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);

    const image = await api.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(image.rawPayload.length).toBe(2048);
    const again = await api.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('judges the type by the bytes: a text file named as an image is refused', async () => {
    const form = await multipart({ ...validCourse, courseImage: new Blob(['hello'], { type: 'image/png' }) });
    const answer = await request(api, 'POST', '/api/courses', { token: admin.token, ...form });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Invalid file type. Please upload an image.' } });
  });

  it('refuses an image over 5 MB (5242880 bytes) with 413 and the spec message; exactly 5 MB passes', async () => {
    const tooBig = await multipart({ ...validCourse, courseImage: pngOfSize(5_242_881) });
    const refused = await request(api, 'POST', '/api/courses', { token: admin.token, ...tooBig });
    expect(refused).toMatchObject({ status: 413, body: { message: 'File is too large. Max size is 5MB.' } });
    const limit = await multipart({ ...validCourse, courseImage: pngOfSize(5_242_880) });
    expect((await request(api, 'POST', '/api/courses', { token: admin.token, ...limit })).status).toBe(201);
  });

  it('forgets an uploaded image once no course shows it, and keeps one another course still shows', async () => {
    const status = async (url: string) => (await api.app.inject({ method: 'GET', url })).statusCode;
    const upload = async (size: number, path = '/api/courses', method: 'POST' | 'PUT' = 'POST') => {
      const form = await multipart({ ...validCourse, courseImage: pngOfSize(size) });
      return (await request(api, method, path, { token: admin.token, ...form })).body.course;
    };
    // Replaced by another upload: the first file goes.
    const course = await upload(3001);
    const first: string = course.imageUrl;
    const second: string = (await upload(3002, `/api/courses/${course.id}`, 'PUT')).imageUrl;
    expect(second).not.toBe(first);
    expect([await status(first), await status(second)]).toEqual([404, 200]);

    // The same bytes on two courses: deleting one keeps the file; deleting the other removes it.
    const twin = await upload(3002);
    expect(twin.imageUrl).toBe(second);
    expect((await request(api, 'DELETE', `/api/courses/${course.id}`, { token: admin.token })).status).toBe(200);
    expect(await status(second)).toBe(200);
    // Pointed at an address elsewhere instead: the last course to show the upload lets it go.
    const moved = await request(api, 'PUT', `/api/courses/${twin.id}`, {
      token: admin.token,
      json: { ...validCourse, imageUrl: 'https://images.example.com/cup.jpg' },
    });
    expect(moved.status).toBe(200);
    expect(await status(second)).toBe(404);

    // An address of an upload that is gone is refused, not stored as a broken image.
    const adopt = await request(api, 'PUT', `/api/courses/${twin.id}`, {
      token: admin.token,
      json: { ...validCourse, imageUrl: second },
    });
    expect(adopt).toMatchObject({
      status: 404,
      body: { message: 'This image is no longer stored. Please upload it again.' },
    });

    // An edit that keeps the image, or names no image at all, keeps it and the file; null removes both.
    const kept = await upload(3003);
    const edit = (json: Record<string, unknown>) =>
      request(api, 'PUT', `/api/courses/${kept.id}`, { token: admin.token, json });
    expect((await edit({ ...validCourse, title: 'Renamed', imageUrl: kept.imageUrl })).body.course.imageUrl).toBe(
      kept.imageUrl,
    );
    expect((await edit({ ...validCourse, title: 'Renamed again' })).body.course.imageUrl).toBe(kept.imageUrl);
    expect(await status(kept.imageUrl)).toBe(200);
    // Another course may take up the same stored image by its address.
    const adopter = await request(api, 'POST', '/api/courses', {
      token: admin.token,
      json: { ...validCourse, imageUrl: kept.imageUrl },
    });
    expect(adopter.status).toBe(201);
    expect((await edit({ ...validCourse, imageUrl: null })).body.course.imageUrl).toBeNull();
    expect(await status(kept.imageUrl)).toBe(200);
    await request(api, 'DELETE', `/api/courses/${adopter.body.course.id}`, { token: admin.token });
    expect(await status(kept.imageUrl)).toBe(404);
  });

  it('answers 404 for an unknown image', async () => {
    expect((await request(api, 'GET', `/api/images/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await request(api, 'GET', '/api/images/../../etc/passwd')).status).toBe(404);
  });
});

describe('GET /api/courses and /api/courses/:id', () => {
  it('hides inactive courses from the public list and detail, shows them to admins', async () => {
    const hidden = await createCourse(api, admin.token, { title: 'Secret Roast', isActive: false });
    const publicList = await request(api, 'GET', '/api/courses');
    expect(publicList.status).toBe(200);
    expect(publicList.body.map((c: { id: number }) => c.id)).not.toContain(hidden.id);
    const adminList = await request(api, 'GET', '/api/courses', { token: admin.token });
    expect(adminList.body.map((c: { id: number }) => c.id)).toContain(hidden.id);

    expect(await request(api, 'GET', `/api/courses/${hidden.id}`)).toMatchObject({
      status: 404,
      body: { message: `Course with ID ${hidden.id} not found.` },
    });
    expect((await request(api, 'GET', `/api/courses/${hidden.id}`, { token: trainee.token })).status).toBe(404);
    expect((await request(api, 'GET', `/api/courses/${hidden.id}`, { token: admin.token })).status).toBe(200);
  });

  it('lists newest first and answers one course by id', async () => {
    const course = await createCourse(api, admin.token, { title: 'Newest' });
    const list = await request(api, 'GET', '/api/courses');
    expect(list.body[0].id).toBe(course.id);
    expect((await request(api, 'GET', `/api/courses/${course.id}`)).body.title).toBe('Newest');
  });

  it('answers 400 for an id that is not a number and 404 for an unknown one', async () => {
    expect((await request(api, 'GET', '/api/courses/abc')).status).toBe(400);
    expect((await request(api, 'GET', '/api/courses/999999')).status).toBe(404);
  });
});

describe('PUT /api/courses/:id', () => {
  it('updates the fields; tags that are neither text nor a list are left as they were', async () => {
    const course = await createCourse(api, admin.token, { tags: 'one, two' });
    const answer = await request(api, 'PUT', `/api/courses/${course.id}`, {
      token: admin.token,
      json: { ...validCourse, title: 'Renamed', tags: 42, imageUrl: 'https://images.example.com/cup.jpg' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.course).toMatchObject({
      title: 'Renamed',
      tags: ['one', 'two'],
      imageUrl: 'https://images.example.com/cup.jpg',
    });
    expect(answer.body.message).toBe('Course "Renamed" updated successfully.');
  });

  it('uses the edit message for missing required fields and checks the image URL', async () => {
    const course = await createCourse(api, admin.token);
    const missing = await request(api, 'PUT', `/api/courses/${course.id}`, {
      token: admin.token,
      json: { title: 'x' },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { message: 'Please fill in all required fields: Title, Description, Category, Level.' },
    });
    const badUrl = await request(api, 'PUT', `/api/courses/${course.id}`, {
      token: admin.token,
      json: { ...validCourse, imageUrl: 'javascript:alert(1)' },
    });
    expect(badUrl).toMatchObject({ status: 400, body: { message: 'Image URL must be a valid URL.' } });
  });

  it('can deactivate a course, and is admin-only', async () => {
    const course = await createCourse(api, admin.token);
    const off = await request(api, 'PUT', `/api/courses/${course.id}`, {
      token: admin.token,
      json: { ...validCourse, isActive: false },
    });
    expect(off.body.course.isActive).toBe(false);
    expect(
      (await request(api, 'PUT', `/api/courses/${course.id}`, { token: trainee.token, json: validCourse })).status,
    ).toBe(403);
    expect((await request(api, 'PUT', '/api/courses/999999', { token: admin.token, json: validCourse })).status).toBe(
      404,
    );
  });
});

describe('DELETE /api/courses/:id', () => {
  it("deletes a course nobody applied to, with 'Course deleted successfully.'", async () => {
    const course = await createCourse(api, admin.token);
    const answer = await request(api, 'DELETE', `/api/courses/${course.id}`, { token: admin.token });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Course deleted successfully.' } });
    expect((await request(api, 'GET', `/api/courses/${course.id}`)).status).toBe(404);
  });

  it('refuses with 409 and suggests deactivation when applications refer to it', async () => {
    const course = await createCourse(api, admin.token);
    await api.db.insert(enrollments).values({ courseId: course.id, traineeId: trainee.id });
    const answer = await request(api, 'DELETE', `/api/courses/${course.id}`, { token: admin.token });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/Deactivate it instead/);
    expect((await request(api, 'GET', `/api/courses/${course.id}`)).status).toBe(200);
  });

  it('is admin-only', async () => {
    const course = await createCourse(api, admin.token);
    expect((await request(api, 'DELETE', `/api/courses/${course.id}`, { token: trainee.token })).status).toBe(403);
    expect((await request(api, 'DELETE', `/api/courses/${course.id}`)).status).toBe(401);
  });
});
