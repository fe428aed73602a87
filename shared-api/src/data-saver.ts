/**
 * The data saver. On when the browser asks for less data (`Save-Data: on`, which Chromium sends when
 * its Lite mode or the system's data saver is on; `navigator.connection.saveData` in the page) or when the user
 * turned it on in their profile (the `btlsSaveData` cookie: this device's choice, read by the server render
 * too). Then images come at their smallest width, the carousel does not turn by itself and nothing is fetched
 * ahead (the service worker keeps only what was used).
 */
import { cookieValue, setSiteCookie } from './cookies';

export const DATA_SAVER_COOKIE = 'btlsSaveData';

/** On for a request: its `Save-Data` header or this device's profile setting. */
export function dataSaverOf(headers: { cookie?: string; 'save-data'?: string }): boolean {
  return /^on$/i.test(headers['save-data']?.trim() ?? '') || cookieValue(headers.cookie, DATA_SAVER_COOKIE) === 'on';
}

/** The device's own choice from the profile: on, or null (then the browser's setting decides). */
export const dataSaverChosen = (): boolean =>
  typeof document !== 'undefined' && cookieValue(document.cookie, DATA_SAVER_COOKIE) === 'on';

/** On in this browser: the profile's choice, or the browser's own data saver. */
export function dataSaverOn(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return dataSaverChosen() || connection?.saveData === true;
}

/** The profile's setting, kept on this device for a year (the server renders its pages by it). */
export function chooseDataSaver(on: boolean): void {
  setSiteCookie(DATA_SAVER_COOKIE, on ? 'on' : null);
}
