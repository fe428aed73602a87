/**
 * The site's own cookies (the language `btlsLang`, the session hint `btlsWho`): small values the browser keeps
 * for a year so that the server renders pages as the device will show them. Read here from a Cookie header or
 * `document.cookie`, written here from the browser.
 */

/** The value of cookie `name` in a Cookie header (or `document.cookie`), or null. */
export function cookieValue(cookies: string | undefined | null, name: string): string | null {
  for (const part of (cookies ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at >= 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** Keeps `value` for a year, or removes the cookie (null). A document without cookies (a sandboxed frame) keeps none. */
export function setSiteCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  try {
    document.cookie = `${name}=${value ?? ''}; path=/; max-age=${value === null ? 0 : 31536000}; samesite=lax${secure}`;
  } catch {
    // no cookies here: the server renders this device's pages as for a first visit
  }
}

/**
 * Issue 25: the candidate releases a tester tries in this browser only (`?release=trainer@1.0.0+3f2a9c1d0b` on
 * any page sets it, `?release=none` ends it): area → version. The server serves remotes.json and renders pages
 * with them for this browser; nobody else sees them.
 */
export const RELEASE_TRIAL_KEY = 'btlsReleases';

/** The versions named in a trial's text (`trainer@1.0.0+3f2a…,public@…`), by area; anything else is left out. */
export function parseReleaseTrial(text: string | null | undefined): Record<string, string> {
  const trial: Record<string, string> = {};
  let decoded: string;
  try {
    decoded = decodeURIComponent(text ?? '');
  } catch {
    return trial;
  }
  for (const item of decoded.split(',')) {
    const match = /^([a-z]{1,30})@([\w.+-]{1,100})$/.exec(item.trim());
    if (match) trial[match[1]!] = match[2]!;
  }
  return trial;
}

/** The trial as a cookie value (null: none). */
export function releaseTrialValue(trial: Record<string, string>): string | null {
  const items = Object.entries(trial).map(([area, version]) => `${area}@${version}`);
  return items.length ? encodeURIComponent(items.join(',')) : null;
}
