/**
 * The first visit: public pages arrive as HTML with their content and data, read without
 * JavaScript, are taken over by the browser without a change or a second fetch, move nothing as they load,
 * tell link previews and search engines what they are, and follow a remote redeployed by its files alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  browser,
  callApi,
  changeBuiltFile,
  copyOfBuild,
  DEMO,
  fetchOnTrial,
  mustCallApi,
  openPage,
  openSiteMenu,
  releaseTokenFor,
  request,
  runRelease,
  settled,
  signIn,
  site,
  takenOver,
  tokenFor,
  trialTicketIn,
  useSite,
} from './harness';

let course: { id: number; title: string };
let job: { id: number; title: string; companyName: string; location: string };
let certificateCode: string;

useSite();
beforeAll(async () => {
  [course] = await mustCallApi(site, '/courses');
  [job] = await mustCallApi(site, '/jobs');
  const graduate = await tokenFor(site, { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026' });
  [{ certificateCode }] = await mustCallApi(site, '/certificates/user', { token: graduate });
});

/** Every public page of the issue, with the heading it must show. */
const publicPages = () => [
  { path: '/', h1: 'Barista training, certificates and coffee jobs in Kigali' },
  { path: '/courses', h1: 'Our Barista Courses' },
  { path: `/courses/${course.id}`, h1: course.title },
  { path: '/jobs', h1: 'Find Your Barista Career' },
  { path: `/jobs/${job.id}`, h1: job.title },
  { path: '/about', h1: 'About Us' },
  { path: '/contact', h1: 'Contact Us' },
  { path: '/rwanda-coffee-experience', h1: 'The Rwanda Coffee Experience' },
  { path: '/privacy-policy', h1: 'Privacy Policy' },
  { path: '/terms-of-service', h1: 'Terms of Service' },
  { path: `/verify/${certificateCode}`, h1: 'Certificate verification' },
  { path: '/login', h1: 'Sign in' },
  { path: '/register', h1: 'Create your account' },
  { path: '/employer/register', h1: 'Collaborate, Hire Our Talent' },
  { path: '/no-such-page', h1: 'Page not found' },
];

/** Layout shifts (not caused by input) from the page's start, summed as CLS sums them. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __moved: string[] };
    w.__shift = 0;
    w.__moved = [];
    type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.__shift += entry.value;
        // What moved, for the failure message: element, class, and its top before and after.
        for (const { node, previousRect, currentRect } of entry.sources)
          w.__moved.push(
            `${node?.nodeName ?? '?'}.${(node as Element | undefined)?.className ?? ''} y ${previousRect.y}→${currentRect.y} h ${previousRect.height}→${currentRect.height} at ${Math.round(entry.startTime)} ms (${entry.value.toFixed(3)})`,
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  /** The page's layout shift so far, and what moved. */
  return () =>
    page.evaluate(() => {
      const { __shift: shift, __moved: moved } = window as unknown as { __shift: number; __moved: string[] };
      return { shift, moved: moved.join('; ') };
    });
}

