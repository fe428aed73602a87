/**
 * /robots.txt and /sitemap.xml, from live data: the public pages, active courses and open jobs (inactive
 * courses, inactive or closed jobs are left out). Addresses use PUBLIC_URL when set, else the request's origin.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { answers, nonJson } from '../http/contract';
import { courses, jobs } from '../db/schema';
import { isOpen } from '../job-visibility';

const STATIC_PAGES = [
  '/',
  '/courses',
  '/jobs',
  '/rwanda-coffee-experience',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
];

/** Signed-in areas and the API are not for search engines. */
const PRIVATE_PATHS = [
  '/api/',
  '/admin/',
  '/trainer/',
  '/employer/',
  '/dashboard',
  '/apply-for-course',
  '/jobs/*/apply',
  '/certificate/',
];

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const day = (date: Date | string) => new Date(date).toISOString().slice(0, 10);

export function seoRoutes(app: FastifyInstance, db: Db, publicUrl: string | undefined) {
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
      const lines = [
        'User-agent: *',
        // The pictures of the pages (a course's image, its share picture) are fetched by crawlers and link
        // previews from the API; the rest of the API is not for them.
        'Allow: /api/images/',
        ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
        'Allow: /employer/register',
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
        ...STATIC_PAGES.map((path) => ({ loc: `${base}${path === '/' ? '/' : path}` })),
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
