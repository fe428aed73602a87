import { useEffect } from 'react';
import { useLocation } from '@btls/shared-auth';
import { PublicLayout } from './public-layout';
import { RemoteArea } from './remote-area';
import { areaFor } from './route-table';

/** The page scrolls to the top on every path change (spec §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Braces matter: recent Chromium returns a promise from scrollTo, and an effect may only return a cleanup.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The bare not-found placeholder of spec §2. */
function NotFound() {
  return (
    <main style={{ padding: '2rem' }}>
      <h1>Page not found</h1>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </main>
  );
}

export function App() {
  const { pathname } = useLocation();
  const area = areaFor(pathname);
  let page;
  if (!area) page = <NotFound />;
  else if (area.layout === 'public') page = <PublicLayout><RemoteArea key={area.remote} area={area} /></PublicLayout>;
  // Panel areas draw their own panel layout (shared-ui) around their pages.
  else page = <RemoteArea key={area.remote} area={area} />;
  return (
    <>
      <ScrollToTop />
      {page}
    </>
  );
}
