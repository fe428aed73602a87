import { Suspense, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { lazyPart } from '@btls/shared-ui/lazy-page';
import { RELEASE_TRIAL_KEY } from '@btls/shared-api/release-trial';
import { consoleOfThePage, Link, paths, useI18n, useLocation } from '@btls/shared-auth';
import { useRoomBelow } from './bottom-bar';
import { offline, waitingVersion } from './app-state';
import { installOffer } from './install';
import { PageFocus } from './page-focus';
import { PublicLayout } from './public-layout';
import { RemoteArea, Unavailable } from './remote-area';
import { areaFor, AreasContext } from './route-table';
import styles from './shell.module.css';

/**
 * The page scrolls to the top on every path change (docs/product.md §2). Not when the page first loads: the browser
 * places it (at the top, at a #fragment, where it was before a reload), and a reader who scrolled a
 * server-rendered page before its script arrived stays where they are.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // Braces matter: recent Chromium returns a promise from scrollTo, and an effect may only return a cleanup.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The not-found page (docs/product.md §2), inside the public layout so the visitor keeps the menu and a way back. */
function NotFound() {
  const i18n = useI18n();
  const title = i18n._({ id: 'shell.notFound.title', message: 'Page not found' });
  return (
    <main className={styles.notFound}>
      <title>{`${title} · BTLS Coffee`}</title>
      <h1>{title}</h1>
      <p>{i18n._({ id: 'shell.notFound.body', message: 'The page you asked for does not exist or has moved.' })}</p>
      <p>
        <Link to="/">{i18n._({ id: 'shell.notFound.home', message: 'Back to the home page' })}</Link> ·{' '}
        <Link to={paths.courses}>{i18n._({ id: 'shell.notFound.courses', message: 'Browse courses' })}</Link> ·{' '}
        <Link to={paths.jobs}>{i18n._({ id: 'shell.notFound.jobs', message: 'See jobs' })}</Link>
      </p>
    </main>
  );
}

/** A bar or banner of its own chunk, fetched only once there is something to show. */
function WhenShown({ shown, children }: { shown: unknown; children: ReactNode }) {
  return shown ? <Suspense fallback={null}>{children}</Suspense> : null;
}
const useStore = <T,>(store: { subscribe: (listener: () => void) => () => void; current: () => T }, server: T) =>
  useSyncExternalStore(store.subscribe, store.current, () => server);

/** A tester's candidate releases, when this browser has a trial. */
const ReleaseTrialBar = lazyPart(async () => (await import('./release-trial')).default, { quiet: true });
/** The admin console's pages (on its own origin only): a chunk the site never loads. */
const ConsoleApp = lazyPart(async () => (await import('./console/console-pages')).ConsoleApp);
/** The offer to install the app, when the browser makes one. */
const InstallOfferBar = lazyPart(async () => (await import('./install-offer')).default, { quiet: true });
/** A newer version installed and waiting for the Reload. */
const NewVersionBar = lazyPart(async () => (await import('./new-version')).default, { quiet: true });

/**
 * Offline, the page says so and what it shows. Its chunk is fetched once the page has loaded (main.tsx), so it
 * is at hand when the signal drops, even before the service worker keeps anything.
 */
export const loadOfflineBanner = () => import('./offline-banner');
const OfflineBannerView = lazyPart(async () => (await loadOfflineBanner()).default, { quiet: true });
const OfflineBanner = () => (
  <WhenShown shown={useStore(offline, false)}>
    <OfflineBannerView />
  </WhenShown>
);

/**
 * The bar fixed at the bottom, in a container that leaves room below the page for it. One at a time, the most
 * pressing first (a new version waiting, then a tester's trial, then the install offer): stacked, they took a
 * third of a small phone's screen.
 */
function BottomBars() {
  const bars = useRef<HTMLDivElement>(null);
  useRoomBelow(bars);
  const waiting = useStore(waitingVersion, null);
  const [tried, setTried] = useState(false);
  useEffect(() => setTried(document.cookie.includes(`${RELEASE_TRIAL_KEY}=`)), []);
  const offered = useStore(installOffer, false);
  const Bar = waiting ? NewVersionBar : tried ? ReleaseTrialBar : offered ? InstallOfferBar : null;
  return (
    <div ref={bars} className={styles.bottomBars}>
      <WhenShown shown={Bar}>{Bar && <Bar />}</WhenShown>
    </div>
  );
}

export function App() {
  const { pathname } = useLocation();
  // Null: the map of areas could not be had (offline on a page never kept): the page cannot know its area yet.
  const areas = useContext(AreasContext);
  const area = areas && areaFor(areas, pathname);
  let page;
  if (consoleOfThePage())
    page = (
      <Suspense fallback={null}>
        <ConsoleApp pathname={pathname} areas={areas} />
      </Suspense>
    );
  else if (!areas)
    page = (
      <PublicLayout>
        <Unavailable onRetry={() => location.reload()} />
      </PublicLayout>
    );
  else if (!area)
    page = (
      <PublicLayout>
        <NotFound />
      </PublicLayout>
    );
  else if (area.layout === 'public')
    page = (
      <PublicLayout>
        <RemoteArea key={area.remote} area={area} />
      </PublicLayout>
    );
  // Panel areas draw their own panel layout (shared-ui) around their pages.
  else page = <RemoteArea key={area.remote} area={area} />;
  return (
    <>
      <ScrollToTop />
      <PageFocus nameFromHeading={!!area && !area.serverRendered} />
      <OfflineBanner />
      {page}
      <BottomBars />
    </>
  );
}
