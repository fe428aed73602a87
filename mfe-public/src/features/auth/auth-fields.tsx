/** The fields the sign-in forms share, each written once: e-mail, a new password with its confirmation. */
import { Link, paths, useI18n, useLocation } from '@btls/shared-auth';
import { TextField } from '@btls/shared-ui/components';
import { useHydrated } from '@btls/shared-ui/hydrated';
import styles from './auth-form.module.css';

/** What a field needs from `useAuthForm`: the props of a required field bound to a name. */
interface BoundForm<Name extends string> {
  field: (name: Name) => {
    name: string;
    value: string;
    required: boolean;
    onChange: (event: { target: { value: string } }) => void;
  };
}

export function EmailField({ form }: { form: BoundForm<'email'> }) {
  const i18n = useI18n();
  return (
    <TextField
      label={i18n._({ id: 'public.auth.email', message: 'Email' })}
      type="email"
      autoComplete="email"
      {...form.field('email')}
    />
  );
}

/** The server's code of a registration refused because the e-mail has an account already. */
export const EMAIL_TAKEN = 'session.emailTaken';

/**
 * Just under an e-mail refused as taken: the two ways on for someone who has an account already, signing in
 * (still on the way they were going, the e-mail filled in) or choosing a new password.
 */
export function EmailTakenLinks({ email }: { email: string }) {
  const i18n = useI18n();
  const location = useLocation();
  const onTheWay = (location.state as Record<string, unknown> | null) ?? {};
  return (
    <p className={styles.emailTaken}>
      <Link to={paths.login} state={{ ...onTheWay, email }}>
        {i18n._({ id: 'public.register.emailTaken.signIn', message: 'Sign in with this e-mail' })}
      </Link>
      <Link to={paths.forgotPassword} state={{ email }}>
        {i18n._({ id: 'public.register.emailTaken.reset', message: 'Forgot your password? Choose a new one' })}
      </Link>
    </p>
  );
}

/**
 * The e-mail handed over by the page before (a registration that found the account), to start from. It lives
 * in the history entry, which the server never sees: read once the page is the browser's, as the server's
 * render of a reload has it empty.
 */
export function useHandedOverEmail(): string {
  const email = (useLocation().state as { email?: unknown } | null)?.email;
  return useHydrated() && typeof email === 'string' ? email : '';
}

/** A new password (at least 6 characters, said as its hint) and its confirmation, which never leaves the page. */
export function NewPasswordFields({
  form,
  label,
}: {
  form: BoundForm<'password' | 'confirmPassword'>;
  /** 'Password' when signing up, 'New Password' when resetting. */
  label: string;
}) {
  const i18n = useI18n();
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        placeholder={i18n._({ id: 'public.register.passwordHint', message: 'min. 6 characters' })}
        {...form.field('password')}
      />
      <TextField
        label={i18n._({ id: 'public.auth.confirmPassword', message: 'Confirm Password' })}
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
    </>
  );
}

/** Said in place of the form's behaviour when JavaScript is off (the page itself is server-rendered). */
export function NeedsJavaScript() {
  const i18n = useI18n();
  return (
    <noscript>
      <p className={styles.lead}>
        {i18n._({
          id: 'public.auth.needsJavaScript',
          message: 'This form needs JavaScript: please turn it on to continue.',
        })}
      </p>
    </noscript>
  );
}
