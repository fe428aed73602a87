/**
 * Whether a rollout's version is worse than the active one, decided with a false-stop rate that holds however
 * often it is asked (every few seconds, for as long as the rollout runs).
 *
 * The test looks only at browsers that had trouble of one kind (an error, a poor INP, a poor LCP), each browser
 * once per kind: the version it had its first trouble on. Which version a browser gets is drawn at random (its
 * bucket against the rollout's share at that moment, `percent`), so while both versions are as good, a troubled
 * browser is on the new version with probability percent / 100, whatever the background rate of trouble (bad
 * connections, old phones). Against that, the alternative "the new version multiplies the odds of trouble by θ"
 * gives each troubled browser a likelihood ratio; the ratios' product, mixed over a spread of θ, is a martingale
 * while the versions are equal (a mean of 1 at every step), so by Ville's inequality it ever reaches 1/α with
 * probability at most α — the false-stop rate, however many times it is looked at. A version that breaks every
 * load piles evidence up by a factor of up to 100/percent per troubled browser; the browsers that loaded fine
 * weigh nothing either way, so reports of clean loads cannot shield a broken release.
 */

/** The kinds of trouble judged, each with its own share of the false-stop rate. */
export const TROUBLES = ['error', 'poor-inp', 'poor-lcp'] as const;
export type Trouble = (typeof TROUBLES)[number];

/** Where a page load's figure is "poor", as Web Vitals defines it: INP over 500 ms, LCP over 4 s. */
export const POOR_INP_MS = 500;
export const POOR_LCP_MS = 4000;

/** Troubled browsers of one kind, at one share: how many had their first trouble on each version. */
export interface TroubledAt {
  percent: number;
  onNew: number;
  onActive: number;
}

/**
 * The odds ratios the evidence is mixed over, equally weighted: from a release that makes trouble half as likely
 * again to one that breaks for everyone. A spread rather than one guess: a narrow mixture is quick on the
 * regression it guesses and slow on the others.
 */
const ODDS_RATIOS = [1.5, 2, 3, 5, 10, 30, 100, 1000];

/** The evidence (a likelihood ratio, ≥ 0) that the new version's odds of trouble are higher than the active one's. */
export function evidence(troubled: readonly TroubledAt[]): number {
  let sum = 0;
  for (const theta of ODDS_RATIOS) {
    let log = 0;
    for (const { percent, onNew, onActive } of troubled) {
      const share = percent / 100;
      // At 0 % or 100 % every browser is on one version: who had trouble says nothing about either.
      if (!(share > 0 && share < 1)) continue;
      const either = Math.log(theta * share + 1 - share);
      log += onNew * (Math.log(theta) - either) - onActive * either;
    }
    sum += Math.exp(Math.min(log, 700));
  }
  return sum / ODDS_RATIOS.length;
}

export interface RegressionRule {
  /** The chance that a rollout as good as the active version is ever stopped (BTLS_ROLLBACK_FALSE_STOP). */
  falseStop: number;
  /** Browsers of each version, since the rollout began, before the rule judges (BTLS_ROLLBACK_MIN_BROWSERS). */
  minBrowsers: number;
  /**
   * Seconds from a browser's bucket being drawn to the first of its loads the rule takes (a browser that came
   * back: BTLS_ROLLBACK_RETURN_SECONDS); 0 takes every load.
   */
  returnSeconds: number;
  /** Browsers one client address adds to one rollout, both versions together (BTLS_ROLLBACK_BROWSERS_PER_IP). */
  browsersPerAddress: number;
}

/**
 * Who the rule hears. A page load costs a script nothing, so a browser's word counts only once it came back: a
 * load at least five minutes after its bucket was drawn (a browser that had one from an earlier rollout counts at
 * once). A burst of fresh page loads never is; someone coming back to the site is. And one client address adds
 * one browser to a rollout, on either version: a troubled browser on the new version, all the evidence one
 * address can give, stays far under what a stop needs at any share (23 against 600 at 1 %, 8 at 5 %), so one
 * address can neither stop a good release on its own (two browsers could at 1 %: 1,433), nor fill a stage's
 * browsers, nor hide a broken release behind troubled browsers of the active version. A release that breaks
 * reaches many addresses at once; people sharing one (an office, a carrier's) speak through one of them.
 */
