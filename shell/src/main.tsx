import '@btls/shared-ui/tokens.css';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { configureApi, createQueryClient, hydrate, i18n, QueryClientProvider } from '@btls/shared-api';
import { AuthProvider, BrowserRouter, consoleOfThePage, useSessionStore, type SessionHint } from '@btls/shared-auth';
import { App, loadOfflineBanner } from './app';
import { connectLanguageToSession, followDeviceChoice, startLanguage } from './language';
import { watchNetwork } from './app-state';
import { installOffer, listenForInstallOffer } from './install';
import { areasOfThePage } from './remotes';
import { AreasContext } from './route-table';
import { watchAreas } from './area-reports';
import { asArrived, SERVER_DATA_ID, SESSION_HINT_KEY } from './server-data';
import { yieldToInput } from './main-thread';

// The map of areas: the page's own (the server writes it in), else /remotes.json's, asked for at once.
const landingPath = location.pathname;
watchAreas();
const areas = areasOfThePage().catch((error: unknown) => {
  console.error('Could not load the map of areas:', error);
  return null;
});

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
// A page rendered on the server comes with the data it shows: the browser takes both over as they are.
const serverData = document.getElementById(SERVER_DATA_ID);
if (serverData?.textContent)
  hydrate(queryClient, asArrived(JSON.parse(serverData.textContent), performance.timeOrigin || Date.now()));
// One cache for the page: what one account was shown must not show to the next (a sign-out, another sign-in).
// A new token for the same account (a password change) keeps it.
useSessionStore.subscribe((now, before) => {
  if (before.user && now.user?.id !== before.user.id) queryClient.clear();
  // A sign-in is what makes an app on the home screen worth offering on a first visit.
  if (now.user && !before.user) installOffer.signedIn();
});

connectLanguageToSession();
// What the business writes (courses, jobs) comes in the page's language: a switch asks again for what is shown.
let shownLanguage = i18n.locale;
i18n.on('change', () => {
  if (shownLanguage && i18n.locale !== shownLanguage) void queryClient.invalidateQueries();
  shownLanguage = i18n.locale;
});
watchNetwork();
// The service worker registers once the page has loaded and settled (its code a chunk of its own): what
// it keeps for offline use then never competes with what the page itself still fetches on a slow link (the
// carousel, images below the fold), nor with its first taps.
const registerWorker = () =>
  void import('./service-worker')
    .then(({ startServiceWorker }) => startServiceWorker(queryClient))
    .catch((error: unknown) => console.warn('Service worker:', error));
const WORKER_AFTER_LOAD_MS = 5000;
const registerLater = () =>
  setTimeout(
    () => ('requestIdleCallback' in window ? requestIdleCallback(registerWorker) : registerWorker()),
    WORKER_AFTER_LOAD_MS,
  );
// What the page needs when the signal drops is fetched as soon as the page has loaded: the offline banner (a
// page whose signal drops in its first seconds stays, and says so).
// The page's speed is measured from when it settles (the browser keeps what happened before).
// (Within two seconds even on a phone busy all along: a visit measured late is better than one not measured.)
const watchSpeed = () =>
  void areas
    .then((map) => map && import('./page-speed').then(({ watchSpeed }) => watchSpeed(map, landingPath)))
    .catch((error: unknown) => console.warn('Page speed:', error));
const watchSpeedWhenIdle = () =>
  'requestIdleCallback' in window ? requestIdleCallback(watchSpeed, { timeout: 2000 }) : setTimeout(watchSpeed);
const afterLoad = () => {
  void loadOfflineBanner().catch(() => undefined);
  watchSpeedWhenIdle();
  registerLater();
};
if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad, { once: true });

/**
 * Says the page is taken over: the loader (build-config/after-paint.js) then presses again what a visitor pressed
 * before the page's script was there to answer it.
 */
function Awake() {
  useEffect(() => {
    document.dispatchEvent(new Event('btls:awake'));
  }, []);
  return null;
}

const app = (map: Awaited<typeof areas>) => (
  <StrictMode>
    <Awake />
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {/* Taken over as the server rendered it: for the session hint it was rendered for. */}
        <AuthProvider
          serverRendered={!!serverData}
          hint={queryClient.getQueryData<SessionHint | null>(SESSION_HINT_KEY) ?? null}
        >
          <AreasContext.Provider value={map}>
            <App />
          </AreasContext.Provider>
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

// The shell's texts in the page's language first, and the map of areas (at hand unless it had to be fetched);
// then the page is taken over, and what can wait for that comes last: each step a task of its own, the visitor's
// taps let in between (on a low-end phone the start in one piece blocked them for a quarter of a second).
// On the admin console, a request refused for want of a recent proof asks the admin again (before any call).
const consoleReady = consoleOfThePage()
  ? import('./console/sudo').then(({ askingFetch }) => configureApi({ fetch: askingFetch() }))
  : undefined;
void Promise.all([areas, startLanguage(!!serverData), consoleReady]).then(async ([map]) => {
  await yieldToInput();
  if (serverData) {
    // The page is already painted: taking it over is a transition, done in slices that leave the main thread
    // free between them (as one task it blocked taps for a few hundred ms on a mid-range phone). React
    // still hydrates first the part a visitor taps, and replays the tap.
    startTransition(() => {
      hydrateRoot(root, app(map), { onRecoverableError: (error) => console.warn('Hydration:', error) });
    });
  } else createRoot(root).render(app(map));
  await yieldToInput();
  // (The browser makes its offer once the service worker is there, seconds after the page has loaded.)
  listenForInstallOffer();
  if (serverData) followDeviceChoice();
});
