import { account, passwordProblem, translateMessage, validation } from '@btls/shared-api';
import { Link, paths, useChangePassword, useI18n, useNameForm, usePreferences } from '@btls/shared-auth';
import { CheckboxField, ErrorBanner, SuccessBanner } from '@btls/shared-ui/components';
import { panelPage as panel } from '@btls/shared-ui/panel-page';
import { PasswordChangeForm } from '@btls/shared-ui/password-change';
import { DataSaverSettings, EmailNotificationsField, NameForm } from '@btls/shared-ui/profile';
import styles from '../dashboard/dashboard.module.css';

/** The trainee's own page: name, e-mail (read-only), password, and what we may do with their data. */
export function ProfilePage() {
  const i18n = useI18n();
  const nameForm = useNameForm(validation.requiredFields);
  const { user } = nameForm;
  const changePassword = useChangePassword();
  const settings = usePreferences();

  return (
    <main className={styles.page}>
      <p>
        <Link className={styles.action} to={paths.dashboard}>
          ← {i18n._({ id: 'trainee.profile.back', message: 'Back to my dashboard' })}
        </Link>
      </p>
      <h1>{i18n._({ id: 'trainee.profile.title', message: 'My Profile' })}</h1>
      <NameForm
        form={nameForm}
        emailHint={i18n._({ id: 'trainee.profile.emailHint', message: 'Your e-mail cannot be changed.' })}
        heading={i18n._({ id: 'trainee.profile.details', message: 'My details' })}
      />

      <section className={panel.card} aria-labelledby="settings-title">
        <h2 id="settings-title">{i18n._({ id: 'trainee.profile.privacy', message: 'Privacy and notifications' })}</h2>
        <SuccessBanner>{settings.notice}</SuccessBanner>
        <ErrorBanner>{translateMessage(settings.error)}</ErrorBanner>
        {user?.role === 'trainee' && (
          <CheckboxField
            label={translateMessage(account.showInTalentSearchLabel)}
            hint={translateMessage(account.showInTalentSearchHint)}
            checked={settings.preferences?.showInTalentSearch ?? false}
            disabled={!settings.preferences}
            onChange={(e) => void settings.save({ showInTalentSearch: e.target.checked })}
          />
        )}
        <EmailNotificationsField settings={settings} />
        <p>
          <Link className={styles.action} to={paths.privacyPolicy}>
            {i18n._({ id: 'trainee.profile.whatEmployersSee', message: 'What employers see' })}
          </Link>
        </p>
      </section>

      <DataSaverSettings />
      <PasswordChangeForm check={passwordProblem} change={changePassword} />
    </main>
  );
}
