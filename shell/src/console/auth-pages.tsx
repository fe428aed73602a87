/**
 * The console's own sign-in pages: platform code in the shell, never an area's (the site's sign-in page is the
 * public team's, whose code never runs on the console). A chunk of its own, fetched when one of them is shown.
 *
 * A refused form says every problem at once, each beside its field (the field marked invalid and described by
 * it), the keyboard on the first; what no field owns (wrong credentials, the network) is the banner above.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  account,
  ApiError,
  errorMessage,
  fieldOfFailure,
  noticeText,
  passwordProblem,
  resetPassword,
  requestPasswordReset,
  translateMessage,
  validation,
} from '@btls/shared-api';
import { Link, Navigate, paths, useAuth, useI18n, useLocation, useNavigate, useResetLink } from '@btls/shared-auth';
import { Button, SuccessBanner, TextField } from '@btls/shared-ui/components';
import styles from './console.module.css';

/** What a form was refused for: a message per field, and one no field owns. */
interface Refusal<Name extends string> {
  fields: Partial<Record<Name, string>>;
  banner?: ReactNode;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const required = () => translateMessage(validation.requiredFields);

function emailProblem(email: string): string | undefined {
  if (!email.trim()) return required();
  if (!EMAIL.test(email.trim())) return translateMessage(validation.invalidEmail);
  return undefined;
}

/**
 * A form's fields and refusal: `check` names every problem before the call; a failure of the call is placed
 * beside the field it names, else in the banner (`banner` may say more, e.g. a link the answer gives).
 */
function useConsoleForm<Name extends string>(
  initial: Record<Name, string>,
  check: (fields: Record<Name, string>) => Partial<Record<Name, string>>,
  send: (fields: Record<Name, string>) => Promise<void>,
  banner: (failure: unknown) => ReactNode = errorMessage,
) {
  const [fields, setFields] = useState(initial);
  const [refusal, setRefusal] = useState<Refusal<Name> | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  /** The keyboard goes to the first field refused, else to the banner. */
  const bringTo = (names: string[]) =>
    requestAnimationFrame(() => {
      const first = names
        .map((name) => form.current?.elements.namedItem(name))
        .find((element): element is HTMLInputElement => element instanceof HTMLInputElement);
      (first ?? form.current?.querySelector<HTMLElement>('[data-form-problem]'))?.focus();
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = Object.fromEntries(Object.entries(check(fields)).filter(([, message]) => message)) as Partial<
      Record<Name, string>
    >;
    if (Object.keys(problems).length) {
      setRefusal({ fields: problems });
      bringTo(Object.keys(problems));
      return;
    }
    setRefusal(null);
    setBusy(true);
    try {
      await send(fields);
    } catch (failure) {
      setBusy(false);
      const field = fieldOfFailure(failure);
      if (field && field in fields) {
        setRefusal({ fields: { [field]: errorMessage(failure) } as Partial<Record<Name, string>> });
        bringTo([field]);
      } else {
        setRefusal({ fields: {}, banner: banner(failure) });
        bringTo([]);
      }
    }
  }

  const field = (name: Name) => ({
    name,
    value: fields[name],
    required: true,
    error: refusal?.fields[name],
    onChange: (event: { target: { value: string } }) => setFields((now) => ({ ...now, [name]: event.target.value })),
  });
  const messages = Object.values(refusal?.fields ?? {}) as string[];
  return {
    fields,
    field,
    busy,
    formProps: { ref: form, method: 'post', noValidate: true, onSubmit: submit } as const,
    /** The banner (the problem no field owns), and every field's message announced once for screen readers. */
    problems: (
      <>
        {refusal?.banner && (
          <div role="alert" tabIndex={-1} data-form-problem className={styles.problem}>
            {refusal.banner}
          </div>
        )}
        {messages.length > 0 && (
          <div role="alert" className="visually-hidden">
            {messages.join(' ')}
          </div>
        )}
      </>
    ),
  };
}

/** Where signing in leads: the console page asked for (`next`, or the one the guard came from), else the panel. */
function useDestination(): string {
  const { search, state } = useLocation();
  const asked =
    new URLSearchParams(search).get('next') ?? (state as { from?: { pathname?: string } } | null)?.from?.pathname;
  // Only a page of the console's own panel: never another site, never a path the console does not serve.
  return asked && /^\/admin(\/[^/\\]|\/?$|\?)/.test(asked) ? asked : paths.admin.dashboard;
}

function ConsoleCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className={styles.card}>
      <h1>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </div>
  );
}

export function ConsoleSignInPage() {
  const i18n = useI18n();
  const { isAuthenticated, login, storageBlocked } = useAuth();
  const navigate = useNavigate();
  const destination = useDestination();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const form = useConsoleForm(
    { email: '', password: '' },
    (fields) => ({ email: emailProblem(fields.email), password: fields.password ? undefined : required() }),
    async (fields) => {
      await login({ email: fields.email.trim(), password: fields.password });
      navigate(destination, { replace: true });
    },
    (failure) => {
      // A trainee's, trainer's or employer's account signs in on the site: the answer says where.
      const url = failure instanceof ApiError ? failure.params?.url : undefined;
      return (
        <>
          {errorMessage(failure)}
          {typeof url === 'string' && /^https?:\/\//.test(url) && (
            <>
              {' '}
              <a href={url}>{i18n._({ id: 'shell.console.signIn.onSite', message: "Go to the site's sign-in" })}</a>
            </>
          )}
        </>
      );
    },
  );
  if (isAuthenticated && !form.busy) return <Navigate to={destination} replace />;
  const title = i18n._({ id: 'shell.console.signIn.title', message: 'Sign in to the admin console' });
  return (
    <ConsoleCard
      title={title}
      lead={i18n._({ id: 'shell.console.signIn.lead', message: 'For the platform’s administrators only.' })}
    >
      <title>{`${title} · BTLS Admin`}</title>
      <form {...form.formProps}>
        <SuccessBanner>{notice && translateMessage(notice)}</SuccessBanner>
        {storageBlocked && (
          <div role="alert" className={styles.problem}>
            {translateMessage(account.siteDataBlocked)}
          </div>
        )}
        {form.problems}
        <TextField
          label={i18n._({ id: 'shell.console.email', message: 'Email' })}
          type="email"
          autoComplete="username"
          {...form.field('email')}
        />
        <TextField
          label={i18n._({ id: 'shell.console.password', message: 'Password' })}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <Button type="submit" className={styles.submit} disabled={form.busy}>
          {form.busy
            ? i18n._({ id: 'shell.console.signIn.busy', message: 'Signing in...' })
            : i18n._({ id: 'shell.console.signIn.submit', message: 'Sign in' })}
        </Button>
        <p className={styles.alt}>
          <Link to={paths.forgotPassword}>{i18n._({ id: 'shell.console.forgot', message: 'Forgot password?' })}</Link>
        </p>
      </form>
    </ConsoleCard>
  );
}

