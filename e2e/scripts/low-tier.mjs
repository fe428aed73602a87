// @ts-check
// The public pages on a low-tier phone with Chromium's real CPU throttling (not Lighthouse's simulation): the
// blocking time of the page's long animation frames from navigation until the page is quiet, and how long a
// visitor's taps and keys wait while it loads. `npm run lighthouse -- --low-end` runs it after its own table;
// on its own:
//
//   node --import tsx e2e/scripts/low-tier.mjs [--runs N] [--cpu N] [--only TEXT] [--profile]
//
// The slowdown is calibrated as Chrome DevTools calibrates its CPU throttling: this machine's benchmarkIndex
// (Lighthouse's own page function, median of three) over the low-tier phone's 264 (a Moto G Power). The network
// is DevTools' slow 4G (Lighthouse's throttling constants); every run is a first visit (a new browser profile).
//
// Per page, the median of N runs (default 7):
// - blocking: the sum of the long animation frames' blockingDuration (each task's time past 50 ms, and the
//   frame's rendering when it made the frame long), from navigation until no long frame for 3 s;
// - longest: the longest task of the page's own scripts (a LoAF script entry), with its script;
// - tap: the menu tapped every 300 ms from the moment it shows until the page is quiet; the slowest tap's Event
//   Timing duration (input delay, handling and the next paint: what INP measures);
// - key (on /jobs): "barista" typed into the search, a key every 150 ms from the moment the field shows; the
//   slowest key, and whether the field kept every letter.
// --profile prints, per page, the scripts of the long frames of the median run (what is left to break up).
import { chromium } from 'playwright-core';
import * as constants from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

export const LOW_TIER_BENCHMARK_INDEX = 264;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const QUIET_MS = 3000;
const LONGEST_WAIT_MS = 45_000;

/**
 * The median of the numbers among `values` (undefined when there are none).
 * @param {unknown[]} values
 * @returns {number | undefined}
 */
export const median = (values) => {
  const sorted = /** @type {number[]} */ (values.filter((v) => typeof v === 'number' && Number.isFinite(v))).sort(
    (a, b) => a - b,
  );
  if (sorted.length === 0) return undefined;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** What the page records from its first script on: long animation frames and input events. */
const RECORDER = () => {
  const record = { frames: [], events: [], lastFrameAt: 0 };
  /** @type {any} */ (window).__lowTier = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const frame = /** @type {any} */ (entry);
      record.lastFrameAt = performance.now();
      record.frames.push({
        start: frame.startTime,
        duration: frame.duration,
        blocking: frame.blockingDuration,
        scripts: frame.scripts.map((/** @type {any} */ s) => ({
          url: s.sourceURL,
          fn: s.sourceFunctionName,
          invoker: s.invoker,
          duration: s.duration,
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const event = /** @type {any} */ (entry);
      if (event.interactionId)
        record.events.push({
          id: event.interactionId,
          name: event.name,
          duration: event.duration,
          start: event.startTime,
        });
    }
  }).observe(/** @type {any} */ ({ type: 'event', durationThreshold: 16, buffered: true }));
};

/** This machine's benchmarkIndex as Lighthouse measures it (its page function; median of five, in a blank page). */
export async function benchmarkIndex(browser) {
  const page = await browser.newPage();
  const values = [];
  for (let i = 0; i < 5; i++) values.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  await page.close();
  return median(values);
}

/** The same, in a browser of its own. */
export async function machineBenchmarkIndex() {
  const browser = await launch();
  try {
    return await benchmarkIndex(browser);
  } finally {
    await browser.close();
  }
}

const launch = () =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new first visit to `url` on a throttled phone; `act` runs once the page has painted. */
async function visit(browser, url, slowdown, act) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(RECORDER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const net = constants.throttling.mobileSlow4G;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: net.requestLatencyMs,
    downloadThroughput: (net.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (net.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const acting = act ? act(page, cdp) : Promise.resolve(undefined);
    await page.waitForLoadState('load', { timeout: LONGEST_WAIT_MS });
    // Quiet: no long frame for QUIET_MS (the page's own work done, idle work included).
    const started = Date.now();
    for (;;) {
      const idleFor = await page.evaluate(() => performance.now() - /** @type {any} */ (window).__lowTier.lastFrameAt);
      if (idleFor >= QUIET_MS || Date.now() - started > LONGEST_WAIT_MS) break;
      await sleep(250);
    }
    const acted = await acting;
    const record = await page.evaluate(() => /** @type {any} */ (window).__lowTier);
    return { record, acted };
  } finally {
    await context.close();
  }
}

/** The slowest interaction's duration (an interaction's longest event). */
function slowest(events) {
  const byInteraction = new Map();
  for (const e of events) byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration));
  return { count: byInteraction.size, worst: Math.max(0, ...byInteraction.values()) };
}

/** Taps the phone menu every 300 ms from its first paint until told to stop, straight into the input queue. */
async function tapMenuThroughTheLoad(page, cdp) {
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.waitFor({ state: 'visible', timeout: LONGEST_WAIT_MS });
  const box = await menu.boundingBox();
  if (!box) return { taps: 0 };
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  let taps = 0;
  let stop = false;
  const loaded = page.waitForLoadState('load').then(() => sleep(QUIET_MS));
  void loaded.then(() => (stop = true));
  // Not awaited one by one: a tap is sent while the page is busy, as a finger would, and waits in its queue.
  const sent = [];
  while (!stop && taps < 40) {
    sent.push(
      cdp
        .send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] })
        .then(() => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }))
        .catch(() => undefined),
    );
    taps++;
    await sleep(300);
  }
  await Promise.all(sent);
  return { taps };
}

