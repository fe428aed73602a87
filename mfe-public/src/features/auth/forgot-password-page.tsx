import { useState } from 'react';
import { noticeText, useRequestPasswordReset } from '@btls/shared-api';
import { Link, paths, useI18n } from '@btls/shared-auth';
import { Button, SuccessBanner } from '@btls/shared-ui/components';
import { FormProblem } from '@btls/shared-ui/form-problem';
import styles from './auth-form.module.css';
import { EmailField, NeedsJavaScript, useHandedOverEmail } from './auth-fields';
import { useAuthForm } from './use-auth-form';
import { PageHead } from '../../ui/page-head';

/** "Forgot password?": the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const i18n = useI18n();
  const [sent, setSent] = useState('');
  const requestReset = useRequestPasswordReset();
  const form = useAuthForm({ email: useHandedOverEmail() }, async (fields) => {
    setSent(noticeText(await requestReset.mutateAsync(fields.email)));
  });

  return (
    <main className={styles.wrap}>
      <PageHead
        title={i18n._({ id: 'public.forgot.pageTitle', message: 'Forgot password' })}
        description={i18n._({
          id: 'public.forgot.description',
          message: 'Ask for a link to choose a new password for your BTLS Coffee account.',
        })}
        path={paths.forgotPassword}
      />
      <form className={styles.card} {...form.formProps}>
        <h1>{i18n._({ id: 'public.login.forgot', message: 'Forgot password?' })}</h1>
        <p className={styles.lead}>
          {i18n._({
            id: 'public.forgot.lead',
            message: "Enter your account's e-mail and we will send you a link to choose a new password.",
          })}
        </p>
        <SuccessBanner>{sent}</SuccessBanner>
        <FormProblem problem={form.problem} />
        <NeedsJavaScript />
        <EmailField form={form} />
        <Button type="submit" className={styles.submit} disabled={(form.busy && !sent) || !form.ready}>
          {form.busy && !sent
            ? i18n._({ id: 'public.forgot.busy', message: 'Sending...' })
            : i18n._({ id: 'public.forgot.submit', message: 'Send reset link' })}
        </Button>
        <p className={styles.alt}>
          {i18n._({ id: 'public.forgot.remembered', message: 'Remembered it?' })}{' '}
          <Link to={paths.login}>{i18n._({ id: 'public.login.title', message: 'Sign in' })}</Link>
        </p>
      </form>
    </main>
  );
}
