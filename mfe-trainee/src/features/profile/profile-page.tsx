import { account, passwordProblem, validation } from '@btls/shared-api';
import { Link, useChangePassword, useNameForm, usePreferences } from '@btls/shared-auth';
import { Button, CheckboxField, ErrorBanner, SuccessBanner, TextField } from '@btls/shared-ui/components';
import { panelPage as panel } from '@btls/shared-ui/panel-page';
import { PasswordChangeForm } from '@btls/shared-ui/password-change';
import styles from '../dashboard/dashboard.module.css';

/** The trainee's own page: name, e-mail (read-only), password, and what we may do with their data. */
export function ProfilePage() {
  const { user, firstName, setFirstName, lastName, setLastName, error, notice, save } = useNameForm(
    validation.requiredFields,
  );
  const changePassword = useChangePassword();
  const settings = usePreferences();

  return (
    <main className={styles.page}>
      <p>
        <Link to="/dashboard">← Back to my dashboard</Link>
      </p>
      <h1>My Profile</h1>
      <form className={panel.card} onSubmit={save} noValidate aria-labelledby="details-title">
        <h2 id="details-title">My details</h2>
        <SuccessBanner>{notice}</SuccessBanner>
        <ErrorBanner>{error}</ErrorBanner>
        <div className={panel.row}>
          <TextField label="First Name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          <TextField label="Last Name" required value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </div>
        <TextField label="Email" type="email" value={user?.email ?? ''} readOnly hint="Your e-mail cannot be changed." />
        <Button type="submit">Save Profile</Button>
      </form>

      <section className={panel.card} aria-labelledby="settings-title">
        <h2 id="settings-title">Privacy and notifications</h2>
        <SuccessBanner>{settings.notice}</SuccessBanner>
        <ErrorBanner>{settings.error}</ErrorBanner>
        {user?.role === 'trainee' && (
          <CheckboxField
            label={account.showInTalentSearchLabel}
            hint={account.showInTalentSearchHint}
            checked={settings.preferences?.showInTalentSearch ?? false}
            disabled={!settings.preferences}
            onChange={(e) => void settings.save({ showInTalentSearch: e.target.checked })}
          />
        )}
        <CheckboxField
          label={account.emailNotificationsLabel}
          hint={account.emailNotificationsHint}
          checked={settings.preferences?.emailNotifications ?? false}
          disabled={!settings.preferences}
          onChange={(e) => void settings.save({ emailNotifications: e.target.checked })}
        />
        <p>
          <Link to="/privacy-policy">What employers see</Link>
        </p>
      </section>

      <PasswordChangeForm check={passwordProblem} change={changePassword} />
    </main>
  );
}