/** Types "barista" into the jobs search, a key every 150 ms from the moment the field shows. */
async function typeInTheSearch(page, cdp) {
  const field = page.getByRole('searchbox', { name: 'Search jobs' });
  await field.waitFor({ state: 'visible', timeout: LONGEST_WAIT_MS });
  const box = await field.boundingBox();
  if (!box) return { typed: '' };
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const sent = [];
  for (const key of 'barista') {
    sent.push(
      cdp
        .send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, code: `Key${key.toUpperCase()}` })
        .then(() => cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code: `Key${key.toUpperCase()}` })),
    );
    await sleep(150);
  }
  await Promise.all(sent);
  await page.waitForLoadState('load');
  await sleep(QUIET_MS);
  return { typed: await field.inputValue() };
}

/** One run of one page: its blocking time, its longest task of its own, and its slowest tap or key. */
async function run(browser, base, path, slowdown) {
  const act = path === '/jobs' ? typeInTheSearch : tapMenuThroughTheLoad;
  const { record, acted } = await visit(browser, base + path, slowdown, act);
  const frames = record.frames;
  const own = frames.flatMap((f) => f.scripts).filter((s) => s.url.startsWith(base));
  const longest = own.reduce((a, s) => (s.duration > (a?.duration ?? 0) ? s : a), undefined);
  const input = slowest(record.events);
  return {
    blocking: frames.reduce((sum, f) => sum + f.blocking, 0),
    longest: longest?.duration ?? 0,
    longestScript: longest ? `${longest.url.replace(base, '')} ${longest.invoker}` : '',
    input: input.worst,
    inputs: input.count,
    typed: acted?.typed,
    frames,
  };
}

/**
 * Measures `paths` on `base` at `slowdown` (calibrated when undefined); prints a Markdown table and returns its
 * rows.
 */
export async function measureLowTier({ base, paths, runs = 7, slowdown, profile = false, log = console.log }) {
  const browser = await launch();
  try {
    const index = await benchmarkIndex(browser);
    const rate = slowdown ?? Number((index / LOW_TIER_BENCHMARK_INDEX).toFixed(1));
    process.stderr.write(`low tier: benchmarkIndex ${index.toFixed(0)}, ${rate}× CPU slowdown\n`);
    const rows = [];
    for (const path of paths) {
      const results = [];
      for (let i = 1; i <= runs; i++) {
        process.stderr.write(`low tier ${path} (run ${i}/${runs})…\n`);
        results.push(await run(browser, base, path, rate));
      }
      const byBlocking = [...results].sort((a, b) => a.blocking - b.blocking);
      const middle = byBlocking[byBlocking.length >> 1];
      rows.push({
        path,
        blocking: median(results.map((r) => r.blocking)),
        longest: median(results.map((r) => r.longest)),
        longestScript: middle.longestScript,
        input: median(results.map((r) => r.input)),
        inputs: median(results.map((r) => r.inputs)),
        kept: path === '/jobs' ? results.filter((r) => r.typed === 'barista').length : undefined,
        runs,
        middle,
      });
    }
    log(
      `\nLow-tier phone, real CPU throttling ${rate}×${slowdown === undefined ? ` (benchmarkIndex ${index.toFixed(0)} / ${LOW_TIER_BENCHMARK_INDEX})` : ` (benchmarkIndex now ${index.toFixed(0)})`}, ` +
        `DevTools slow 4G, first visits; median of ${runs} runs per page\n`,
    );
    log('| page | blocking time (ms) | longest task of ours (ms) | slowest tap or key (ms) | |');
    log('|---|---:|---:|---:|---|');
    for (const r of rows) {
      const what =
        r.kept === undefined
          ? `menu tapped every 300 ms while loading (${r.inputs} taps)`
          : `"barista" typed while loading; every letter kept in ${r.kept} of ${r.runs} runs`;
      log(`| \`${r.path}\` | ${r.blocking.toFixed(0)} | ${r.longest.toFixed(0)} | ${r.input.toFixed(0)} | ${what} |`);
    }
    if (profile) {
      for (const r of rows) {
        log(`\n${r.path}: the long frames of the median run (blocking ${r.middle.blocking.toFixed(0)} ms)`);
        for (const f of r.middle.frames) {
          const scripts = f.scripts
            .filter((s) => s.duration >= 5)
            .map((s) => `${s.url.replace(base, '') || '(page)'} ${s.invoker} ${s.duration.toFixed(0)}`)
            .join('; ');
          log(
            `- at ${f.start.toFixed(0)}: ${f.duration.toFixed(0)} ms, blocking ${f.blocking.toFixed(0)} — ${scripts}`,
          );
        }
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const option = (name) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const { publicPages, startSite } = await import('./site.mjs');
  const site = await startSite();
  try {
    const paths = await publicPages(site.base, option('--only'));
    await measureLowTier({
      base: site.base,
      paths,
      runs: Number(option('--runs') ?? 7),
      slowdown: option('--cpu') ? Number(option('--cpu')) : undefined,
      profile: process.argv.includes('--profile'),
    });
  } finally {
    await site.stop();
  }
  process.exit();
}
