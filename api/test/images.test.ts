import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, imageVariants } from '../src/db/schema';
import { backfillImageVariants } from '../src/image-store';
import { account, multipart, pngOfSize, request, startApi, validCourse, type Account, type TestApi } from './helpers';

let api: TestApi;
let admin: Account;
beforeAll(async () => {
  api = await startApi();
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

/** A camera-like photo: noise does not compress, so 3000×2000 at quality 70 is well over a megabyte. */
const photo = (width: number, height: number, seed = 128) =>
  sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: seed, sigma: 30 } },
  })
    .jpeg({ quality: 70 })
    .toBuffer();

async function uploadCourse(bytes: Buffer, type = 'image/jpeg') {
  const form = await multipart({ ...validCourse, courseImage: new Blob([new Uint8Array(bytes)], { type }) });
  const answer = await request(api, 'POST', '/api/courses', { token: admin.token, ...form });
  expect(answer.status).toBe(201);
  return answer.body.course;
}

const eqImage = (id: string) => eq(imageVariants.imageId, id);
const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });

describe('uploaded course images get WebP copies', () => {
  it('resizes a large JPEG into 320/640/960/1280 WebP copies of the right size, cached like the original', async () => {
    const original = await photo(3000, 2000);
    expect(original.length).toBeGreaterThan(1_000_000);
    const course = await uploadCourse(original);
    expect(course).toMatchObject({ imageWidth: 3000, imageHeight: 2000, imageWidths: [320, 640, 960, 1280] });

    for (const width of [320, 640, 960, 1280]) {
      const copy = await get(`${course.imageUrl}/${width}.webp`);
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(copy.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((width * 2) / 3) });
      expect(meta.exif).toBeUndefined();
      expect(copy.rawPayload.length).toBeLessThan(original.length / 4);
      const again = await get(`${course.imageUrl}/${width}.webp`, { 'if-none-match': String(copy.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
    // The original keeps its URL and its bytes.
    const kept = await get(course.imageUrl);
    expect(kept.headers['content-type']).toBe('image/jpeg');
    expect(kept.rawPayload.equals(original)).toBe(true);
    // Each copy has its own ETag, none the original's.
    expect((await get(`${course.imageUrl}/640.webp`, { 'if-none-match': String(kept.headers.etag) })).statusCode).toBe(
      200,
    );

    // The course answers carry the sizes too.
    const detail = await request(api, 'GET', `/api/courses/${course.id}`);
    expect(detail.body).toMatchObject({
      imageUrl: course.imageUrl,
      imageWidth: 3000,
      imageHeight: 2000,
      imageWidths: [320, 640, 960, 1280],
    });
    const listed = (await request(api, 'GET', '/api/courses')).body.find((c: { id: number }) => c.id === course.id);
    expect(listed.imageWidths).toEqual([320, 640, 960, 1280]);
  });

  it('never upscales: a small image gets one copy at its own width; EXIF orientation is applied', async () => {
    // 400×200 stored sideways (orientation 6): shown 200 wide, 400 tall.
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#6f4e37' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const course = await uploadCourse(sideways);
    expect(course).toMatchObject({ imageWidth: 200, imageHeight: 400, imageWidths: [200] });
    const copy = await get(`${course.imageUrl}/200.webp`);
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width: 200, height: 400 });
    expect((await get(`${course.imageUrl}/320.webp`)).statusCode).toBe(404);
  });

  it('keeps an animated GIF animated: its copies are animated WebP', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 600, height: 400, channels: 4, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('red'), await frame('green'), await frame('blue')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    const course = await uploadCourse(gif, 'image/gif');
    expect(course).toMatchObject({ imageWidth: 600, imageHeight: 400, imageWidths: [320, 600] });
    const copy = await get(`${course.imageUrl}/320.webp`);
    expect(await sharp(copy.rawPayload, { animated: true }).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      pages: 3,
      pageHeight: 213,
    });
  });

  it('gives no sizes for bytes that do not decode or for an external URL; the original is still served', async () => {
    const broken = await uploadCourse(Buffer.from(await pngOfSize(4096).arrayBuffer()), 'image/png');
    expect(broken.imageWidths).toBeUndefined();
    expect((await get(broken.imageUrl)).statusCode).toBe(200);
    const external = await request(api, 'POST', '/api/courses', {
      token: admin.token,
      json: { ...validCourse, imageUrl: 'https://images.example.com/cup.jpg' },
    });
    expect(external.body.course).not.toHaveProperty('imageWidths');
    expect(external.body.course).not.toHaveProperty('imageWidth');
  });

  it('answers 404 for a copy that does not exist or a malformed name', async () => {
    const course = await uploadCourse(await photo(800, 450));
    expect(course.imageWidths).toEqual([320, 640, 800]);
    for (const name of ['500.webp', '640.png', '0640.webp', '640', 'x.webp']) {
      expect((await get(`${course.imageUrl}/${name}`)).statusCode).toBe(404);
    }
    expect((await get(`/api/images/${'0'.repeat(64)}/320.webp`)).statusCode).toBe(404);
  });

  it('forgets the copies with the original', async () => {
    const course = await uploadCourse(await photo(700, 400, 100));
    const id = course.imageUrl.slice('/api/images/'.length);
    expect(await api.db.select().from(imageVariants).where(eqImage(id))).toHaveLength(3); // 320, 640, 700
    await request(api, 'DELETE', `/api/courses/${course.id}`, { token: admin.token });
    expect(await api.db.select().from(imageVariants).where(eqImage(id))).toHaveLength(0);
  });
});