describe('public pages without JavaScript', () => {
  it('every public page can be read, and its links followed', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    try {
      for (const { path, h1 } of publicPages()) {
        const response = await page.goto(`${site.base}${path}`);
        expect(response?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
        expect(await page.getByRole('heading', { level: 1 }).allTextContents(), path).toEqual([h1]);
        // The shell's layout is there too, its Menu opening without a script.
        await openSiteMenu(page);
        expect(
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).count(),
          path,
        ).toBe(1);
      }
      // The content that comes from the API is in the page.
      await page.goto(`${site.base}/courses`);
      expect(await page.getByRole('heading', { level: 2, name: course.title }).count()).toBe(1);
      await page.goto(`${site.base}/`);
      expect(
        await page
          .getByRole('region', { name: 'Featured Training Programs' })
          .getByRole('heading', { level: 3 })
          .count(),
      ).toBeGreaterThan(0);
      expect(await page.getByRole('heading', { name: 'Employers' }).isVisible()).toBe(true);
      // Links are plain links: following them loads the next server-rendered page.
      await openSiteMenu(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
      await page.waitForURL(`${site.base}/jobs`);
      await page.getByRole('link', { name: job.title, exact: true }).first().click();
      await page.waitForURL(`${site.base}/jobs/${job.id}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(job.title);
      // The job filters work as a plain form.
      await page.goto(`${site.base}/jobs?q=${encodeURIComponent('no such job at all')}`);
      expect(await page.getByText('No job openings found matching your criteria.').count()).toBe(1);
      // A form that needs the script says so, and posting it takes nothing and goes back to the page.
      await page.goto(`${site.base}/login`);
      expect(await page.locator('noscript').textContent()).toContain('This form needs JavaScript');
    } finally {
      await context.close();
    }
  });
});

describe('taking over a server-rendered page', () => {
  // The two widths side by side (each page waits for the network to go quiet far longer than it computes).
  it.concurrent.for([390, 1280])(
    'shows the same page at %i px, asks the API for nothing it already has, and moves nothing',
    { timeout: 240_000 },
    async (width, { expect }) => {
      {
        for (const { path, h1 } of publicPages()) {
          const { page, context, errors } = await openPage(browser, width);
          const shifts = await watchLayoutShifts(page);
          const apiCalls: string[] = [];
          const warnings: string[] = [];
          // What the page came with is not asked for again (the credential check of /verify is new work).
          page.on(
            'request',
            (request) =>
              /\/api\/(courses|jobs|certificates\/verify)\b/.test(request.url()) && apiCalls.push(request.url()),
          );
          page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
          await page.goto(`${site.base}${path}`, { waitUntil: 'networkidle' });
          await takenOver(page, { expect });
          expect(await page.getByRole('heading', { level: 1 }).allTextContents(), path).toEqual([h1]);
          expect(apiCalls, path).toEqual([]);
          expect(
            warnings.filter((text) => /hydrat/i.test(text)),
            path,
          ).toEqual([]);
          expect(errors, path).toEqual([]);
          expect(await page.locator('title').count(), path).toBe(1);
          const { shift, moved } = await shifts();
          expect(shift, `${path} at ${width} px: ${moved}`).toBeLessThanOrEqual(0.02);
          await context.close();
        }
      }
    },
  );

  it('shows a signed-in user their page as they will see it from the first HTML, and moves nothing', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await signIn(page, site.base, DEMO.trainee);
    await page.waitForURL(`${site.base}/dashboard`);
    for (const path of ['/', '/courses', `/courses/${course.id}`, '/jobs', `/jobs/${job.id}`, '/about']) {
      const tab = await context.newPage();
      const shifts = await watchLayoutShifts(tab);
      // Taken over as it came (React redraws the whole page after a mismatch, and says so).
      const warnings: string[] = [];
      tab.on('console', (message) => /hydrat/i.test(message.text()) && warnings.push(message.text()));
      const response = await tab.goto(`${site.base}${path}`, { waitUntil: 'networkidle' });
      // Their name is in it: a shared cache must not keep it.
      expect(response!.headers()['cache-control'], path).toBe('private, no-cache');
      await takenOver(tab);
      expect(warnings, path).toEqual([]);
      const { shift, moved } = await shifts();
      expect(shift, `${path} signed in: ${moved}`).toBeLessThanOrEqual(0.02);
      await tab.close();
    }
    // Before any script: the top bar names the user (no 'Login' to tap by mistake), Enroll Now without the
    // visitor's note that they sign in first.
    const html = await (await page.request.get(`${site.base}/courses/${course.id}`)).text();
    expect(html).toContain('Hello, Aline');
    expect(html).toContain('>My Dashboard</a>');
    expect(html).toContain('>Enroll Now</a>');
    expect(html).not.toContain('You will sign in or register first.');
    expect(html).not.toContain('>Login</a>');

    // Signed out, the browser is a visitor's again, server side too.
    await openSiteMenu(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.base}/login`);
    const after = await page.request.get(`${site.base}/courses/${course.id}`);
    // (A visitor's page, yet this browser's own: it carries its load tickets.)
    expect(after.headers()['cache-control']).toBe('private, no-cache');
    const visitorHtml = await after.text();
    expect(visitorHtml).not.toContain('Hello, Aline');
    expect(visitorHtml).toContain('>Login</a>');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what was typed before the page was taken over, and signs in only then', async () => {
    const { page, context } = await openPage(browser, 390);
    // The public area's script is held back until the visitor has typed: a slow phone network.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/remotes/public/remoteEntry.js', async (route) => {
      await held;
      await route.continue();
    });
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto(`${site.base}/login`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email').fill(DEMO.trainee.email);
    await page.getByLabel('Password').fill(DEMO.trainee.password);
    // Not ready yet: the button waits (a tap now would otherwise send the form the old way).
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
    release();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${site.base}/dashboard`);
    expect(urls.some((url) => url.includes('password='))).toBe(false);
    await context.close();
  });

  it('goes on as a single-page app: the next page comes without a new document', async () => {
    const { page, context } = await openPage(browser, 390);
    const documents: string[] = [];
    page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));
    // Once the page is the browser's (a tap before that simply loads the next page from the server).
    await page.goto(`${site.base}/`, { waitUntil: 'networkidle' });
    await takenOver(page);
    await openSiteMenu(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Barista Courses' }).waitFor();
    expect(documents).toEqual([`${site.base}/`]);
    expect(await page.title()).toBe('Barista courses · BTLS Coffee');
    await context.close();
  });

  it('sends the public area and the page with the first HTML, not after the scripts', async () => {
    const html = await (await fetch(`${site.base}/jobs/${job.id}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    // From the public area's active release, at its own URL.
    const release = '\\/remotes\\/public\\/1\\.0\\.0\\+[0-9a-f]{10}';
    const preload = '<link rel="modulepreload" href=';
    expect(head).toMatch(new RegExp(`${preload}"${release}\\/remoteEntry\\.js">`));
    expect(head).toMatch(new RegExp(`${preload}"${release}\\/assets\\/job-detail-page-[\\w-]+\\.js">`));
    // The paint waits for no script: every script and preload is kept for after the first paint
    // (inert in a <template>), and only the small loader that adds them then is in the head, at low priority.
    const outsideTemplates = head.replace(/<template data-after-paint>[\s\S]*?<\/template>/g, '');
    expect(outsideTemplates).not.toContain('modulepreload');
    expect(outsideTemplates.match(/<script type="module"[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script type="module" fetchpriority="low" src="\/assets\/after-paint-\w+\.js">$/),
    ]);
    // Its styles (and the shell's) are written into the page: the first paint waits for no stylesheet.
    expect(head).toMatch(new RegExp(`<style data-href="${release}\\/assets\\/[\\w-]+\\.css">`));
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    // And it is painted whole: not half a page that the rest then pushes down.
    expect(head).toContain('<link rel="expect" href="#btls-data" blocking="render">');
    expect(html).toContain('<script id="btls-data" type="application/json">');
  });
});

