/**
 * "Change password" on every profile page. The area passes the product's checks and the call; the form keeps
 * its fields on failure and clears them on success.
 */
import { useState, type FormEvent } from 'react';
import { translateMessage } from '@btls/shared-api';
import { useI18n } from '@btls/shared-auth';
import { Button, SuccessBanner, TextField } from './components';
import { FormProblem, useFormProblem } from './form-problem';
import { panelPage as styles } from './panel-page';

export interface PasswordChangeFormProps {
  /** The form checks of a new password and its confirmation; null when fine. */
  check(newPassword: string, confirmation: string): string | null;
  /** Changes the password; resolves to the message to show. */
  change(currentPassword: string, newPassword: string): Promise<string>;
}

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordChangeForm({ check, change }: PasswordChangeFormProps) {
  const i18n = useI18n();
  const [fields, setFields] = useState(empty);
  const problem = useFormProblem();
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const bind = (name: keyof typeof empty) => ({
    name,
    value: fields[name],
    required: true,
    type: 'password',
    error: problem.errorFor(name),
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    // Every problem at once: the current password left empty, the new one's own (checked as its own
    // confirmation), and a confirmation that differs, each on its field.
    const own = check(fields.newPassword, fields.newPassword);
    const together = check(fields.newPassword, fields.confirmPassword);
    const found = [
      ...(fields.currentPassword
        ? []
        : [
            {
              message: i18n._({ id: 'password.currentRequired', message: 'Enter your current password.' }),
              field: 'currentPassword',
            },
          ]),
      ...(own ? [{ message: translateMessage(own), field: 'newPassword' }] : []),
      ...(together && together !== own ? [{ message: translateMessage(together), field: 'confirmPassword' }] : []),
    ];
    if (found.length) return problem.refuseAll(found);
    problem.clear();
    setBusy(true);
    try {
      setNotice(await change(fields.currentPassword, fields.newPassword));
      setFields(empty);
    } catch (failure) {
      problem.fail(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={problem.formRef}
      className={styles.card}
      onSubmit={submit}
      noValidate
      aria-labelledby="change-password-title"
    >
      <h2 id="change-password-title">{i18n._({ id: 'password.title', message: 'Change password' })}</h2>
      <SuccessBanner>{notice}</SuccessBanner>
      <FormProblem problem={problem.problem} />
      <TextField
        label={i18n._({ id: 'password.current', message: 'Current Password' })}
        autoComplete="current-password"
        {...bind('currentPassword')}
      />
      <div className={styles.row}>
        <TextField
          label={i18n._({ id: 'password.new', message: 'New Password' })}
          autoComplete="new-password"
          placeholder={i18n._({ id: 'password.newHint', message: 'min. 6 characters' })}
          {...bind('newPassword')}
        />
        <TextField
          label={i18n._({ id: 'password.confirm', message: 'Confirm New Password' })}
          autoComplete="new-password"
          {...bind('confirmPassword')}
        />
      </div>
      <p className={styles.hint}>
        {i18n._({ id: 'password.signsOut', message: 'Changing it signs you out everywhere else.' })}
      </p>
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy
            ? i18n._({ id: 'password.changing', message: 'Changing...' })
            : i18n._({ id: 'password.submit', message: 'Change Password' })}
        </Button>
      </div>
    </form>
  );
}
