/**
 * The top bar's rotating phrases, hidden for good on this device by whoever closed them (the `btlsBanner` cookie:
 * read by the server render too, so a page never shows them and then takes them away).
 */
import { cookieValue, setSiteCookie } from './cookies';

export const BANNER_COOKIE = 'btlsBanner';

/** Hidden for a request: this device closed the phrases. */
export const bannerHiddenOf = (headers: { cookie?: string }): boolean =>
  cookieValue(headers.cookie, BANNER_COOKIE) === 'hidden';

/** Hidden in this browser. */
export const bannerHidden = (): boolean =>
  typeof document !== 'undefined' && cookieValue(document.cookie, BANNER_COOKIE) === 'hidden';

/** Closes the phrases on this device for a year. */
export function hideBanner(): void {
  setSiteCookie(BANNER_COOKIE, 'hidden');
}