export function ConsoleForgotPasswordPage() {
  const i18n = useI18n();
  const [sent, setSent] = useState('');
  const form = useConsoleForm(
    { email: '' },
    (fields) => ({ email: emailProblem(fields.email) }),
    async (fields) => setSent(noticeText(await requestPasswordReset(fields.email.trim()))),
  );
  const title = i18n._({ id: 'shell.console.forgot', message: 'Forgot password?' });
  return (
    <ConsoleCard
      title={title}
      lead={i18n._({
        id: 'shell.console.forgot.lead',
        message: "Enter your account's e-mail and we will send you a link to choose a new password.",
      })}
    >
      <title>{`${title} · BTLS Admin`}</title>
      <form {...form.formProps}>
        <SuccessBanner>{sent}</SuccessBanner>
        {form.problems}
        <TextField
          label={i18n._({ id: 'shell.console.email', message: 'Email' })}
          type="email"
          autoComplete="username"
          {...form.field('email')}
        />
        <Button type="submit" className={styles.submit} disabled={form.busy && !sent}>
          {form.busy && !sent
            ? i18n._({ id: 'shell.console.forgot.busy', message: 'Sending...' })
            : i18n._({ id: 'shell.console.forgot.submit', message: 'Send reset link' })}
        </Button>
        <p className={styles.alt}>
          <Link to={paths.login}>{i18n._({ id: 'shell.console.back', message: 'Back to sign in' })}</Link>
        </p>
      </form>
    </ConsoleCard>
  );
}

/** The e-mail's link (its token in the fragment, read and taken out of the address at once): a new password. */
export function ConsoleResetPasswordPage() {
  const i18n = useI18n();
  const link = useResetLink();
  const token = 'token' in link ? link.token : '';
  const { isAuthenticated, logout } = useAuth();
  const navigate = useNavigate();
  const form = useConsoleForm(
    { password: '', confirmPassword: '' },
    ({ password, confirmPassword }) => {
      if (!password || !confirmPassword)
        return {
          password: password ? undefined : required(),
          confirmPassword: confirmPassword ? undefined : required(),
        };
      const problem = passwordProblem(password, confirmPassword);
      // Two that differ: the confirmation is the one to fix; one too short: the password.
      return problem
        ? { [password === confirmPassword ? 'password' : 'confirmPassword']: translateMessage(problem) }
        : {};
    },
    async ({ password }) => {
      const answer = await resetPassword({ token, password });
      if (isAuthenticated) logout();
      navigate(paths.login, { replace: true, state: { notice: answer.message } });
    },
  );
  const title = i18n._({ id: 'shell.console.reset.title', message: 'Choose a new password' });
  const bad = link.state === 'bad';
  return (
    <ConsoleCard title={title}>
      <title>{`${title} · BTLS Admin`}</title>
      <form {...form.formProps}>
        {bad && (
          <div role="alert" className={styles.problem}>
            {translateMessage(account.resetLinkInvalid)}{' '}
            <Link to={paths.forgotPassword}>
              {i18n._({ id: 'shell.console.reset.askAgain', message: 'Ask for a new reset link' })}
            </Link>
          </div>
        )}
        {link.state === 'unchecked' && (
          <div role="alert" className={styles.problem}>
            {link.problem}
          </div>
        )}
        {link.state === 'checking' && (
          <p role="status" className={styles.lead}>
            {i18n._({ id: 'shell.console.reset.checking', message: 'Checking your reset link...' })}
          </p>
        )}
        {!bad && (
          <>
            {form.problems}
            <TextField
              label={i18n._({ id: 'shell.console.reset.newPassword', message: 'New password' })}
              type="password"
              autoComplete="new-password"
              hint={i18n._({ id: 'shell.console.reset.hint', message: 'At least 6 characters.' })}
              {...form.field('password')}
            />
            <TextField
              label={i18n._({ id: 'shell.console.reset.confirm', message: 'Confirm new password' })}
              type="password"
              autoComplete="new-password"
              {...form.field('confirmPassword')}
            />
            <Button
              type="submit"
              className={styles.submit}
              disabled={form.busy || link.state === 'reading' || link.state === 'checking'}
            >
              {form.busy
                ? i18n._({ id: 'shell.console.reset.busy', message: 'Saving...' })
                : i18n._({ id: 'shell.console.reset.submit', message: 'Set new password' })}
            </Button>
          </>
        )}
        <p className={styles.alt}>
          <Link to={paths.login}>{i18n._({ id: 'shell.console.back', message: 'Back to sign in' })}</Link>
        </p>
      </form>
    </ConsoleCard>
  );
}
