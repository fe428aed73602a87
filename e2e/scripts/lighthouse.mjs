// `npm run lighthouse`: Lighthouse (pinned 12.8.x, the last line that runs on Node 20) in its default mobile mode
// — a mid-range phone's screen, simulated slow 4G and 4× CPU slowdown — against the production build served as
// the browser journeys serve it (fresh data directory with the demo data, random port), driving Debian's
// Chromium. Prints a Markdown table of the public pages; asserts nothing.
//
// Lighthouse's CPU slowdown is relative to the machine it runs on. So the slowdown is first calibrated from this
// machine's benchmarkIndex (Lighthouse's own page function, median of five: one sample varies by a fifth) as
// Chrome DevTools calibrates its CPU throttling: a mid-tier phone (a Pixel 5) scores 1000, so the slowdown is
// benchmarkIndex / 1000 (at least 1×), printed with the table. (The
// older table of Lighthouse's throttling guide stops at 4× for desktops of 1500–2000 and says nothing of faster
// machines.) Most of our users carry low-tier phones (DevTools' low tier, a Moto G Power, scores 264): --low-end
// measures them at benchmarkIndex / 264, five runs per page unless --runs says otherwise, and then measures the
// same pages with Chromium's real CPU throttling (low-tier.mjs: long animation frames, taps and keys).
//
//   node e2e/scripts/lighthouse.mjs [--runs N] [--save DIR] [--only TEXT] [--cpu N] [--low-end [--loaf-runs N]]
//
// --runs N   measure every page N times and print the median of each column (default 1; 5 with --low-end)
// --save DIR also write each run's HTML report into DIR
// --only TEXT measure only the pages whose path contains TEXT (e.g. `--only /courses/`; `--only =/` the home page alone)
// --cpu N    use a CPU slowdown of N instead of calibrating it (4 is Lighthouse's default)
// --low-end  a low-tier phone: benchmarkIndex / 264, then the real-throttling table (--loaf-runs N, default 7;
//            0 skips it)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { LOW_TIER_BENCHMARK_INDEX, machineBenchmarkIndex, measureLowTier, median } from './low-tier.mjs';
import { publicPages, startSite } from './site.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Headless, and nothing that reaches beyond localhost (the machine may have no network).
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function option(name) {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}
const lowEnd = process.argv.includes('--low-end');
const runs = Number(option('--runs') ?? (lowEnd ? 5 : 1));
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number ≥ 1');
  process.exit(2);
}
const saveDir = option('--save') && resolve(option('--save'));
if (saveDir) mkdirSync(saveDir, { recursive: true });

let site;
let chrome;
let stopping;
function stopAll() {
  stopping ??= Promise.allSettled([chrome?.kill(), site?.stop()]);
  return stopping;
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => stopAll().then(() => process.exit(code)));
}

/** The CPU slowdown that makes this machine a mid-tier phone (benchmarkIndex 1000, as DevTools calibrates). */
const calibratedSlowdown = (benchmarkIndex) => Math.min(10, Math.max(1, benchmarkIndex / 1000));