describe('backfill of uploads from before the copies existed', () => {
  /** An image row as the API stored it before this change: the original only. */
  async function legacyUpload(bytes: Buffer) {
    const id = createHash('sha256').update(bytes).digest('hex');
    await api.db.insert(images).values({ id, contentType: 'image/jpeg', bytes, size: bytes.length });
    const url = `/api/images/${id}`;
    const answer = await request(api, 'POST', '/api/courses', {
      token: admin.token,
      json: { ...validCourse, imageUrl: url },
    });
    return answer.body.course;
  }

  it('makes the copies of every image stored without them, once, even with two instances at it', async () => {
    const first = await legacyUpload(await photo(1600, 900, 90));
    const second = await legacyUpload(await photo(1000, 1000, 110));
    expect(first.imageWidths).toBeUndefined();
    expect((await get(`${first.imageUrl}/640.webp`)).statusCode).toBe(404);

    // Two instances starting at once: each image is completed by exactly one of them.
    const [a, b] = await Promise.all([backfillImageVariants(api.db), backfillImageVariants(api.db)]);
    expect(a + b).toBe(2);

    const afterFirst = (await request(api, 'GET', `/api/courses/${first.id}`)).body;
    expect(afterFirst).toMatchObject({ imageWidth: 1600, imageHeight: 900, imageWidths: [320, 640, 960, 1280] });
    const copy = await get(`${first.imageUrl}/960.webp`);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width: 960, height: 540 });
    const afterSecond = (await request(api, 'GET', `/api/courses/${second.id}`)).body;
    expect(afterSecond).toMatchObject({ imageWidth: 1000, imageHeight: 1000, imageWidths: [320, 640, 960, 1000] });

    // Idempotent: nothing left to do.
    expect(await backfillImageVariants(api.db)).toBe(0);
  });

  it('marks bytes that do not decode as having no copies, so it does not retry them at every start', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);
    const course = await legacyUpload(bytes);
    expect(await backfillImageVariants(api.db)).toBe(1);
    expect(await backfillImageVariants(api.db)).toBe(0);
    expect((await request(api, 'GET', `/api/courses/${course.id}`)).body.imageWidths).toBeUndefined();
    expect((await get(course.imageUrl)).statusCode).toBe(200);
  });
});

describe('the share picture of an upload', () => {
  it('is a 1200×630 JPEG cut from the original, well under 300 KB, cached like the copies', async () => {
    const original = await photo(3000, 2000, 90);
    const course = await uploadCourse(original);
    const share = await get(`${course.imageUrl}/share.jpg`);
    expect(share.statusCode).toBe(200);
    expect(share.headers['content-type']).toBe('image/jpeg');
    expect(share.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(share.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(share.rawPayload.length).toBeLessThan(300 * 1024);
    expect(
      (await get(`${course.imageUrl}/share.jpg`, { 'if-none-match': String(share.headers.etag) })).statusCode,
    ).toBe(304);
  });

  it('is none for an upload smaller than 600×315 (a large card would show it blurred)', async () => {
    const small = await uploadCourse(await photo(500, 300));
    expect((await get(`${small.imageUrl}/share.jpg`)).statusCode).toBe(404);
    expect((await get(`/api/images/${'0'.repeat(64)}/share.jpg`)).statusCode).toBe(404);
  });
});
