/**
 * "A new version is available", with a Reload, when a newer worker (a new release of the shell or of
 * an area) is installed and waiting. Nothing changes until the user taps Reload: a form half filled stays.
 */
import { useI18n } from '@btls/shared-auth';
import { takeNewVersion } from './service-worker';
import styles from './shell.module.css';

export default function NewVersion() {
  const i18n = useI18n();
  return (
    <aside className={styles.bottomBar} aria-label={i18n._({ id: 'shell.update.label', message: 'New version' })}>
      <p role="status">{i18n._({ id: 'shell.update.notice', message: 'A new version is available' })}</p>
      <button type="button" onClick={takeNewVersion}>
        {i18n._({ id: 'shell.update.reload', message: 'Reload' })}
      </button>
    </aside>
  );
}