/** One Lighthouse run of one page: the numbers of the table, or the reason there are none. */
async function measure(url, cpuSlowdownMultiplier = 4) {
  const throttling = { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier };
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: saveDir ? 'html' : 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    },
    { extends: 'lighthouse:default', settings: { throttling } },
  );
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  const audit = (id) => lhr.audits[id]?.numericValue;
  const score = (id) => (lhr.categories[id]?.score == null ? undefined : Math.round(lhr.categories[id].score * 100));
  return {
    lhr,
    report: result.report,
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp: audit('largest-contentful-paint') / 1000,
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

const fixed = (value, digits) => (value === undefined ? '–' : value.toFixed(digits));

try {
  site = await startSite();
  const pages = await publicPages(site.base, option('--only'));

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });

  const cpuOption = option('--cpu');
  let slowdown = Number(cpuOption);
  if (cpuOption === undefined) {
    process.stderr.write('calibrating the CPU slowdown…\n');
    const index = await machineBenchmarkIndex();
    slowdown = Number((lowEnd ? Math.max(1, index / LOW_TIER_BENCHMARK_INDEX) : calibratedSlowdown(index)).toFixed(1));
    process.stderr.write(`benchmarkIndex ${index.toFixed(0)}: ${slowdown}× CPU slowdown\n`);
  } else if (!(slowdown >= 1)) {
    throw new Error('--cpu takes a number ≥ 1');
  }

  const rows = [];
  let versions = '';
  const warnings = new Set();
  const benchmarkIndexes = [];
  for (const path of pages) {
    const results = [];
    const errors = [];
    for (let run = 1; run <= runs; run++) {
      process.stderr.write(`lighthouse ${path}${runs > 1 ? ` (run ${run}/${runs})` : ''}…\n`);
      try {
        const r = await measure(site.base + path, slowdown);
        versions ||= `Lighthouse ${r.lhr.lighthouseVersion}, ${r.lhr.environment?.hostUserAgent?.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}`;
        for (const w of r.lhr.runWarnings ?? []) warnings.add(`${path}: ${w}`);
        if (r.benchmarkIndex) benchmarkIndexes.push(r.benchmarkIndex);
        if (saveDir) {
          const name = `${path.replace(/^\//, '').replace(/\//g, '-') || 'home'}${runs > 1 ? `-${run}` : ''}.report.html`;
          writeFileSync(join(saveDir, name), r.report);
        }
        if (r.error) errors.push(r.error);
        else results.push(r);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
    const col = (key) => median(results.map((r) => r[key]));
    rows.push({
      path,
      performance: col('performance'),
      accessibility: col('accessibility'),
      lcp: col('lcp'),
      cls: col('cls'),
      tbt: col('tbt'),
      note: errors.length ? `${errors.length}/${runs} failed: ${errors[0]}` : '',
    });
  }

  const anyNote = rows.some((r) => r.note);
  console.log(
    `\nLighthouse mobile (simulated slow 4G, ${slowdown}× CPU${cpuOption === undefined ? ` calibrated: benchmarkIndex / ${lowEnd ? `${LOW_TIER_BENCHMARK_INDEX}, a low-tier phone` : '1000, a mid-tier phone'}` : ''}), ${runs === 1 ? 'one run' : `median of ${runs} runs`} per page — ${versions}, ` +
      `benchmarkIndex ${fixed(median(benchmarkIndexes), 0)}\n`,
  );
  console.log(`| page | performance | accessibility | LCP (s) | CLS | TBT (ms) |${anyNote ? ' note |' : ''}`);
  console.log(`|---|---:|---:|---:|---:|---:|${anyNote ? '---|' : ''}`);
  for (const r of rows) {
    const cells = [
      `\`${r.path}\``,
      fixed(r.performance, 0),
      fixed(r.accessibility, 0),
      fixed(r.lcp, 1),
      fixed(r.cls, 3),
      fixed(r.tbt, 0),
    ];
    if (anyNote) cells.push(r.note.replace(/\|/g, '\\|').replace(/\s+/g, ' '));
    console.log(`| ${cells.join(' | ')} |`);
  }
  const benchmarkIndex = median(benchmarkIndexes);
  if (benchmarkIndex !== undefined && benchmarkIndex < 1000) {
    // The threshold at which Lighthouse's own CLI warns that the host CPU is too slow for its 4× slowdown.
    console.log(
      `\nbenchmarkIndex ${benchmarkIndex.toFixed(0)} < 1000: this CPU is slower or busier than a low-end desktop; even 1× may be pessimistic.`,
    );
  }
  if (warnings.size) console.log(`\nLighthouse warnings:\n${[...warnings].map((w) => `- ${w}`).join('\n')}`);
  if (saveDir) console.log(`\nHTML reports in ${saveDir}`);
  const loafRuns = Number(option('--loaf-runs') ?? 7);
  if (lowEnd && loafRuns > 0) {
    await chrome.kill();
    await measureLowTier({ base: site.base, paths: pages, runs: loafRuns, slowdown });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await stopAll();
}
// Lighthouse may leave a socket or timer behind; the table is printed and everything is stopped.
process.exit();
