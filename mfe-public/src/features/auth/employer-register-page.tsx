import { Link, Navigate, paths, useAuth, useNavigate } from '@btls/shared-auth';
import { useRegisterEmployer } from '@btls/shared-api';
import { Button, ErrorBanner, TextField } from '@btls/shared-ui/components';
import styles from './auth-form.module.css';
import { useAuthForm, withoutConfirmation } from './use-auth-form';
import { PageHead } from '../../ui/page-head';

/** /employer/register: a company signs up, then signs in at /login (spec §2). */
export function EmployerRegisterPage() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const registerEmployer = useRegisterEmployer();
  const form = useAuthForm(
    { companyName: '', firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    async (fields) => {
      await registerEmployer.mutateAsync(withoutConfirmation(fields));
      navigate(paths.login, { state: { notice: 'Your company account is ready. Please sign in.' } });
    },
    {
      checkPasswords: true,
      check: (rules, fields) => rules.checkForm(rules.registerPayloadSchema, { ...withoutConfirmation(fields), role: 'employer' }),
    },
  );

  if (isAuthenticated) return <Navigate to={paths.dashboard} replace />;

  return (
    <main className={styles.wrap}>
      <PageHead title="Hire our talent" description="Register your company to post jobs and meet certified baristas." path={paths.employerRegister} />
      <form className={styles.card} {...form.formProps}>
        <h1>Collaborate, Hire Our Talent</h1>
        <p className={styles.lead}>Register your company to post jobs and meet certified baristas.</p>
        <ErrorBanner>{form.error}</ErrorBanner>
        <noscript>
          <p className={styles.lead}>This form needs JavaScript: please turn it on to continue.</p>
        </noscript>
        <TextField label="Company Name" autoComplete="organization" {...form.field('companyName')} />
        <div className={styles.row}>
          <TextField label="Contact First Name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Contact Last Name" autoComplete="family-name" {...form.field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" placeholder="min. 6 characters" {...form.field('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button className={styles.submit} {...form.submitProps}>
          {form.busy ? 'Registering...' : 'Register Company'}
        </Button>
        <p className={styles.alt}>
          Already registered? <Link to={paths.login}>Sign in</Link>
        </p>
      </form>
    </main>
  );
}
