/**
 * The parts the trainee's and the trainer's profile pages share: their name form (the state comes from
 * shared-auth's `useNameForm`) and the e-mail notifications choice (from `usePreferences`). Each page keeps its
 * own heading, hint texts and the other settings it offers.
 */
import { useId, useState, type FormEvent } from 'react';
import { account, chooseDataSaver, dataSaverChosen, translateMessage } from '@btls/shared-api';
import { useI18n, type NameRefusal } from '@btls/shared-auth';
import { Button, CheckboxField, SuccessBanner, TextField } from './components';
import { FormProblem, useFormProblem } from './form-problem';
import { panelPage as styles } from './panel-page';

/** What `useNameForm` answers. */
export interface NameFormState {
  user: { email: string } | null;
  firstName: string;
  setFirstName(value: string): void;
  lastName: string;
  setLastName(value: string): void;
  notice: string;
  save(event: FormEvent): Promise<NameRefusal | null>;
}

/** First and last name to change, the e-mail shown read-only (`emailHint` says why), Save Profile. */
export function NameForm({ form, emailHint, heading }: { form: NameFormState; emailHint: string; heading?: string }) {
  const i18n = useI18n();
  const headingId = useId();
  const problem = useFormProblem();
  async function submit(event: FormEvent) {
    const refused = await form.save(event);
    if (!refused) return problem.clear();
    if ('failure' in refused) return problem.fail(refused.failure);
    // Both names left empty are both said, each beside its field (the form's check names the first it found).
    const message = translateMessage(refused.message);
    const blank = (['firstName', 'lastName'] as const).filter((name) => !form[name].trim());
    problem.refuseAll(blank.length ? blank.map((field) => ({ message, field })) : [{ message, field: refused.field }]);
  }
  return (
    <form
      ref={problem.formRef}
      className={styles.card}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={heading ? headingId : undefined}
    >
      {heading && <h2 id={headingId}>{heading}</h2>}
      <SuccessBanner>{form.notice}</SuccessBanner>
      <FormProblem problem={problem.problem} />
      <div className={styles.row}>
        <TextField
          label={i18n._({ id: 'profile.firstName', message: 'First Name' })}
          name="firstName"
          required
          value={form.firstName}
          error={problem.errorFor('firstName')}
          onChange={(e) => form.setFirstName(e.target.value)}
        />
        <TextField
          label={i18n._({ id: 'profile.lastName', message: 'Last Name' })}
          name="lastName"
          required
          value={form.lastName}
          error={problem.errorFor('lastName')}
          onChange={(e) => form.setLastName(e.target.value)}
        />
      </div>
      <TextField
        label={i18n._({ id: 'profile.email', message: 'Email' })}
        type="email"
        value={form.user?.email ?? ''}
        readOnly
        hint={emailHint}
      />
      <Button type="submit">{i18n._({ id: 'profile.save', message: 'Save Profile' })}</Button>
    </form>
  );
}

/** The "send me e-mails" choice, saved as soon as it changes (disabled until the settings have come). */
export function EmailNotificationsField({
  settings,
}: {
  settings: {
    preferences: { emailNotifications: boolean } | null;
    save(change: { emailNotifications: boolean }): unknown;
  };
}) {
  return (
    <CheckboxField
      label={translateMessage(account.emailNotificationsLabel)}
      hint={translateMessage(account.emailNotificationsHint)}
      checked={settings.preferences?.emailNotifications ?? false}
      disabled={!settings.preferences}
      onChange={(e) => void settings.save({ emailNotifications: e.target.checked })}
    />
  );
}

/**
 * The data saver, this phone's choice (the browser's own data saver turns it on too): the smallest
 * images, a carousel that turns only when asked, nothing downloaded ahead for offline use.
 */
export function DataSaverSettings() {
  const i18n = useI18n();
  const [on, setOn] = useState(dataSaverChosen);
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{i18n._({ id: 'profile.dataSaver.title', message: 'On this phone' })}</h2>
      <CheckboxField
        label={i18n._({ id: 'profile.dataSaver.label', message: 'Data saver on this phone' })}
        hint={i18n._({
          id: 'profile.dataSaver.hint',
          message: 'Smallest images, no carousel turning by itself, nothing downloaded ahead of time.',
        })}
        checked={on}
        onChange={(event) => {
          chooseDataSaver(event.target.checked);
          setOn(event.target.checked);
        }}
      />
    </section>
  );
}
