import '@btls/shared-ui/tokens.css';
import { createQueryClient, hydrate } from '@btls/shared-api';
import { useSessionStore } from '@btls/shared-auth';
import { connectLanguageToSession, startLanguage } from './language';
import { watchNetwork } from './app-state';
import { installOffer, listenForInstallOffer } from './install';
import { ensureRemotesRegistered } from './remotes';
import { watchAreas } from './area-reports';
import { SERVER_DATA_ID } from './server-data';

// Start fetching /remotes.json at once; an area that needs it waits for it (and offers Retry on failure).
watchAreas();
ensureRemotesRegistered().catch((error: unknown) => console.error('Could not load /remotes.json:', error));

const queryClient = createQueryClient();
// A page rendered on the server comes with the data it shows: the browser takes both over as they are.
const serverData = document.getElementById(SERVER_DATA_ID);
if (serverData?.textContent) hydrate(queryClient, JSON.parse(serverData.textContent));
// One cache for the page: what one account was shown must not show to the next (a sign-out, another sign-in).
// A new token for the same account (a password change) keeps it.
useSessionStore.subscribe((now, before) => {
  if (before.user && now.user?.id !== before.user.id) queryClient.clear();
  // A sign-in is what makes an app on the home screen worth offering on a first visit.
  if (now.user && !before.user) installOffer.signedIn();
});

connectLanguageToSession();
listenForInstallOffer();
watchNetwork();

/**
 * The rest of the start-up in steps, each a task of its own: the shell's texts in the page's language (the remotes
 * map is fetched meanwhile), React DOM, then the app. Their modules are all preloaded with the page; run as one
 * task once they had arrived, they held a low-end phone's main thread for up to half a second.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void startLanguage(!!serverData)
  .then(nextTask)
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./start-app'))
  .then(({ startApp }) => startApp(queryClient, serverData))
  .catch((error: unknown) => console.error('The page could not start:', error));
