import { Link, Navigate, paths, useAuth, useLocation, useNavigate, useReturnPath } from '@btls/shared-auth';
import { Button, ErrorBanner, TextField } from '@btls/shared-ui/components';
import styles from './auth-form.module.css';
import { useAuthForm, withoutConfirmation } from './use-auth-form';
import { PageHead } from '../../ui/page-head';

export function RegisterPage() {
  const { isAuthenticated, register } = useAuth();
  const navigate = useNavigate();
  // A visitor sent to sign in on the way to a page (applying for a job) who registers instead goes on there.
  const returnPath = useReturnPath();
  const location = useLocation();
  const form = useAuthForm(
    { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    async (fields) => {
      await register(withoutConfirmation(fields));
      navigate(returnPath, { replace: true });
    },
    { checkPasswords: true, check: (rules, fields) => rules.checkForm(rules.registerPayloadSchema, withoutConfirmation(fields)) },
  );

  if (isAuthenticated && !form.busy) return <Navigate to={returnPath} replace />;

  return (
    <main className={styles.wrap}>
      <PageHead title="Create your account" description="Create a free account to apply for barista courses in Kigali." path={paths.register} />
      <form className={styles.card} {...form.formProps}>
        <h1>Create your account</h1>
        <p className={styles.lead}>Start your barista journey.</p>
        <ErrorBanner>{form.error}</ErrorBanner>
        <noscript>
          <p className={styles.lead}>This form needs JavaScript: please turn it on to continue.</p>
        </noscript>
        <div className={styles.row}>
          <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" placeholder="min. 6 characters" {...form.field('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button className={styles.submit} {...form.submitProps}>
          {form.busy ? 'Creating Account...' : 'Create Account'}
        </Button>
        <p className={styles.alt}>
          Already have an account? <Link to={paths.login} state={location.state}>Sign in</Link>
        </p>
      </form>
    </main>
  );
}
