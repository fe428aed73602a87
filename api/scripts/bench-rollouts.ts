/**
 * How quickly the rollback rule (src/releases/regression.ts) stops a broken release, and how rarely it stops a
 * good one: simulated rollouts, seeded, so every run prints the same table.
 *
 *   npm run bench:rollouts
 *
 * Browsers come one visit at a time. A visit is a new browser's, which draws its bucket (1–100) and keeps it, or
 * (RETURNING of visits) an earlier browser's coming back; the browser is on the new version while its bucket is
 * within the rollout's share, so a larger share moves browsers over. A visit makes 1 + a geometric number of page
 * loads (mean LOADS: about 3 a browser over the rollout, with its returns). Each load fails with the rollout's
 * background rate of errors (bad connections, old phones: drawn per rollout in [1 %, 2 %], the same on both
 * versions) and, on the new version only, also with the release's breakage (1 = every load, 0.1 = one load in
 * ten, 0 = a good release). A poor INP and a poor LCP come the same way, from the background only (their own
 * rates, drawn in [1 %, 2 %] too), so all three kinds are judged as on a real site. A browser counts once per
 * kind of trouble over the whole rollout: the version and share of its first trouble — one that had its trouble
 * on the active version stays counted there when a larger share moves it over. The rule hears a browser only
 * once it came back (a load minutes after its bucket was drawn, regression.ts): a browser's first visit is seen
 * by nobody — its loads, its troubles — and its returns count; each browser is taken for one of its own address
 * (the rule's one browser per address binds only where visitors share one). What the table counts is browsers
 * that saw the new version, heard or not: what a broken release costs its visitors.
 *
 * The rule is asked after every visit that could change its answer: when both versions first have the minimum
 * browsers, and after a browser's first trouble on the new version (a first trouble on the active version only
 * lowers the evidence, and a visit without one leaves it as it was, so not asking then is exact). A run ends at a
 * stop or after HORIZON browsers on the new version. The staged run moves 5 % → 25 % → 50 % once a stage has had
 * STAGE_BROWSERS browsers new to the new version, as the rollout's stages do. What the table shows: how many
 * browsers saw the new version before the rule stopped it — a handful for a release that breaks every load, far
 * fewer than 500 for one that breaks one load in ten — and that a good release is stopped in about 1 % of
 * rollouts at most (Ville's bound; the counts of 1,000 runs wander around the true rate by a few).
 */
import {
  DEFAULT_REGRESSION_RULE,
  judge,
  TROUBLES,
  type RolloutBrowsers,
  type TroubledAt,
} from '../src/releases/regression';

const RUNS = 1000;
const HORIZON = 5000;
const STAGE_BROWSERS = 200;
/** Of the visits, the share by a browser that came before (it keeps its bucket). */
const RETURNING = 0.3;
/** Page loads per visit: 1 + a geometric number, this many on average (about 3 per browser, with returns). */
const LOADS = 2;
/** Loads per visit counted at most (the chance of more is below 1e-18). */
const MAX_LOADS = 64;
const SEED = 20240601;

const KINDS = TROUBLES.length;
const SEEN_NEW = 1;
const SEEN_ACTIVE = 2;
/** The flag of a browser's first trouble of kind k. */
const troubledFlag = (k: number) => 4 << k;
/** The flag of a browser that loaded the new version (heard or not). */
const EXPOSED = 4 << KINDS;

/** mulberry32: a small seeded generator of uniform numbers in [0, 1); here it only seeds sfc32. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * sfc32, seeded by mulberry32: uniform numbers in [0, 1), a stream of its own for each run (a state of 128 bits,
 * so the runs' streams do not overlap). A run's browsers do not depend on the rule: another rule (a scratch
 * copy of regression.ts) sees the very same rollouts and differs only in where it stops.
 */
