/**
 * /robots.txt and /sitemap.xml, from live data: the pages the active releases give search engines, active courses
 * and open jobs (inactive courses, inactive or closed jobs are left out). Addresses use PUBLIC_URL when set, else the request's origin.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { answers, nonJson } from '../http/contract';
import { courses, jobs } from '../db/schema';
import { isOpen } from '../job-visibility';
import type { ActiveRelease, ReleaseStore } from '../releases/store';

/** The API is not for search engines (nor are the signed-in areas' pages, which their releases name). */
const API_PATH = '/api/';

/** A page pattern as robots.txt writes it: a parameter matches any segment, a prefix's `*` what follows it. */
const robotsPath = (pattern: string) => pattern.replace(/:[^/]+/g, '*').replace(/\/\*$/, '/');

/**
 * What the active releases say about search engines: the pages they index (the sitemap) and the pages of the
 * signed-in areas (disallowed), with the public pages under a disallowed prefix allowed again.
 */
function pagesForSearch(active: Iterable<ActiveRelease>) {
  const indexed = new Set<string>();
  const disallowed = new Set<string>();
  const publicPages = new Set<string>();
  for (const { manifest } of active) {
    for (const page of manifest.pages?.indexed ?? []) indexed.add(page);
    for (const pattern of manifest.pages?.patterns ?? [])
      (manifest.pages?.signedIn ? disallowed : publicPages).add(robotsPath(pattern));
  }
  const allowed = [...publicPages].filter((page) =>
    [...disallowed].some((prefix) => prefix.endsWith('/') && page.startsWith(prefix)),
  );
  const sitemap = [...indexed].sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : 0));
  return { sitemap, disallowed: [...disallowed].sort(), allowed: allowed.sort() };
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const day = (date: Date | string) => new Date(date).toISOString().slice(0, 10);

export function seoRoutes(
  app: FastifyInstance,
  db: Db,
  publicUrl: string | undefined,
  releases: Pick<ReleaseStore, 'activeReleases'>,
) {
  const origin = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;
  // Without PUBLIC_URL the addresses come from the request's Host header, which a client writes: such an
  // answer is not for a shared cache, or one forged Host would be served to everyone.
  const shared = (seconds: number) => (publicUrl ? `public, max-age=${seconds}` : `private, max-age=${seconds}`);

  app.get(
    '/robots.txt',
    {
      schema: {
        summary: 'Where search engines may go (the API and signed-in areas not).',
        response: answers({ 200: nonJson('text/plain', 'robots.txt') }),
      },
    },
    async (request, reply) => {
      const { disallowed, allowed } = pagesForSearch((await releases.activeReleases()).values());
      const lines = [
        'User-agent: *',
        // The pictures of the pages (a course's image, its share picture) are fetched by crawlers and link
        // previews from the API; the rest of the API is not for them.
        'Allow: /api/images/',
        `Disallow: ${API_PATH}`,
        ...disallowed.map((path) => `Disallow: ${path}`),
        ...allowed.map((path) => `Allow: ${path}`),
        '',
        `Sitemap: ${origin(request)}/sitemap.xml`,
      ];
      return reply
        .header('Cache-Control', shared(3600))
        .type('text/plain; charset=utf-8')
        .send(`${lines.join('\n')}\n`);
    },
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        summary: 'The public pages, active courses and open jobs, for search engines.',
        response: answers({ 200: nonJson('application/xml', 'A sitemaps.org urlset') }),
      },
    },
    async (request, reply) => {
      const base = origin(request);
      const { sitemap } = pagesForSearch((await releases.activeReleases()).values());
      const [courseRows, jobRows] = await Promise.all([
        db
          .select({ id: courses.id, updatedAt: courses.updatedAt })
          .from(courses)
          .where(eq(courses.isActive, true))
          .orderBy(desc(courses.id)),
        db
          .select({ id: jobs.id, updatedAt: jobs.updatedAt })
          .from(jobs)
          .where(isOpen())
          .orderBy(desc(jobs.postedDate), desc(jobs.id)),
      ]);
      const urls = [
        ...sitemap.map((path) => ({ loc: `${base}${path}` })),
        ...courseRows.map((row) => ({ loc: `${base}/courses/${row.id}`, lastmod: day(row.updatedAt) })),
        ...jobRows.map((row) => ({ loc: `${base}/jobs/${row.id}`, lastmod: day(row.updatedAt) })),
      ];
      const body = urls
        .map(
          (url) =>
            `  <url><loc>${xmlEscape(url.loc)}</loc>${'lastmod' in url ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
        )
        .join('\n');
      return reply
        .header('Cache-Control', shared(300))
        .type('application/xml; charset=utf-8')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
        );
    },
  );
}
