/** The one offer to install the app (install.ts), fixed at the bottom: it moves nothing on the page. */
import { useAuth, useI18n } from '@btls/shared-auth';
import { installOffer } from './install';
import styles from './shell.module.css';

export default function InstallOffer() {
  const i18n = useI18n();
  const { role } = useAuth();
  return (
    <aside className={styles.bottomBar} aria-label={i18n._({ id: 'shell.install.label', message: 'Install the app' })}>
      <p>
        {/* Words for who sees it: a trainee's certificate, anyone's courses and jobs. */}
        {role === 'trainee'
          ? i18n._({
              id: 'shell.install.notice',
              message:
                'Add BTLS Coffee to your home screen: it opens like an app, and your certificate is one tap away.',
            })
          : i18n._({
              id: 'shell.install.noticeVisitor',
              message: 'Add BTLS Coffee to your home screen: it opens like an app, with courses and jobs one tap away.',
            })}
      </p>
      <button type="button" onClick={() => void installOffer.accept()}>
        {i18n._({ id: 'shell.install.accept', message: 'Install' })}
      </button>
      <button type="button" onClick={installOffer.decline}>
        {i18n._({ id: 'shell.install.decline', message: 'Not now' })}
      </button>
    </aside>
  );
}