function generator(seed: number) {
  const word = mulberry32(seed);
  let [a, b, c, d] = [0, 0, 0, 0].map(() => Math.floor(word() * 4294967296) | 0) as [number, number, number, number];
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

interface Scenario {
  name: string;
  /** The chance the new version breaks a load (besides the background). */
  breakage: number;
  /** The shares in turn; the last one holds to the horizon. */
  stages: number[];
}

interface Row {
  scenario: Scenario;
  /** Browsers on the new version when the rule stopped each run that stopped. */
  stoppedAt: number[];
}

/** Browsers' state, reused run after run: bucket and flags by browser number. */
let buckets = new Uint8Array(1 << 18);
let flags = new Uint8Array(1 << 18);
function room(needed: number) {
  if (needed <= buckets.length) return;
  const grownBuckets = new Uint8Array(buckets.length * 2);
  const grownFlags = new Uint8Array(flags.length * 2);
  grownBuckets.set(buckets);
  grownFlags.set(flags);
  buckets = grownBuckets;
  flags = grownFlags;
}

/** One rollout: the browsers on the new version at the stop, or undefined when it ran to the horizon. */
function rollout(scenario: Scenario, random: () => number): number | undefined {
  const rule = DEFAULT_REGRESSION_RULE;
  // The chance a visit of n loads has no trouble of each kind, on the active version [k][n] and the new one.
  const background = TROUBLES.map(() => 0.01 + 0.01 * random());
  const clean = (perLoad: number) => Array.from({ length: MAX_LOADS + 1 }, (_, n) => (1 - perLoad) ** n);
  const cleanActive = background.map((rate) => clean(rate));
  const cleanNew = background.map((rate, k) => clean(k === 0 ? 1 - (1 - rate) * (1 - scenario.breakage) : rate));
  const logMore = Math.log(1 - 1 / LOADS);

  const troubled = Object.fromEntries(
    TROUBLES.map((trouble) => [trouble, [] as TroubledAt[]]),
  ) as RolloutBrowsers['troubled'];
  const figures: RolloutBrowsers = { browsers: 0, activeBrowsers: 0, troubled };
  let stage = 0;
  let percent = scenario.stages[0]!;
  let stageBrowsers = 0;
  /** Each kind's group at the current share. */
  let groups: TroubledAt[] = [];
  const atShare = () => {
    groups = TROUBLES.map((trouble) => {
      const group: TroubledAt = { percent, onNew: 0, onActive: 0 };
      troubled[trouble].push(group);
      return group;
    });
  };
  atShare();
  let count = 0;
  let judging = false;
  /** Browsers that loaded the new version, heard by the rule or not. */
  let exposed = 0;

  while (exposed < HORIZON) {
    let browser: number;
    let returning = false;
    if (count > 0 && random() < RETURNING) {
      browser = Math.floor(random() * count);
      returning = true;
    } else {
      browser = count++;
      room(count);
      buckets[browser] = 1 + Math.floor(random() * 100);
      flags[browser] = 0;
    }
    const onNew = buckets[browser]! <= percent;
    if (onNew && !(flags[browser]! & EXPOSED)) {
      flags[browser]! |= EXPOSED;
      exposed++;
    }
    // A first visit, right after the bucket was drawn: the rule does not hear it.
    if (!returning) continue;
    let flag = flags[browser]!;
    if (onNew && !(flag & SEEN_NEW)) {
      flag |= SEEN_NEW;
      figures.browsers++;
      stageBrowsers++;
    } else if (!onNew && !(flag & SEEN_ACTIVE)) {
      flag |= SEEN_ACTIVE;
      figures.activeBrowsers++;
    }
    const loads = Math.min(MAX_LOADS, 1 + Math.floor(Math.log(1 - random()) / logMore));
    let risen = false;
    for (let k = 0; k < KINDS; k++) {
      if (flag & troubledFlag(k)) continue;
      if (random() < (onNew ? cleanNew : cleanActive)[k]![loads]!) continue;
      flag |= troubledFlag(k);
      if (onNew) {
        groups[k]!.onNew++;
        risen = true;
      } else groups[k]!.onActive++;
    }
    flags[browser] = flag;

    const counted = figures.browsers >= rule.minBrowsers && figures.activeBrowsers >= rule.minBrowsers;
    if (counted && (risen || !judging)) {
      judging = true;
      if (judge(figures, rule).state === 'regression') return exposed;
    }
    // A stage that has had its browsers without a stop gives way to the next (the judgement was clear).
    if (stage < scenario.stages.length - 1 && stageBrowsers >= STAGE_BROWSERS) {
      percent = scenario.stages[++stage]!;
      stageBrowsers = 0;
      atShare();
    }
  }
  return undefined;
}

const FIXED = [5, 25, 50];
const STAGED = [5, 25, 50];
const scenarios: Scenario[] = [];
for (const [name, breakage] of [
  ['breaks every load', 1],
  ['breaks 1 load in 10', 0.1],
  ['healthy', 0],
] as const) {
  for (const share of FIXED) scenarios.push({ name, breakage, stages: [share] });
  scenarios.push({ name, breakage, stages: STAGED });
}

const started = performance.now();
const rows: Row[] = scenarios.map((scenario, row) => {
  const stoppedAt: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const at = rollout(scenario, generator(SEED + row * 1_000_003 + run));
    if (at !== undefined) stoppedAt.push(at);
  }
  stoppedAt.sort((a, b) => a - b);
  return { scenario, stoppedAt };
});
const seconds = (performance.now() - started) / 1000;