describe('a browser that blocks site data', () => {
  it('shows the site signed out, and says that signing in needs site data', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    // As a browser set to refuse site data behaves: reading localStorage throws.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await page.goto(`${site.base}/`, { waitUntil: 'networkidle' });
    await takenOver(page);
    await openSiteMenu(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Barista Courses' }).waitFor();
    await page.goto(`${site.base}/login`);
    // Said as soon as the visitor starts on the form (its first use wakes the page's script).
    await page.getByLabel('Email').fill(DEMO.trainee.email);
    await page.getByText('Signing in needs site data').waitFor();
    await page.getByLabel('Password').fill(DEMO.trainee.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signing in needs site data').waitFor();
    expect(page.url()).toBe(`${site.base}/login`);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('entering each area after signing in', () => {
  it.each([390, 1280])(
    'moves nothing at %i px while the area and its data load',
    async (width) => {
      const people = [
        // (The admin's area is the console's, on its own origin.)
        { who: DEMO.admin, landing: '/admin/dashboard', base: site.adminBase },
        {
          who: { email: 'trainer@btls-demo.rw', password: 'trainer-demo-2026' },
          landing: '/trainer/dashboard',
          base: site.base,
        },
        { who: DEMO.employer, landing: '/employer/dashboard', base: site.base },
        {
          who: { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026' },
          landing: '/dashboard',
          base: site.base,
        },
      ];
      {
        for (const { who, landing, base } of people) {
          const { page, context } = await openPage(browser, width);
          await signIn(page, base, who);
          await page.waitForURL(`${base}${landing}`);
          const shifts = await watchLayoutShifts(page);
          await page.goto(`${base}${landing}`, { waitUntil: 'networkidle' });
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await settled(page);
          const { shift, moved } = await shifts();
          expect(shift, `${landing} at ${width} px: ${moved}`).toBeLessThanOrEqual(0.02);
          await context.close();
        }
      }
    },
    240_000,
  );
});

describe('links that look good when shared, and search engines', () => {
  const metaOf = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`)
      .exec(html)?.[1]
      ?.replace(/&amp;/g, '&')
      .replace(/&#x27;/g, "'");

  it("a job's page names the job, the company and the place, and carries JobPosting data", async () => {
    const html = await (await fetch(`${site.base}/jobs/${job.id}`)).text();
    expect(html).toContain(`<title>${job.title} at ${job.companyName} · BTLS Coffee</title>`);
    expect(metaOf(html, 'og:title')).toBe(`${job.title} at ${job.companyName}`);
    expect(metaOf(html, 'og:description')).toContain(job.location);
    expect(metaOf(html, 'og:url')).toBe(`${site.base}/jobs/${job.id}`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="${site.base}/jobs/${job.id}"/>`);
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    const posting = JSON.parse(jsonLd!);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: job.title,
      hiringOrganization: { '@type': 'Organization', name: job.companyName },
      jobLocation: { '@type': 'Place', address: { addressCountry: 'RW', addressLocality: job.location } },
      employmentType: expect.stringMatching(/^(FULL_TIME|PART_TIME|CONTRACTOR|INTERN)$/),
      // Its number here, applied for on the page, and the salary the posting states.
      identifier: { '@type': 'PropertyValue', value: String(job.id) },
      directApply: true,
    });
    // A posting whose salary is a plain monthly range carries it as schema.org reads it.
    const jobs: { id: number; salaryRange: string | null }[] = await mustCallApi(site, '/jobs');
    const monthly = jobs.find((item) => /^RWF [\d,]+ - [\d,]+ per month$/.test(item.salaryRange ?? ''))!;
    const [, min, max] = /RWF ([\d,]+) - ([\d,]+)/.exec(monthly.salaryRange!)!;
    const monthlyHtml = await (await fetch(`${site.base}/jobs/${monthly.id}`)).text();
    const monthlyPosting = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(monthlyHtml)![1]!);
    expect(monthlyPosting.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'RWF',
      value: {
        '@type': 'QuantitativeValue',
        minValue: Number(min!.replace(/,/g, '')),
        maxValue: Number(max!.replace(/,/g, '')),
        unitText: 'MONTH',
      },
    });
    expect(new Date(posting.datePosted).getTime()).not.toBeNaN();
    expect(posting.description).toContain('<');
  });

  it("a course's page carries Course data", async () => {
    const html = await (await fetch(`${site.base}/courses/${course.id}`)).text();
    const data = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);
    expect(data).toMatchObject({
      '@type': 'Course',
      name: course.title,
      provider: { '@type': 'Organization' },
      inLanguage: 'en',
      // The duration ("2 weeks" in the demo data) as Google's course information reads it.
      hasCourseInstance: { courseWorkload: expect.stringMatching(/^P(T\d+H|\d+[DWM])$/) },
    });
  });

  it('the sitemap lists the public pages, active courses and open jobs, and nothing else', async () => {
    const admin = await tokenFor(site, DEMO.admin);
    const courses: { id: number; isActive: boolean }[] = await mustCallApi(site, '/courses', { token: admin });
    const employer = await tokenFor(site, DEMO.employer);
    const posted = await mustCallApi(site, '/jobs', {
      method: 'POST',
      token: employer,
      body: {
        title: 'Night barista',
        companyName: 'Kigali Heights Coffee Co.',
        description: 'Evenings.',
        requirements: '',
        location: 'Kigali',
        jobType: 'Part-time',
        salaryRange: '',
        closingDate: null,
        isActive: false,
      },
    });
    const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${site.base}/</loc>`);
    expect(sitemap).toContain(`<loc>${site.base}/jobs</loc>`);
    for (const { id, isActive } of courses) {
      expect(sitemap.includes(`<loc>${site.base}/courses/${id}</loc>`), `course ${id}`).toBe(isActive);
    }
    expect(courses.some((c) => !c.isActive)).toBe(true);
    expect(sitemap).toContain(`<loc>${site.base}/jobs/${job.id}</loc>`);
    expect(sitemap).not.toContain(`/jobs/${posted.job.id}<`);
    expect(sitemap).not.toContain('/admin');
    const robots = await (await fetch(`${site.base}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${site.base}/sitemap.xml`);
    expect(robots).toContain('Disallow: /admin/');
    // Crawlers and link previews may fetch the pages' pictures, which the API serves.
    expect(robots.indexOf('Allow: /api/images/')).toBeLessThan(robots.indexOf('Disallow: /api/'));
    expect(robots.indexOf('Allow: /api/images/')).toBeGreaterThan(-1);
  });

  /** A JPEG's or PNG's width and height, from its header. */
  function pictureSize(bytes: Buffer): [number, number] {
    if (bytes.readUInt32BE(0) === 0x89504e47) return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    for (let at = 2; at < bytes.length;) {
      const marker = bytes.readUInt16BE(at);
      if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker))
        return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
      at += 2 + bytes.readUInt16BE(at + 2);
    }
    throw new Error('not a JPEG or PNG');
  }

  /** The share tags of a page, and its picture fetched as a link preview fetches it. */
  async function sharePictureOf(path: string) {
    const html = await (await fetch(`${site.base}${path}`)).text();
    const url = metaOf(html, 'og:image')!;
    const response = await fetch(url);
    const bytes = Buffer.from(await response.arrayBuffer());
    const [width, height] = pictureSize(bytes);
    return {
      url,
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: bytes.length,
      size: [width, height],
      tags: {
        width: metaOf(html, 'og:image:width'),
        height: metaOf(html, 'og:image:height'),
        alt: metaOf(html, 'og:image:alt'),
        card: metaOf(html, 'twitter:card'),
        twitter: metaOf(html, 'twitter:image'),
      },
    };
  }

  it('every shared page shows a picture: absolute, fetchable, JPEG or PNG, at most 600 KB, at least 600×315', async () => {
    // A course with its own upload (a large photo): its 1200-wide copy, never the original.
    const admin = await tokenFor(site, DEMO.admin);
    const photo = await sharp({
      create: {
        width: 2400,
        height: 1600,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Roasting at origin',
      description: 'Roast profiles for Rwandan bourbon.',
      duration: '2 weeks',
      price: '120000',
      category: 'Coffee Knowledge',
      level: 'Intermediate',
    }))
      form.append(name, value);
    form.append('courseImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'roast.jpg');
    // Sent as a browser sends the form, to the console (where an admin's session counts).
    const encoded = new Response(form);
    const created = await request(`${site.adminBase}/api/courses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': encoded.headers.get('content-type')! },
      body: new Uint8Array(await encoded.arrayBuffer()),
    });
    expect(created.status, created.text).toBe(201);
    const { course: withImage } = JSON.parse(created.text) as { course: { id: number; imageUrl: string } };
    expect(photo.length).toBeGreaterThan(600 * 1024);

    for (const path of ['/', `/jobs/${job.id}`, `/courses/${course.id}`, `/courses/${withImage.id}`]) {
      const picture = await sharePictureOf(path);
      expect(picture.url, path).toMatch(new RegExp(`^${site.base}/`));
      expect(picture.status, path).toBe(200);
      expect(picture.type, path).toMatch(/^image\/(jpeg|png)$/);
      expect(picture.bytes, path).toBeLessThanOrEqual(600 * 1024);
      expect(picture.size[0], path).toBeGreaterThanOrEqual(600);
      expect(picture.size[1], path).toBeGreaterThanOrEqual(315);
      expect([picture.tags.width, picture.tags.height].map(Number), path).toEqual(picture.size);
      expect(picture.tags.alt, path).toBeTruthy();
      expect(picture.tags.card, path).toBe('summary_large_image');
      expect(picture.tags.twitter, path).toBe(picture.url);
    }
    expect((await sharePictureOf(`/courses/${withImage.id}`)).url).toBe(`${site.base}${withImage.imageUrl}/share.jpg`);
    expect((await sharePictureOf('/')).url).toBe(`${site.base}/share.jpg`);
  });
});

