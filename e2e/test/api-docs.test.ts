/** The API's reference (/api/docs) in a real browser: it renders every call, under the site's CSP. */
import { describe, expect, it } from 'vitest';
import { browser, openPage, site, useSite } from './harness';

useSite();

describe('/api/docs', () => {
  it.each(['/api/docs', '/api/docs/'])(
    '%s shows every call of /api/openapi.json without a CSP violation or a failed file',
    async (path) => {
      const { page, context, errors } = await openPage(browser);
      page.on('requestfailed', (request) => errors.push(`failed: ${request.url()}`));
      const document = (await (await fetch(`${site.base}/api/openapi.json`)).json()) as {
        paths: Record<string, object>;
      };
      const operations = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
      await page.goto(`${site.base}${path}`);
      await page.locator('.opblock').first().waitFor();
      expect(await page.locator('.opblock').count()).toBe(operations);
      await expect(page.locator('.info .title').first().textContent()).resolves.toContain('BTLS');
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
