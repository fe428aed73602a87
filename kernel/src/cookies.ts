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
