/**
 * Offline, honestly shown. "You are offline — showing what was saved on {when}": when the page was
 * saved (the service worker marks a page it answers from its saved copy), else when the page last heard from
 * the server. A page never saved on this phone (the worker answers its address with the shell alone) may still
 * show whole, from code the phone kept (About has no data to save): the banner then says only that the phone is
 * offline, and a part that cannot show says so where it would be.
 */
import { useSyncExternalStore } from 'react';
import { lastAnswer } from '@btls/shared-api';
import { SW_SAVED_AT_META } from '@btls/shared-api/service-worker';
import { useI18n } from '@btls/shared-auth';
import { formatMoment } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import styles from './shell.module.css';

/** The page's own saved time: an ISO time, '' for a page never saved, null for a page from the network. */
function pageSavedAt(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${SW_SAVED_AT_META}"]`)?.content ?? null;
}

export default function OfflineBanner() {
  const i18n = useI18n();
  const locale = useLocale();
  const answeredAt = useSyncExternalStore(lastAnswer.subscribe, lastAnswer.current);
  const saved = pageSavedAt();
  const when = saved || answeredAt;
  return (
    <div className={styles.offline} role="status">
      {saved === '' && !answeredAt
        ? i18n._({ id: 'shell.offline.now', message: 'You are offline.' })
        : i18n._({
            id: 'shell.offline.saved',
            message: 'You are offline — showing what was saved on {when}',
            values: { when: formatMoment(when ?? new Date().toISOString(), locale) },
          })}
    </div>
  );
}
