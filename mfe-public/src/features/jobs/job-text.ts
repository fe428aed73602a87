import DOMPurify from 'dompurify';

/**
 * Employer HTML ready to render: line breaks become <br>, then DOMPurify keeps the same allow-list the
 * server applies on write (a second line of defence, spec §2 "rendered ... as raw HTML").
 */
export function jobHtml(text: string | null | undefined): string {
  if (!text) return '';
  return DOMPurify.sanitize(text.replace(/\r?\n/g, '<br>'), {
    ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a'],
    ALLOWED_ATTR: ['href', 'title', 'rel', 'target'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}