/** The nearest-rank percentile of sorted figures. */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
const shareOf = (stages: number[]) => stages.map((share) => `${share}%`).join(' → ');
const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
const shown = (value: number | undefined) => (value === undefined ? '—' : String(value));

const rule = DEFAULT_REGRESSION_RULE;
console.log(
  `Rollouts simulated: ${RUNS.toLocaleString('en')} per row, up to ${HORIZON.toLocaleString('en')} browsers on ` +
    `the new version; rule falseStop ${rule.falseStop}, minBrowsers ${rule.minBrowsers}; seed ${SEED}.\n`,
);
console.log('| scenario | share | runs | stopped | new-version browsers at stop: median | 95th percentile | max |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const { scenario, stoppedAt } of rows)
  console.log(
    `| ${scenario.name} | ${shareOf(scenario.stages)} | ${RUNS} | ${pct(stoppedAt.length, RUNS)} | ` +
      `${shown(percentile(stoppedAt, 0.5))} | ${shown(percentile(stoppedAt, 0.95))} | ${shown(stoppedAt.at(-1))} |`,
  );

const rowOf = (name: string, share: number) =>
  rows.find(
    (row) => row.scenario.name === name && row.scenario.stages.length === 1 && row.scenario.stages[0] === share,
  )!;
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');
const everyLoad = rowOf('breaks every load', 5);
const everyLoadMax = everyLoad.stoppedAt.at(-1);
const everyLoadMet = everyLoad.stoppedAt.length === RUNS && everyLoadMax !== undefined && everyLoadMax <= 15;
const tenth = rowOf('breaks 1 load in 10', 5);
// Runs that never stopped count as beyond every figure.
const tenthP95 = tenth.stoppedAt.length >= Math.ceil(0.95 * RUNS) ? percentile(tenth.stoppedAt, 0.95) : undefined;
const tenthMet = tenthP95 !== undefined && tenthP95 <= 500;
const healthy = rows.filter((row) => row.scenario.breakage === 0);
const healthyMost = Math.max(...healthy.map((row) => row.stoppedAt.length));
const healthyMet = healthyMost <= RUNS * 0.01;
const healthyAll = healthy.reduce((sum, row) => sum + row.stoppedAt.length, 0);
console.log('');
console.log(
  `- Every-load breakage at 5%: stopped in ${everyLoad.stoppedAt.length} of ${RUNS} runs, by at most ` +
    `${shown(everyLoadMax)} browsers on the new version (target: within 15): ${verdict(everyLoadMet)}`,
);
console.log(
  `- 1-in-10 breakage at 5%: 95th percentile ${tenthP95 === undefined ? 'beyond the horizon' : tenthP95} browsers ` +
    `on the new version (target: within 500): ${verdict(tenthMet)}`,
);
console.log(
  `- Healthy: stopped in at most ${healthyMost} of ${RUNS} runs of a row (target: at most 1%, ${RUNS * 0.01}): ` +
    `${verdict(healthyMet)} (all ${healthy.length} rows: ${healthyAll} of ${healthy.length * RUNS}, ` +
    `${pct(healthyAll, healthy.length * RUNS)})`,
);
console.error(`\n(${seconds.toFixed(1)} s)`);
