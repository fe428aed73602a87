import DOMPurify from 'dompurify';

/**
 * Employer HTML ready to render: line breaks become <br>, then DOMPurify keeps the same allow-list the
 * server applies on write (a second line of defence, docs/product.md §2 "rendered ... as raw HTML").
 */
export function jobHtml(text: string | null | undefined): string {
  if (!text) return '';
  return DOMPurify.sanitize(text.replace(/\r?\n/g, '<br>'), {
    ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a'],
    ALLOWED_ATTR: ['href', 'title', 'rel', 'target'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}

/**
 * A job's requirements as a list (a screen reader says "list, 4 items" and each in turn, not one run
 * of text): one item per line, as the server keeps them, without a typed bullet ("- ", "• ", "* "). Text that
 * already holds its own list or paragraphs is shown as written.
 */
export function requirementsHtml(text: string | null | undefined): string {
  if (!text) return '';
  if (/<(ul|ol|p)\b/i.test(text)) return jobHtml(text);
  const items = text
    .split(/\r?\n|<br\s*\/?>/i)
    .map((line) => line.replace(/^\s*(?:[-•*·]|\d+[.)])\s+/, '').trim())
    .filter(Boolean);
  return jobHtml(`<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`);
}
