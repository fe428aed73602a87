/**
 * A tester trying candidate releases in this browser (`?release=trainer@1.0.0+…` on any page) sees
 * which, and can stop. Shown once the page is the browser's (the trial is this browser's cookie), fixed at
 * the bottom: it moves nothing on the page. Loaded only for a browser with a trial (app.tsx).
 */
import { useEffect, useState } from 'react';
import { cookieValue, setSiteCookie } from '@btls/shared-api';
import { parseReleaseTrial, RELEASE_TRIAL_KEY } from '@btls/shared-api/release-trial';
import { useI18n } from '@btls/shared-auth';
import styles from './shell.module.css';

export default function ReleaseTrial() {
  const i18n = useI18n();
  const [tried, setTried] = useState<string[]>([]);
  useEffect(() => {
    const trial = parseReleaseTrial(cookieValue(document.cookie, RELEASE_TRIAL_KEY));
    const releases = Object.entries(trial).map(([area, version]) => `${area}@${version}`);
    setTried(releases);
  }, []);
  if (!tried.length) return null;
  return (
    <aside
      className={styles.bottomBar}
      aria-label={i18n._({ id: 'shell.releaseTrial.label', message: 'Release trial' })}
    >
      <p>
        {i18n._({
          id: 'shell.releaseTrial.notice',
          message: 'Trying {releases} in this browser only.',
          values: { releases: tried.join(', ') },
        })}
      </p>
      <button
        type="button"
        onClick={() => {
          setSiteCookie(RELEASE_TRIAL_KEY, null);
          // The page again without the trial (and without a `?release=` that would start it again).
          const url = new URL(location.href);
          url.searchParams.delete('release');
          location.replace(url.href);
        }}
      >
        {i18n._({ id: 'shell.releaseTrial.stop', message: 'Stop trying' })}
      </button>
    </aside>
  );
}
