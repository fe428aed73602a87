/**
 * The page's speed as its visitor felt it (Web Vitals, measured by the browser): LCP and CLS of the page it
 * opened on, INP of the taps on each area's page. Loaded once the page has settled — the browser keeps the
 * entries meanwhile — and sent with the area's load ticket when the page is put away (area-reports.ts), so each
 * release's speed on real phones is known and a slower rollout is stopped like one that breaks.
 */
import { onCLS, onINP, onLCP } from 'web-vitals';
import type { RemotesJson } from '@btls/build-config/remotes';
import { recordSpeed } from './area-reports';
import { areaFor } from './route-table';

export function watchSpeed(areas: RemotesJson, landingPath: string) {
  const landing = areaFor(areas, landingPath)?.remote;
  if (landing) {
    onLCP((metric) => recordSpeed(landing, 'lcp', metric.value));
    onCLS((metric) => recordSpeed(landing, 'cls', metric.value));
  }
  // Each slower tap as it happens, on the area whose page it was on.
  onINP(
    (metric) => {
      const shown = areaFor(areas, location.pathname)?.remote;
      if (shown) recordSpeed(shown, 'inp', metric.value);
    },
    { reportAllChanges: true },
  );
}
