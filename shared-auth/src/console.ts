/**
 * The admin console is an origin of its own, where the shell serves the admin area alone. Its page says so in a
 * block of JSON the server writes in (never run: the console's policy runs no inline script), with the site's
 * address for the panel's "Public site" link. The site's pages carry none.
 */

/** The element of the console's page that marks it (the API's web layer writes it). */
export const CONSOLE_ELEMENT_ID = 'btls-console';

export interface ConsolePage {
  /** The site's address (its origin), opened as a visitor there; null when the page does not say it. */
  site: string | null;
}

let read: { page: ConsolePage | null } | undefined;

/** The console's mark of this page, or null on the site (and on the server, which renders no console page). */
export function consoleOfThePage(): ConsolePage | null {
  if (typeof document === 'undefined') return null;
  if (read) return read.page;
  let page: ConsolePage | null = null;
  try {
    const text = document.getElementById(CONSOLE_ELEMENT_ID)?.textContent;
    const parsed = text ? (JSON.parse(text) as Partial<ConsolePage>) : null;
    // Only an http(s) address becomes a link.
    if (parsed)
      page = { site: typeof parsed.site === 'string' && /^https?:\/\//.test(parsed.site) ? parsed.site : null };
  } catch {
    page = null;
  }
  read = { page };
  return page;
}

/** Forgets what was read (tests that write a page's mark in, then take it out). */
export function forgetConsolePage(): void {
  read = undefined;
}

/**
 * The address of a page of the site (a course, a certificate) as a link from any page: on the console, on the
 * site's origin (the console serves no page but the admin's); on the site, the path itself.
 */
export function siteHref(path: string): string {
  return `${consoleOfThePage()?.site ?? ''}${path}`;
}
