/**
 * The areas' view of the page's one i18n runtime: `useI18n()` gives the Lingui instance to mark
 * texts with, `i18n._({ id, message, values })`, and re-renders the component when the language changes or
 * an area's catalogue arrives. It lives here because this package is a federation singleton with React: one
 * subscription mechanism and one context for every area (`@lingui/react` is not used: its provider and `Trans`
 * would cost 2 KiB more on the first load, and screens need nothing of it beyond this).
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import { i18n as pageI18n, type I18n } from './i18n';

/**
 * The server render's instance (one per request: renders in different languages run at the same time). In
 * the browser there is no provider and the page's one instance is used.
 */
export const I18nContext = createContext<I18n | null>(null);

// Counted once per change, before any component hears of it (the first listener).
let version = 0;
pageI18n.on('change', () => {
  version += 1;
});
const subscribe = (changed: () => void) => pageI18n.on('change', changed);
const snapshot = () => version;

/** The page's i18n instance; the component renders again on every change of language or catalogue. */
export function useI18n(): I18n {
  const server = useContext(I18nContext);
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return server ?? pageI18n;
}
