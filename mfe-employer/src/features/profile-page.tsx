import { useState, type FormEvent } from 'react';
import { noticeText, passwordProblem, translateMessage, userValidation, useUpdateMyProfile } from '@btls/shared-api';
import { useAuth, useChangePassword, useI18n } from '@btls/shared-auth';
import { Button, SuccessBanner, TextAreaField, TextField } from '@btls/shared-ui/components';
import { FormProblem, useFormProblem } from '@btls/shared-ui/form-problem';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { PasswordChangeForm } from '@btls/shared-ui/password-change';
import { DataSaverSettings } from '@btls/shared-ui/profile';
import own from './employer.module.css';

const styles = withPanelPage(own);

/** The server's rules for a profile (zod, about 30 KiB gzip): loaded when the form is first touched. */
const loadRules = () => import('@btls/shared-api/schemas');

export function CompanyProfilePage() {
  const i18n = useI18n();
  const { user, updateUser } = useAuth();
  const saved = {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    companyName: user?.companyName ?? '',
    companyWebsite: user?.companyWebsite ?? '',
    companyDescription: user?.companyDescription ?? '',
  };
  const [editing, setEditing] = useState(false);
  const [fields, setFields] = useState(saved);
  const form = useFormProblem();
  const [notice, setNotice] = useState('');
  const changePassword = useChangePassword();
  const updateProfile = useUpdateMyProfile();
  const bind = (name: keyof typeof saved) => ({
    name,
    value: fields[name],
    error: form.errorFor(name),
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()])) as typeof saved;
    // A company's name is required of employers only: the shared profile schema leaves it optional.
    const missingCompany = trimmed.companyName
      ? []
      : [{ message: translateMessage(userValidation.profileRequired), field: 'companyName' }];
    const { checkForm, profilePayloadSchema } = await loadRules();
    const checked = checkForm(profilePayloadSchema, trimmed);
    // Every problem at once, each beside its field; the page and the keyboard go to the first.
    const found = [
      ...missingCompany,
      ...('problem' in checked
        ? checked.problems.map((one) => ({ ...one, message: translateMessage(one.message) }))
        : []),
    ];
    if (found.length || 'problem' in checked) return form.refuseAll(found);
    form.clear();
    try {
      const answer = await updateProfile.mutateAsync(trimmed);
      updateUser(answer.user);
      setFields(trimmed);
      setEditing(false);
      setNotice(noticeText(answer));
    } catch (failure) {
      form.fail(failure);
    }
  }

  if (!editing) {
    return (
      <section className={styles.page}>
        <h1>{i18n._({ id: 'employer.profile.title', message: 'Company Profile' })}</h1>
        <SuccessBanner>{notice}</SuccessBanner>
        <div className={styles.card}>
          <dl className={styles.facts}>
            <div>
              <dt>{i18n._({ id: 'employer.profile.company', message: 'Company' })}</dt>
              <dd>{saved.companyName || '—'}</dd>
            </div>
            <div>
              <dt>{i18n._({ id: 'employer.profile.contact', message: 'Contact' })}</dt>
              <dd>
                {saved.firstName} {saved.lastName}
              </dd>
            </div>
            <div>
              <dt>{i18n._({ id: 'employer.profile.email', message: 'Email' })}</dt>
              <dd>{user?.email}</dd>
            </div>
            <div>
              <dt>{i18n._({ id: 'employer.profile.website', message: 'Website' })}</dt>
              <dd>
                {saved.companyWebsite ? (
                  <a className={styles.tapLink} href={saved.companyWebsite} rel="noopener noreferrer">
                    {saved.companyWebsite}
                  </a>
                ) : (
                  '—'
                )}
              </dd>
            </div>
          </dl>
          <p>
            {saved.companyDescription ||
              i18n._({ id: 'employer.profile.noDescription', message: 'No company description yet.' })}
          </p>
          <Button
            onClick={() => {
              setFields(saved);
              setNotice('');
              setEditing(true);
            }}
          >
            {i18n._({ id: 'employer.profile.edit', message: 'Edit Profile' })}
          </Button>
        </div>
        <DataSaverSettings />
        <PasswordChangeForm check={passwordProblem} change={changePassword} />
      </section>
    );
  }
  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'employer.profile.title', message: 'Company Profile' })}</h1>
      <form ref={form.formRef} className={styles.card} onSubmit={save} onFocus={() => void loadRules()} noValidate>
        <FormProblem problem={form.problem} />
        <TextField
          label={i18n._({ id: 'employer.jobForm.company', message: 'Company Name' })}
          required
          {...bind('companyName')}
        />
        <div className={styles.row}>
          <TextField
            label={i18n._({ id: 'employer.profile.firstName', message: 'Contact First Name' })}
            required
            {...bind('firstName')}
          />
          <TextField
            label={i18n._({ id: 'employer.profile.lastName', message: 'Contact Last Name' })}
            required
            {...bind('lastName')}
          />
        </div>
        <TextField
          label={i18n._({ id: 'employer.profile.website', message: 'Website' })}
          type="url"
          placeholder={'https://' /* a URL, the same in every language */}
          {...bind('companyWebsite')}
        />
        <TextAreaField
          label={i18n._({ id: 'employer.profile.about', message: 'About the company' })}
          rows={4}
          {...bind('companyDescription')}
        />
        <div className={styles.actions}>
          <Button type="submit">{i18n._({ id: 'employer.profile.save', message: 'Save Profile' })}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setFields(saved);
              form.clear();
              setNotice('');
              setEditing(false);
            }}
          >
            {i18n._({ id: 'common.cancel', message: 'Cancel' })}
          </Button>
        </div>
      </form>
    </section>
  );
}
