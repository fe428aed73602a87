/**
 * The React part of the start-up: the app on the server's page (hydrated) or on the empty one (rendered), then
 * what the page wants once it has loaded. main.tsx loads it as the last of its steps.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider, type createQueryClient } from '@btls/shared-api';
import { AuthProvider, BrowserRouter, type SessionHint } from '@btls/shared-auth';
import { App, loadOfflineBanner } from './app';
import { followDeviceChoice } from './language';
import { SESSION_HINT_KEY } from './server-data';

type QueryClient = ReturnType<typeof createQueryClient>;

// The service worker registers once the page has loaded and settled (its code a chunk of its own): what
// it keeps for offline use then never competes with what the page itself still fetches on a slow link (the
// carousel, images below the fold), nor with its first taps.
const WORKER_AFTER_LOAD_MS = 5000;

function afterLoad(queryClient: QueryClient) {
  const registerWorker = () =>
    void import('./service-worker')
      .then(({ startServiceWorker }) => startServiceWorker(queryClient))
      .catch((error: unknown) => console.warn('Service worker:', error));
  // What the page needs when the signal drops is fetched as soon as the page has loaded: the offline banner (a
  // page whose signal drops in its first seconds stays, and says so).
  void loadOfflineBanner().catch(() => undefined);
  setTimeout(
    () => ('requestIdleCallback' in window ? requestIdleCallback(registerWorker) : registerWorker()),
    WORKER_AFTER_LOAD_MS,
  );
}

export function startApp(queryClient: QueryClient, serverData: HTMLElement | null) {
  if (document.readyState === 'complete') afterLoad(queryClient);
  else window.addEventListener('load', () => afterLoad(queryClient), { once: true });

  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          {/* Taken over as the server rendered it: for the session hint it was rendered for. */}
          <AuthProvider
            serverRendered={!!serverData}
            hint={queryClient.getQueryData<SessionHint | null>(SESSION_HINT_KEY) ?? null}
          >
            <App />
          </AuthProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
  if (serverData) {
    // The page is already painted: taking it over is a transition, done in slices that leave the main thread
    // free between them (as one task it blocked taps for a few hundred ms on a mid-range phone). React
    // still hydrates first the part a visitor taps, and replays the tap.
    startTransition(() => {
      hydrateRoot(root, app, { onRecoverableError: (error) => console.warn('Hydration:', error) });
    });
    followDeviceChoice();
  } else createRoot(root).render(app);
}