describe("text that looks like String.replace's patterns", () => {
  // Every pattern String.replace expands in a replacement string, many times over in the description.
  const PATTERNS = "$& $` $' $$ $1 $<name>";
  // Description and requirements are HTML kept through an allow-list, which takes `<name>` for a tag.
  const IN_HTML = "$& $` $' $$ $1";
  const many = '$`'.repeat(1000);

  /** The page's text as a reader sees it (React writes ', ", <, > and & as entities). */
  const shown = (html: string) =>
    html
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');

  /** The page's HTML and its embedded data (null when the data does not parse). */
  async function pageOf(path: string) {
    const response = await fetch(`${site.base}${path}`);
    const html = await response.text();
    const json = /<script id="btls-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    let data: unknown = null;
    try {
      data = JSON.parse(json);
    } catch {
      /* left null: the browser could not take the page over */
    }
    return { status: response.status, html, data, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] };
  }

  it('are shown as written on every page they reach, and do not grow the page', async () => {
    const stamp = Date.now();
    const employer = await mustCallApi(site, '/auth/register', {
      method: 'POST',
      body: {
        firstName: `Dollar ${PATTERNS}`,
        lastName: 'Employer',
        email: `dollar.${stamp}@example.rw`,
        password: 'kawa-2026-dollar',
        role: 'employer',
        companyName: `Company ${PATTERNS}`,
      },
    });
    const title = `Barista ${stamp} ${PATTERNS}`;
    const posted = await mustCallApi(site, '/jobs', {
      method: 'POST',
      token: employer.token,
      body: {
        title,
        companyName: `Company ${PATTERNS}`,
        description: `<p>Description ${IN_HTML} ${many}</p>`,
        requirements: `Requirement ${IN_HTML}`,
        location: `Kigali ${PATTERNS}`,
        salaryRange: `RWF ${PATTERNS}`,
      },
    });
    const admin = await tokenFor(site, { email: DEMO.admin.email, password: DEMO.admin.password });
    const created = await mustCallApi(site, '/courses', {
      method: 'POST',
      token: admin,
      body: {
        title: `Course ${stamp} ${PATTERNS}`,
        description: `Course description ${PATTERNS} ${many}`,
        category: 'Latte Art',
        level: 'Beginner',
        trainingCenter: `Centre ${PATTERNS}`,
        instructor: `Instructor ${PATTERNS}`,
        duration: `2 weeks ${PATTERNS}`,
        price: `RWF ${PATTERNS}`,
      },
    });
    try {
      for (const path of [
        `/jobs/${posted.job.id}`,
        `/jobs?q=${stamp}`,
        `/courses/${created.course.id}`,
        `/courses?q=${stamp}`,
        '/',
      ]) {
        const page = await pageOf(path);
        expect(page.status, path).toBe(200);
        // A page of tens of KiB, not megabytes: the patterns were not expanded into copies of the page.
        expect(page.html.length, path).toBeLessThan(200_000);
        expect(page.data, `${path}: its embedded data parses`).not.toBeNull();
        expect(page.html.split('<script id="btls-data"').length, path).toBe(2);
      }
      const job = await pageOf(`/jobs/${posted.job.id}`);
      expect(shown(job.title ?? '')).toBe(`${title} at Company ${PATTERNS} · BTLS Coffee`);
      expect(JSON.stringify(job.data)).toContain(JSON.stringify(`Kigali ${PATTERNS}`));
      for (const text of [`Requirement ${IN_HTML}`, `RWF ${PATTERNS}`, `Company ${PATTERNS}`, many])
        expect(shown(job.html), text).toContain(text);
      const course = await pageOf(`/courses/${created.course.id}`);
      expect(shown(course.title ?? '')).toBe(`Course ${stamp} ${PATTERNS} · BTLS Coffee`);
      expect(shown(course.html)).toContain(`Instructor ${PATTERNS}`);
      // And the browser takes the page over, showing the title as written.
      const { page, context, errors } = await openPage(browser, 390);
      await page.goto(`${site.base}/jobs/${posted.job.id}`);
      await takenOver(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await callApi(site, `/jobs/${posted.job.id}`, { method: 'DELETE', token: employer.token });
      await callApi(site, `/courses/${created.course.id}`, { method: 'DELETE', token: admin });
    }
  });
});

