import { passwordProblem } from '@btls/shared-api';
import { useChangePassword, useI18n, useNameForm, usePreferences } from '@btls/shared-auth';
import { ErrorBanner, SuccessBanner } from '@btls/shared-ui/components';
import { panelPage as styles } from '@btls/shared-ui/panel-page';
import { PasswordChangeForm } from '@btls/shared-ui/password-change';
import { DataSaverSettings, EmailNotificationsField, NameForm } from '@btls/shared-ui/profile';

export function TrainerProfilePage() {
  const i18n = useI18n();
  const nameForm = useNameForm(
    i18n._({ id: 'trainer.profile.nameRequired', message: 'First name and last name are required.' }),
  );
  const changePassword = useChangePassword();
  const settings = usePreferences();

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'trainer.profile.title', message: 'My Profile' })}</h1>
      <NameForm
        form={nameForm}
        emailHint={i18n._({ id: 'trainer.profile.emailHint', message: 'Your e-mail cannot be changed here.' })}
      />
      <section className={styles.card} aria-labelledby="email-settings-title">
        <h2 id="email-settings-title">
          {i18n._({ id: 'trainer.profile.emailNotifications', message: 'E-mail notifications' })}
        </h2>
        <SuccessBanner>{settings.notice}</SuccessBanner>
        <ErrorBanner>{settings.error}</ErrorBanner>
        <EmailNotificationsField settings={settings} />
      </section>
      <DataSaverSettings />
      <PasswordChangeForm check={passwordProblem} change={changePassword} />
    </section>
  );
}
