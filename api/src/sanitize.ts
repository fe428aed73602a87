import sanitizeHtml from 'sanitize-html';

/** The allow-list for employer HTML (job description and requirements). */
const allowList: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a'],
  // rel and target come from the transform below, which runs before this filter, so they are listed too.
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

export function sanitizeEmployerHtml(html: string): string {
  return sanitizeHtml(html, allowList).trim();
}

/**
 * Plain text of a job description, cut for the list cards. Safe in HTML too: the angle brackets a text may
 * hold (e.g. a written "&lt;img …&gt;") become look-alike quotation marks, so the snippet can never be markup.
 */
export function snippetOf(html: string, max = 150): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/li)\s*\/?>/gi, ' $&'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
  return plainTextSafeInHtml(cut);
}

/** Text without '<' and '>' (‹ ›): no HTML parser can read a tag in it. Also applied to stored snippets. */
export const plainTextSafeInHtml = (text: string) => text.replace(/</g, '‹').replace(/>/g, '›');
