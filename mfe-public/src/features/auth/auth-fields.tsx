/** The fields the sign-in forms share, each written once: e-mail, a new password with its confirmation. */
import { useI18n } from '@btls/shared-auth';
import { TextField } from '@btls/shared-ui/components';
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
