/**
 * The JavaScript budgets, held by `npm test`: the first load of `/` (a visitor's: the loader alone, the page is
 * its HTML), what a first use of it loads (the app's start), and the extra scripts of entering each area, gzip -9 of what Chromium downloads from the production build, each no more than its budget in
 * e2e/bundle-budget.json. Prints the table; a measurement over its budget fails with what grew since the files
 * were last recorded (`node e2e/scripts/bundle-report.mjs --record`).
 */
import { describe, expect, it } from 'vitest';
import { formatTable, measureBundles, readBudgets, whatGrew } from '../scripts/bundle.mjs';
import { browser, site, useSite } from './harness';

describe('the JavaScript a phone downloads', () => {
  useSite();

  it('stays within the budgets of the first load of /, its first use and of entering each area', async () => {
    const results = await measureBundles(browser, site.base, site.adminBase);
    const budgets = readBudgets();
    console.log(formatTable(results, budgets));
    const over = results
      .filter((r) => r.gzip / 1024 > (budgets[r.key]?.kib ?? 0))
      .map((r) =>
        [
          `${r.label}: ${(r.gzip / 1024).toFixed(1)} KiB gzip, budget ${budgets[r.key]?.kib} KiB. What grew:`,
          ...whatGrew(r, budgets[r.key]),
        ].join('\n'),
      );
    expect(over, over.join('\n\n')).toEqual([]);
    // Every area's page was reached, its own scripts measured (not an empty navigation).
    for (const r of results) expect(r.count, r.label).toBeGreaterThan(0);
  });
});