const RETURN_SECONDS = 5 * 60;
const BROWSERS_PER_ADDRESS = 1;

/**
 * A false stop in at most 0.5 % of good rollouts, split evenly over the three kinds of trouble (simulated: about
 * 0.25 %, `npm run bench:rollouts -w @btls/api`). Five browsers of each version at least: the rule needs both
 * versions seen. At a share up to a quarter a release that breaks every load is stopped within its first ten
 * browsers on the new version; at half, each troubled browser can at most double the evidence, so it takes some
 * ten to twenty-five.
 */
export const DEFAULT_REGRESSION_RULE: RegressionRule = {
  falseStop: 0.005,
  minBrowsers: 5,
  returnSeconds: RETURN_SECONDS,
  browsersPerAddress: BROWSERS_PER_ADDRESS,
};

/** The evidence one kind of trouble needs for a stop: 1 / (its share of the false-stop rate). */
export const thresholdOf = (rule: RegressionRule) => TROUBLES.length / rule.falseStop;

/** Both versions' browsers since the rollout began, and those of each that had each kind of trouble. */
export interface RolloutBrowsers {
  browsers: number;
  activeBrowsers: number;
  troubled: Record<Trouble, TroubledAt[]>;
}

export type Judgement =
  | { state: 'collecting'; browsers: number; activeBrowsers: number; needed: number }
  | { state: 'clear' }
  | { state: 'regression'; trouble: Trouble; evidence: number };

/** What the rule makes of a rollout now: still collecting, no regression so far, or a regression of one kind. */
export function judge(figures: RolloutBrowsers, rule: RegressionRule): Judgement {
  if (figures.browsers < rule.minBrowsers || figures.activeBrowsers < rule.minBrowsers)
    return {
      state: 'collecting',
      browsers: figures.browsers,
      activeBrowsers: figures.activeBrowsers,
      needed: rule.minBrowsers,
    };
  const threshold = thresholdOf(rule);
  for (const trouble of TROUBLES) {
    const found = evidence(figures.troubled[trouble]);
    if (found >= threshold) return { state: 'regression', trouble, evidence: found };
  }
  return { state: 'clear' };
}

/** Each kind of trouble in the audit log's words (operators read them; no visitor does). */
const TROUBLE_WORDS = new Map<Trouble, string>([
  ['error', 'browsers with an error'],
  ['poor-inp', `browsers with a poor INP (a tap answered after more than ${POOR_INP_MS} ms)`],
  ['poor-lcp', `browsers with a poor LCP (the page's main content shown after more than ${POOR_LCP_MS / 1000} s)`],
]);

/** A regression in words, with its figures (the audit log's reason of an automatic rollback). */
export function regressionWords(
  figures: RolloutBrowsers,
  judgement: Extract<Judgement, { state: 'regression' }>,
  rule: RegressionRule,
): string {
  const counted = figures.troubled[judgement.trouble];
  const onNew = counted.reduce((sum, at) => sum + at.onNew, 0);
  const onActive = counted.reduce((sum, at) => sum + at.onActive, 0);
  const share = (part: number, whole: number) => `${whole > 0 ? ((part / whole) * 100).toFixed(1) : '0.0'}%`;
  const shown = judgement.evidence >= 1e6 ? 'over a million' : Math.round(judgement.evidence).toLocaleString('en');
  return (
    `${TROUBLE_WORDS.get(judgement.trouble)}: ${onNew} of ${figures.browsers} on the new version ` +
    `(${share(onNew, figures.browsers)}) against ${onActive} of ${figures.activeBrowsers} on the active version ` +
    `(${share(onActive, figures.activeBrowsers)}); evidence ${shown} against the ${thresholdOf(rule).toLocaleString('en')} ` +
    `a stop needs (a good release is stopped in at most ${(rule.falseStop * 100).toFixed(1)}% of rollouts)`
  );
}
