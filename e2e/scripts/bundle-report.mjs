// Part of `npm run bench`: the JavaScript a phone downloads (scripts/bundle.mjs measures it) against the
// production build, printed as a table with the budgets of e2e/bundle-budget.json. Asserts nothing: `npm test`
// holds the budgets (test/bundle-budget.test.ts).
//
//   node e2e/scripts/bundle-report.mjs [--files] [--record]
//
// --files   also list every script of each measurement (gzip KiB, stable name), biggest first
// --record  write each measurement's files as they are now into e2e/bundle-budget.json (the budgets stay), so
//           the test's "what grew" compares against this build
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { BUDGET_FILE, formatTable, measureBundles, readBudgets, recorded } from './bundle.mjs';
import { startSite } from './site.mjs';

const site = await startSite();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const results = await measureBundles(browser, site.base, site.adminBase);
  const budgets = readBudgets();
  if (process.argv.includes('--files')) {
    for (const r of results) {
      console.log(`\n[${r.label}]`);
      for (const file of r.files) console.log(`${(file.gzip / 1024).toFixed(1).padStart(8)} ${file.name}`);
    }
  }
  console.log(`\n${formatTable(results, budgets)}`);
  for (const r of results) {
    const budget = budgets[r.key]?.kib;
    if (budget !== undefined && r.gzip / 1024 > budget)
      console.log(`OVER: ${r.label} ${(r.gzip / 1024).toFixed(1)} KiB gzip, budget ${budget} KiB.`);
  }
  if (process.argv.includes('--record')) {
    writeFileSync(BUDGET_FILE, `${JSON.stringify(recorded(results, budgets), null, 2)}\n`);
    console.log(`Recorded the files of this build in ${BUDGET_FILE}.`);
  }
} finally {
  await browser.close();
  await site.stop();
}
