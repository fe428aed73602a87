/**
 * DOMPurify needs a DOM; on the server the same allow-list (job-text.ts) is applied with sanitize-html, so the
 * server-rendered job text is what the browser's DOMPurify pass would give.
 */
import sanitizeHtml from 'sanitize-html';

interface Config {
  ALLOWED_TAGS: string[];
  ALLOWED_ATTR: string[];
  ALLOWED_URI_REGEXP: RegExp;
}

function sanitize(dirty: string, config: Config): string {
  return sanitizeHtml(dirty, {
    allowedTags: config.ALLOWED_TAGS,
    allowedAttributes: { '*': config.ALLOWED_ATTR },
    // Only the URL schemes the regular expression admits (http, https, mailto).
    allowedSchemes: ['http', 'https', 'mailto'].filter((scheme) => config.ALLOWED_URI_REGEXP.test(`${scheme}:`)),
    allowedSchemesAppliedToAttributes: ['href'],
    selfClosing: ['br'],
  });
}

export default { sanitize };
