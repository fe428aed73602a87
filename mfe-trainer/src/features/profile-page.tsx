import { account, passwordProblem } from '@btls/shared-api';
import { useChangePassword, useNameForm, usePreferences } from '@btls/shared-auth';
import { Button, CheckboxField, ErrorBanner, SuccessBanner, TextField } from '@btls/shared-ui/components';
import { panelPage as styles } from '@btls/shared-ui/panel-page';
import { PasswordChangeForm } from '@btls/shared-ui/password-change';

export function TrainerProfilePage() {
  const { user, firstName, setFirstName, lastName, setLastName, error, notice, save } = useNameForm(
    'First name and last name are required.',
  );
  const changePassword = useChangePassword();
  const settings = usePreferences();

  return (
    <section className={styles.page}>
      <h1>My Profile</h1>
      <form className={styles.card} onSubmit={save} noValidate>
        <SuccessBanner>{notice}</SuccessBanner>
        <ErrorBanner>{error}</ErrorBanner>
        <div className={styles.row}>
          <TextField label="First Name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          <TextField label="Last Name" required value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </div>
        <TextField label="Email" type="email" value={user?.email ?? ''} readOnly hint="Your e-mail cannot be changed here." />
        <Button type="submit">Save Profile</Button>
      </form>
      <section className={styles.card} aria-labelledby="email-settings-title">
        <h2 id="email-settings-title">E-mail notifications</h2>
        <SuccessBanner>{settings.notice}</SuccessBanner>
        <ErrorBanner>{settings.error}</ErrorBanner>
        <CheckboxField
          label={account.emailNotificationsLabel}
          hint={account.emailNotificationsHint}
          checked={settings.preferences?.emailNotifications ?? false}
          disabled={!settings.preferences}
          onChange={(e) => void settings.save({ emailNotifications: e.target.checked })}
        />
      </section>
      <PasswordChangeForm check={passwordProblem} change={changePassword} />
    </section>
  );
}