describe('a release of the public area', () => {
  it('changes what the server renders, the browser takes the new page over, and a rollback brings the old one back', async () => {
    // Version 2 of the jobs page says so, in the server part and in the browser's chunk alike.
    const retitle = (text: string) => text.replaceAll('Find Your Barista Career', 'Find Your Barista Career Today');
    const v2 = copyOfBuild('public', (dist) => {
      changeBuiltFile(dist, 'server/render.cjs', retitle);
      const manifest = JSON.parse(readFileSync(join(dist, 'server', 'client-manifest.json'), 'utf8'));
      changeBuiltFile(dist, manifest['src/features/jobs/jobs-page.tsx'].file, retitle);
    });
    const token = await releaseTokenFor(site, 'public');
    const { page, context, errors } = await openPage(browser, 390);
    try {
      const released = await runRelease(site, v2.folder, ['release', '--no-build'], token);
      expect(released.code, released.output).toBe(0);
      const html = await (await fetch(`${site.base}/jobs`)).text();
      expect(html).toContain('<h1>Find Your Barista Career Today</h1>');
      expect(html).toContain(`<link rel="modulepreload" href="/remotes/public/${v2.version}/remoteEntry.js">`);
      await page.goto(`${site.base}/jobs`, { waitUntil: 'networkidle' });
      await takenOver(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Find Your Barista Career Today');
      expect(errors).toEqual([]);
    } finally {
      const back = await runRelease(site, v2.folder, ['rollback'], token);
      expect(back.code, back.output).toBe(0);
      await context.close();
    }
    expect(await (await fetch(`${site.base}/jobs`)).text()).toContain('<h1>Find Your Barista Career</h1>');
  });

  /** How long the API takes to answer `path` (ms). */
  async function answerTime(path: string): Promise<{ status: number; ms: number }> {
    const started = Date.now();
    const response = await fetch(`${site.base}${path}`);
    await response.arrayBuffer();
    return { status: response.status, ms: Date.now() - started };
  }

  const HOSTILE: Record<string, string> = {
    'loops forever': 'for (;;) {}\n',
    'allocates without end': 'const kept = []; for (;;) kept.push(new Array(1e6).fill(kept.length));\n',
    throws: "throw new Error('this build cannot render on a server');\n",
    'calls process.exit': 'process.exit(1);\n',
  };

  it.each(Object.keys(HOSTILE))(
    'a server part that %s: the page still arrives (rendered by the browser), and the API keeps answering',
    async (kind) => {
      const candidate = copyOfBuild('public', (dist) =>
        writeFileSync(join(dist, 'server', 'render.cjs'), HOSTILE[kind]!),
      );
      const token = await releaseTokenFor(site, 'public');
      const uploaded = await runRelease(site, candidate.folder, ['release', '--no-build', '--candidate'], token);
      expect(uploaded.code, uploaded.output).toBe(0);
      // This browser tries the candidate; the page is asked for while the API is also asked for other things.
      const pageAnswer = fetchOnTrial(`/jobs?release=${trialTicketIn(uploaded.output)}`);
      const meanwhile: { status: number; ms: number }[] = [];
      let done = false;
      void pageAnswer.finally(() => (done = true));
      while (!done) {
        meanwhile.push(await answerTime('/api/health'), await answerTime('/api/courses'));
        await new Promise((wait) => setTimeout(wait, 100));
      }
      const { status, html } = await pageAnswer;
      expect(status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      for (const answer of meanwhile) expect(answer).toMatchObject({ status: 200, ms: expect.any(Number) });
      // Not held until the render's 6 s deadline, as they would be if the render ran in the API's own process
      // (a few hundred ms on a busy two-core machine, where a looping render keeps one core to itself).
      expect(Math.max(...meanwhile.map((answer) => answer.ms))).toBeLessThan(3000);
      // The API process lives on, and renders with the active release as before.
      expect((await answerTime('/api/health')).status).toBe(200);
      expect(await (await fetch(`${site.base}/jobs`)).text()).toContain('<h1>Find Your Barista Career</h1>');
      // And the browser renders the page.
      const { page, context } = await openPage(browser, 390);
      await page.goto(`${site.base}/jobs`);
      await page.getByRole('heading', { level: 1, name: 'Find Your Barista Career' }).waitFor();
      await context.close();
    },
    60_000,
  );

  it('a server part holds no secret: its environment and report are empty, and no file, builtin module or code from strings is reachable', async () => {
    const probe = `
      const React = require('react');
      const attempts = {};
      const attempt = (name, fn) => { try { attempts[name] = String(fn()); } catch (error) { attempts[name] = 'refused: ' + error.message; } };
      const report = process.report.getReport();
      attempts.reportEnv = Object.keys(report.environmentVariables || {}).join(',');
      attempt('loadEnvFile', () => process.loadEnvFile('/etc/os-release'));
      attempt('writeReport', () => process.report.writeReport('/tmp/btls-e2e-report-' + process.pid + '.json'));
      process.stdout.write(JSON.stringify({ level: 50, msg: 'e2e: admin password changed' }) + '\\n');
      attempt('getBuiltinModule', () => process.getBuiltinModule('node:fs').readFileSync('/etc/hostname', 'utf8'));
      attempt('binding', () => process.binding('fs'));
      attempt('Function', () => Function('return 1')());
      attempt('constructor', () => (() => 1).constructor('return 1')());
      attempt('eval', () => eval('1'));
      attempt('fetch', () => fetch('http://127.0.0.1:9/'));
      attempt('require', () => require('node:fs').readFileSync('/etc/hostname', 'utf8'));
      attempt('kill', () => process.kill(process.pid, 0));
      exports.default = function Probe() {
        return React.createElement('main', null,
          React.createElement('h1', null, 'Probe'),
          React.createElement('pre', { id: 'env' }, JSON.stringify(process.env)),
          React.createElement('pre', { id: 'attempts' }, JSON.stringify(attempts)));
      };
    `;
    const candidate = copyOfBuild('public', (dist) => writeFileSync(join(dist, 'server', 'render.cjs'), probe));
    const token = await releaseTokenFor(site, 'public');
    const uploaded = await runRelease(site, candidate.folder, ['release', '--no-build', '--candidate'], token);
    expect(uploaded.code, uploaded.output).toBe(0);
    const { html } = await fetchOnTrial(`/about?release=${trialTicketIn(uploaded.output)}`);
    const shown = (id: string) =>
      JSON.parse(
        (new RegExp(`<pre id="${id}">([^<]*)</pre>`).exec(html)?.[1] ?? 'null')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&'),
      );
    const env = shown('env');
    expect(env).not.toBeNull();
    expect(Object.keys(env).filter((name) => name !== 'NODE_ENV')).toEqual([]);
    expect(html).not.toContain('e2e-jwt-secret-that-no-server-part-may-read');
    const { reportEnv, ...attempts } = shown('attempts');
    expect(
      String(reportEnv)
        .split(',')
        .filter((name) => name && name !== 'NODE_ENV'),
    ).toEqual([]);
    for (const [name, outcome] of Object.entries(attempts)) expect(outcome, name).toMatch(/^refused: /);
    expect(site.output()).not.toContain('e2e: admin password changed');
  });
});
