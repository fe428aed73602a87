import { describe, expect, it } from 'vitest';
import { formatPrice, formatScore, orNA, truncateDescription } from '../src/format';
import { formatDate } from '../src/format-date';

describe('course card display rules (docs/product.md §9)', () => {
  it("prices: non-numeric 'N/A', 0 'Free', else 'Rwf ' with en-US thousands separators", () => {
    expect(formatPrice('150000')).toBe('Rwf 150,000');
    expect(formatPrice(95000)).toBe('Rwf 95,000');
    expect(formatPrice('0')).toBe('Free');
    expect(formatPrice('Contact us')).toBe('N/A');
    expect(formatPrice(null)).toBe('N/A');
    expect(formatPrice('')).toBe('N/A');
  });

  it("descriptions: cut at 100 characters plus an ellipsis; missing 'No description available.'", () => {
    expect(truncateDescription('x'.repeat(101))).toBe(`${'x'.repeat(100)}...`);
    expect(truncateDescription('x'.repeat(100))).toBe('x'.repeat(100));
    expect(truncateDescription(null)).toBe('No description available.');
    expect(truncateDescription('  ')).toBe('No description available.');
  });

  it("missing duration shows 'N/A'", () => {
    expect(orNA(null)).toBe('N/A');
    expect(orNA('2 weeks')).toBe('2 weeks');
  });

  it("dates as 'MMM d, yyyy'", () => {
    expect(formatDate('2026-03-05T10:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('progress scores', () => {
  it("show as 'score / max', the score alone, or a dash", () => {
    expect(formatScore({ score: 8, maxScore: 10 })).toBe('8 / 10');
    expect(formatScore({ score: 8.5, maxScore: null })).toBe('8.5');
    expect(formatScore({ score: null, maxScore: 10 })).toBe('—');
  });
});
