import { account, translateMessage, useResetPassword } from '@btls/shared-api';
import { Link, paths, useAuth, useI18n, useNavigate } from '@btls/shared-auth';
import { Button } from '@btls/shared-ui/components';
import { FormProblem } from '@btls/shared-ui/form-problem';
import styles from './auth-form.module.css';
import { NeedsJavaScript, NewPasswordFields } from './auth-fields';
import { useAuthForm } from './use-auth-form';
import { useResetLink } from './use-reset-link';
import { PageHead } from '../../ui/page-head';

/**
 * The e-mail's link: a new password and its confirmation; every earlier sign-in ends, then the user signs in.
 * A link that no longer works is said at once, with a way to ask for a new one, and no fields to fill.
 */
export function ResetPasswordPage() {
  const i18n = useI18n();
  const link = useResetLink();
  const token = 'token' in link ? link.token : '';
  const { isAuthenticated, logout } = useAuth();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useAuthForm(
    { password: '', confirmPassword: '' },
    async (fields) => {
      const answer = await reset.mutateAsync({ token, password: fields.password });
      if (isAuthenticated) logout();
      navigate(paths.login, { replace: true, state: { notice: answer.message } });
    },
    {
      checkPasswords: true,
      check: (rules, fields) => rules.checkForm(rules.resetPasswordPayloadSchema, { token, password: fields.password }),
    },
  );
  const invalid = translateMessage(account.resetLinkInvalid);
  const bad = link.state === 'bad';
  // The link's own problem first (a failed check), else the form's; a link that does not work is the form's
  // only problem.
  const problem = bad
    ? { message: invalid }
    : (form.problem ?? (link.state === 'unchecked' ? { message: link.problem } : null));

  return (
    // The link's token must leave the address at once, not at the first field typed into: the page's script
    // comes at once (the loader reads data-wake-now).
    <main className={styles.wrap} data-wake-now="">
      <PageHead
        title={i18n._({ id: 'public.reset.title', message: 'Choose a new password' })}
        description={i18n._({
          id: 'public.reset.description',
          message: 'Choose a new password for your BTLS Coffee account.',
        })}
        path={paths.forgotPassword}
      />
      <form className={styles.card} {...form.formProps}>
        <h1>{i18n._({ id: 'public.reset.title', message: 'Choose a new password' })}</h1>
        <FormProblem problem={problem} />
        <NeedsJavaScript />
        {problem?.message === invalid && (
          <p>
            <Link to={paths.forgotPassword}>
              {i18n._({ id: 'public.reset.askAgain', message: 'Ask for a new reset link' })}
            </Link>
          </p>
        )}
        {link.state === 'checking' && (
          <p role="status" className={styles.lead}>
            {i18n._({ id: 'public.reset.checking', message: 'Checking your reset link...' })}
          </p>
        )}
        {!bad && (
          <>
            <NewPasswordFields
              form={form}
              label={i18n._({ id: 'public.reset.newPassword', message: 'New Password' })}
            />
            <Button
              className={styles.submit}
              {...form.submitProps}
              disabled={form.submitProps.disabled || link.state === 'reading' || link.state === 'checking'}
            >
              {form.busy
                ? i18n._({ id: 'public.reset.busy', message: 'Saving...' })
                : i18n._({ id: 'public.reset.submit', message: 'Set new password' })}
            </Button>
          </>
        )}
        <p className={styles.alt}>
          <Link to={paths.login}>{i18n._({ id: 'public.reset.back', message: 'Back to sign in' })}</Link>
        </p>
      </form>
    </main>
  );
}
