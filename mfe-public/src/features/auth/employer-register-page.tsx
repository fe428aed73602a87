import { Link, Navigate, paths, useAuth, useI18n, useNavigate } from '@btls/shared-auth';
import { useRegisterEmployer } from '@btls/shared-api';
import { Button, TextField } from '@btls/shared-ui/components';
import { FormProblem } from '@btls/shared-ui/form-problem';
import styles from './auth-form.module.css';
import { EMAIL_TAKEN, EmailField, EmailTakenLinks, NeedsJavaScript, NewPasswordFields } from './auth-fields';
import { useAuthForm, withoutConfirmation } from './use-auth-form';
import { PageHead } from '../../ui/page-head';

/** /employer/register: a company signs up, then signs in at /login (docs/product.md §2). */
export function EmployerRegisterPage() {
  const i18n = useI18n();
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const registerEmployer = useRegisterEmployer();
  const form = useAuthForm(
    { companyName: '', firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    async (fields) => {
      await registerEmployer.mutateAsync(withoutConfirmation(fields));
      navigate(paths.login, {
        state: {
          notice: i18n._({
            id: 'public.employerRegister.ready',
            message: 'Your company account is ready. Please sign in.',
          }),
        },
      });
    },
    {
      checkPasswords: true,
      draft: 'employer-register',
      check: (rules, fields) =>
        rules.checkForm(rules.registerPayloadSchema, { ...withoutConfirmation(fields), role: 'employer' }),
    },
  );

  if (isAuthenticated) return <Navigate to={paths.dashboard} replace />;

  return (
    <main className={styles.wrap}>
      <PageHead
        title={i18n._({ id: 'public.home.audience.employers.action', message: 'Hire our talent' })}
        description={i18n._({
          id: 'public.employerRegister.lead',
          message: 'Register your company to post jobs and meet certified baristas.',
        })}
        path={paths.employerRegister}
      />
      <form className={styles.card} {...form.formProps}>
        <h1>{i18n._({ id: 'public.employerRegister.title', message: 'Collaborate, Hire Our Talent' })}</h1>
        <p className={styles.lead}>
          {i18n._({
            id: 'public.employerRegister.lead',
            message: 'Register your company to post jobs and meet certified baristas.',
          })}
        </p>
        <FormProblem problem={form.problem} />
        <NeedsJavaScript />
        <TextField
          label={i18n._({ id: 'public.employerRegister.company', message: 'Company Name' })}
          autoComplete="organization"
          {...form.field('companyName')}
        />
        <div className={styles.row}>
          <TextField
            label={i18n._({ id: 'public.employerRegister.firstName', message: 'Contact First Name' })}
            autoComplete="given-name"
            {...form.field('firstName')}
          />
          <TextField
            label={i18n._({ id: 'public.employerRegister.lastName', message: 'Contact Last Name' })}
            autoComplete="family-name"
            {...form.field('lastName')}
          />
        </div>
        <EmailField form={form} />
        {form.refusedCode === EMAIL_TAKEN && form.problem && <EmailTakenLinks email={form.fields.email} />}
        <NewPasswordFields form={form} label={i18n._({ id: 'public.auth.password', message: 'Password' })} />
        <Button className={styles.submit} {...form.submitProps}>
          {form.busy
            ? i18n._({ id: 'public.employerRegister.busy', message: 'Registering...' })
            : i18n._({ id: 'public.employerRegister.submit', message: 'Register Company' })}
        </Button>
        <p className={styles.alt}>
          {i18n._({ id: 'public.employerRegister.already', message: 'Already registered?' })}{' '}
          <Link to={paths.login}>{i18n._({ id: 'public.login.title', message: 'Sign in' })}</Link>
        </p>
      </form>
    </main>
  );
}
