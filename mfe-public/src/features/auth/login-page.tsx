import { useState } from 'react';
import { account, ApiError, translateMessage } from '@btls/shared-api';
import { Link, Navigate, paths, useAuth, useI18n, useLocation, useNavigate, useReturnPath } from '@btls/shared-auth';
import { Button, SuccessBanner, TextField } from '@btls/shared-ui/components';
import { FormProblem } from '@btls/shared-ui/form-problem';
import styles from './auth-form.module.css';
import { EmailField, NeedsJavaScript, useHandedOverEmail } from './auth-fields';
import { useAuthForm } from './use-auth-form';
import { PageHead } from '../../ui/page-head';
import { useHydrated } from '@btls/shared-ui/hydrated';

/** The API's refusal of an admin's account on the site (shared-api's `session.adminOnConsole`). */
const ADMIN_ON_CONSOLE = 'session.adminOnConsole';

export function LoginPage() {
  const i18n = useI18n();
  const { isAuthenticated, login, role, storageBlocked } = useAuth();
  const returnPath = useReturnPath();
  const navigate = useNavigate();
  // A notice handed over by the page before (registered, password reset) lives in the history entry, which the
  // server never sees: shown once the page is the browser's, so a reload takes the server's page over as it is.
  const location = useLocation();
  const handedOver = (location.state as { notice?: string } | null)?.notice;
  const notice = useHydrated() ? handedOver : undefined;
  // An admin's account signs in on the admin console only: the refusal says so and gives its sign-in's address.
  const [consoleLogin, setConsoleLogin] = useState<string | null>(null);
  const form = useAuthForm({ email: useHandedOverEmail(), password: '' }, async (fields) => {
    setConsoleLogin(null);
    try {
      const { user } = await login(fields);
      navigate(returnPath(user.role), { replace: true });
    } catch (failure) {
      const url = failure instanceof ApiError ? failure.params?.url : undefined;
      if (failure instanceof ApiError && failure.code === ADMIN_ON_CONSOLE && typeof url === 'string')
        setConsoleLogin(/^https?:\/\//.test(url) ? url : null);
      throw failure;
    }
  });

  if (isAuthenticated && !form.busy) return <Navigate to={returnPath(role)} replace />;

  return (
    <main className={styles.wrap}>
      <PageHead
        title={i18n._({ id: 'public.login.title', message: 'Sign in' })}
        description={i18n._({
          id: 'public.login.description',
          message: 'Sign in to follow your barista training, certificates and jobs.',
        })}
        path={paths.login}
      />
      <form className={styles.card} {...form.formProps}>
        <h1>{i18n._({ id: 'public.login.title', message: 'Sign in' })}</h1>
        <p className={styles.lead}>{i18n._({ id: 'public.login.lead', message: 'Welcome back to BTLS Coffee.' })}</p>
        <SuccessBanner>{notice && translateMessage(notice)}</SuccessBanner>
        <FormProblem problem={form.problem}>{storageBlocked && translateMessage(account.siteDataBlocked)}</FormProblem>
        {consoleLogin && form.problem && (
          <p className={styles.consoleLink}>
            <a href={consoleLogin}>
              {i18n._({ id: 'public.login.toConsole', message: 'Sign in on the admin console' })}
            </a>
          </p>
        )}
        <NeedsJavaScript />
        <EmailField form={form} />
        <TextField
          label={i18n._({ id: 'public.auth.password', message: 'Password' })}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <p className={styles.forgot}>
          <Link className={styles.forgotLink} to={paths.forgotPassword}>
            {i18n._({ id: 'public.login.forgot', message: 'Forgot password?' })}
          </Link>
        </p>
        <Button className={styles.submit} {...form.submitProps}>
          {form.busy
            ? i18n._({ id: 'public.login.busy', message: 'Signing in...' })
            : i18n._({ id: 'public.login.title', message: 'Sign in' })}
        </Button>
        <p className={styles.alt}>
          {i18n._({ id: 'public.login.newHere', message: 'New here?' })}{' '}
          <Link to={{ pathname: paths.register, search: location.search }} state={location.state}>
            {i18n._({ id: 'public.login.createAccount', message: 'Create an account' })}
          </Link>
        </p>
      </form>
    </main>
  );
}
