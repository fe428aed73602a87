/**
 * The rollback rule on its own (no server): the evidence of troubled browsers' versions against the share, when
 * it judges at all, that a release breaking every load is stopped within a handful of its browsers, that troubled
 * browsers split as the share predicts weigh nothing against a release, and that good rollouts are seldom stopped.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REGRESSION_RULE,
  evidence,
  judge,
  regressionWords,
  thresholdOf,
  TROUBLES,
  type Judgement,
  type RolloutBrowsers,
  type Trouble,
  type TroubledAt,
} from '../src/releases/regression';

const rule = DEFAULT_REGRESSION_RULE;

/** Figures with these troubled browsers (of one kind; none of the others). */
function figuresOf(
  browsers: number,
  activeBrowsers: number,
  troubled: TroubledAt[] = [],
  trouble: Trouble = 'error',
): RolloutBrowsers {
  const all = Object.fromEntries(TROUBLES.map((kind) => [kind, [] as TroubledAt[]])) as RolloutBrowsers['troubled'];
  all[trouble] = troubled;
  return { browsers, activeBrowsers, troubled: all };
}

/** mulberry32: a small seeded generator of uniform numbers in [0, 1). */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the regression rule', () => {
  it('needs 600 of evidence by default: 0.5 % of false stops shared by the three kinds', () => {
    expect(thresholdOf(rule)).toBe(600);
    expect(TROUBLES).toEqual(['error', 'poor-inp', 'poor-lcp']);
  });

  it('finds no evidence without troubled browsers, and is clear once each version has its minimum browsers', () => {
    expect(evidence([])).toBe(1);
    expect(evidence([{ percent: 5, onNew: 0, onActive: 0 }])).toBe(1);
    expect(judge(figuresOf(5, 5), rule)).toEqual({ state: 'clear' });
    expect(judge(figuresOf(40, 760), rule)).toEqual({ state: 'clear' });
  });

  it('is collecting, with the counts, until each version has its minimum browsers', () => {
    expect(judge(figuresOf(0, 0), rule)).toEqual({ state: 'collecting', browsers: 0, activeBrowsers: 0, needed: 5 });
    expect(judge(figuresOf(4, 80), rule)).toEqual({ state: 'collecting', browsers: 4, activeBrowsers: 80, needed: 5 });
    expect(judge(figuresOf(5, 4), rule)).toEqual({ state: 'collecting', browsers: 5, activeBrowsers: 4, needed: 5 });
    // Even overwhelming evidence waits for both versions' browsers.
    const broken = [{ percent: 5, onNew: 4, onActive: 0 }];
    expect(evidence(broken)).toBeGreaterThan(thresholdOf(rule));
    expect(judge(figuresOf(4, 76, broken), rule).state).toBe('collecting');
  });

  it('finds a release that breaks every load at 5 % a regression by its fifth browser, despite trouble on the active version', () => {
    // Five browsers on the new version, every one with an error; 95 on the active version, 4 of them with one
    // (bad connections: as many as a background of 4 % gives).
    const figures = figuresOf(5, 95, [{ percent: 5, onNew: 5, onActive: 4 }]);
    const judgement = judge(figures, rule);
    expect(judgement).toMatchObject({ state: 'regression', trouble: 'error' });
    expect((judgement as Extract<Judgement, { state: 'regression' }>).evidence).toBeGreaterThanOrEqual(600);
    // The same on another kind of trouble.
    expect(judge(figuresOf(5, 95, [{ percent: 5, onNew: 5, onActive: 4 }], 'poor-lcp'), rule)).toMatchObject({
      state: 'regression',
      trouble: 'poor-lcp',
    });
  });

  it('finds troubled browsers split as the share predicts no regression', () => {
    const even = [{ percent: 50, onNew: 20, onActive: 20 }];
    expect(evidence(even)).toBeLessThan(1);
    expect(judge(figuresOf(500, 500, even), rule)).toEqual({ state: 'clear' });
    // 5 %: one troubled browser in twenty on the new version.
    const small = [{ percent: 5, onNew: 2, onActive: 38 }];
    expect(evidence(small)).toBeLessThan(1);
    expect(judge(figuresOf(40, 760, small), rule)).toEqual({ state: 'clear' });
    // Fewer than the share predicts: less evidence still.
    expect(evidence([{ percent: 50, onNew: 10, onActive: 30 }])).toBeLessThan(evidence(even));
  });

  it('weighs the troubled browsers of 0 % and 100 % not at all', () => {
    expect(evidence([{ percent: 0, onNew: 0, onActive: 50 }])).toBe(1);
    expect(evidence([{ percent: 100, onNew: 50, onActive: 0 }])).toBe(1);
    const some: TroubledAt[] = [{ percent: 25, onNew: 8, onActive: 12 }];
    const withEnds = [{ percent: 0, onNew: 0, onActive: 30 }, ...some, { percent: 100, onNew: 40, onActive: 0 }];
    expect(evidence(withEnds)).toBe(evidence(some));
  });

  it('adds up the evidence of each share a troubled browser was counted at', () => {
    const five = { percent: 5, onNew: 3, onActive: 2 };
    const fifty = { percent: 50, onNew: 9, onActive: 1 };
    expect(evidence([five, fifty])).toBeGreaterThan(evidence([five]));
    expect(evidence([five, fifty])).toBeGreaterThan(evidence([fifty]));
    expect(evidence([fifty, five])).toBeCloseTo(evidence([five, fifty]), 9);
  });

  it('stops at most 0.5 % of good rollouts (300 simulated, of 2,000 browsers at 5 %, a background of 2 %)', () => {
    const random = mulberry32(20240601);
    const percent = 5;
    let stopped = 0;
    for (let run = 0; run < 300; run++) {
      const troubled = Object.fromEntries(
        TROUBLES.map((kind) => [kind, [{ percent, onNew: 0, onActive: 0 }] as TroubledAt[]]),
      ) as RolloutBrowsers['troubled'];
      const figures: RolloutBrowsers = { browsers: 0, activeBrowsers: 0, troubled };
      let judged = false;
      for (let browser = 0; browser < 2000; browser++) {
        const onNew = random() * 100 < percent;
        if (onNew) figures.browsers++;
        else figures.activeBrowsers++;
        let changed = false;
        for (const kind of TROUBLES) {
          // The same background on both versions: a good release.
          if (random() >= 0.02) continue;
          const group = troubled[kind][0]!;
          if (onNew) group.onNew++;
          else group.onActive++;
          changed = true;
        }
        const counted = figures.browsers >= rule.minBrowsers && figures.activeBrowsers >= rule.minBrowsers;
        // Without a new troubled browser the evidence stays as it was: judging then changes nothing.
        if (!counted || (judged && !changed)) continue;
        judged = true;
        if (judge(figures, rule).state === 'regression') {
          stopped++;
          break;
        }
      }
    }
    expect(stopped).toBeLessThanOrEqual(3);
  });

  it('says a regression in words, with its figures', () => {
    const figures = figuresOf(5, 95, [{ percent: 5, onNew: 5, onActive: 4 }]);
    const judgement = judge(figures, rule);
    if (judgement.state !== 'regression') throw new Error(`not a regression: ${judgement.state}`);
    const shown = Math.round(judgement.evidence).toLocaleString('en');
    expect(regressionWords(figures, judgement, rule)).toBe(
      'browsers with an error: 5 of 5 on the new version (100.0%) against 4 of 95 on the active version (4.2%); ' +
        `evidence ${shown} against the 600 a stop needs (a good release is stopped in at most 0.5% of rollouts)`,
    );
  });

  it('names a poor INP, and evidence past a million as such', () => {
    const figures = figuresOf(
      12,
      228,
      [
        { percent: 5, onNew: 6, onActive: 1 },
        { percent: 25, onNew: 6, onActive: 0 },
      ],
      'poor-inp',
    );
    const judgement = judge(figures, rule);
    if (judgement.state !== 'regression') throw new Error(`not a regression: ${judgement.state}`);
    expect(judgement.trouble).toBe('poor-inp');
    expect(judgement.evidence).toBeGreaterThan(1e6);
    const words = regressionWords(figures, judgement, rule);
    expect(words).toMatch(/^browsers with a poor INP \(a tap answered after more than 500 ms\): 12 of 12 on the new/);
    expect(words).toContain('poor INP');
    expect(words).toContain('against 1 of 228 on the active version (0.4%)');
    expect(words).toContain('evidence over a million against the 600 a stop needs');
  });
});
