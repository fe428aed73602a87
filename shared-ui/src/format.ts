/** The display rules of spec §9. */

/** A course's free-text price as a number of Rwf, or null when it is not a number. */
export function parsePrice(price: string | number | null | undefined): number | null {
  const text = typeof price === 'string' ? price.replace(/,/g, '').trim() : price;
  const amount = text === '' || text === null || text === undefined ? NaN : Number(text);
  return Number.isFinite(amount) ? amount : null;
}

/** Non-numeric → 'N/A'; 0 → 'Free'; otherwise 'Rwf ' and the amount with en-US thousands separators. */
export function formatPrice(price: string | number | null | undefined): string {
  const amount = parsePrice(price);
  if (amount === null) return 'N/A';
  if (amount === 0) return 'Free';
  return `Rwf ${amount.toLocaleString('en-US')}`;
}

/** Over `max` characters: cut to `max` plus an ellipsis; missing: 'No description available.'. */
export function truncateDescription(text: string | null | undefined, max = 100): string {
  if (!text || !text.trim()) return 'No description available.';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export const orNA = (value: string | null | undefined) => (value && value.trim() ? value : 'N/A');

/** A progress score: 'score / max', the score alone without a max, or a dash without a score. */
export function formatScore(record: { score: number | null; maxScore: number | null }): string {
  if (record.score === null) return '—';
  return record.maxScore === null ? String(record.score) : `${record.score} / ${record.maxScore}`;
}
