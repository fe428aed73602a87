import { useState } from 'react';
import { useRequestPasswordReset } from '@btls/shared-api';
import { Link, paths } from '@btls/shared-auth';
import { Button, ErrorBanner, SuccessBanner, TextField } from '@btls/shared-ui/components';
import styles from './auth-form.module.css';
import { useAuthForm } from './use-auth-form';
import { PageHead } from '../../ui/page-head';

/** "Forgot password?": the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState('');
  const requestReset = useRequestPasswordReset();
  const form = useAuthForm({ email: '' }, async (fields) => {
    setSent((await requestReset.mutateAsync(fields.email)).message);
  });

  return (
    <main className={styles.wrap}>
      <PageHead title="Forgot password" description="Ask for a link to choose a new password for your BTLS Coffee account." path={paths.forgotPassword} />
      <form className={styles.card} {...form.formProps}>
        <h1>Forgot password?</h1>
        <p className={styles.lead}>Enter your account's e-mail and we will send you a link to choose a new password.</p>
        <SuccessBanner>{sent}</SuccessBanner>
        <ErrorBanner>{form.error}</ErrorBanner>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <Button type="submit" className={styles.submit} disabled={(form.busy && !sent) || !form.ready}>
          {form.busy && !sent ? 'Sending...' : 'Send reset link'}
        </Button>
        <p className={styles.alt}>
          Remembered it? <Link to={paths.login}>Sign in</Link>
        </p>
      </form>
    </main>
  );
}
