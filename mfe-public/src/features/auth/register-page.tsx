import {
  Link,
  Navigate,
  nextOf,
  paths,
  useAuth,
  useI18n,
  useLocation,
  useNavigate,
  useReturnPath,
} from '@btls/shared-auth';
import { Button, TextField } from '@btls/shared-ui/components';
import { FormProblem } from '@btls/shared-ui/form-problem';
import styles from './auth-form.module.css';
import { EMAIL_TAKEN, EmailField, EmailTakenLinks, NeedsJavaScript, NewPasswordFields } from './auth-fields';
import { useAuthForm, withoutConfirmation } from './use-auth-form';
import { PageHead } from '../../ui/page-head';

export function RegisterPage() {
  const i18n = useI18n();
  const { isAuthenticated, register, role } = useAuth();
  const navigate = useNavigate();
  // A visitor sent to sign in on the way to a page (applying for a job) who registers instead goes on there.
  const returnPath = useReturnPath();
  const location = useLocation();
  const form = useAuthForm(
    { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    async (fields) => {
      const { user } = await register(withoutConfirmation(fields));
      navigate(returnPath(user.role), { replace: true });
    },
    {
      checkPasswords: true,
      draft: 'register',
      check: (rules, fields) => rules.checkForm(rules.registerPayloadSchema, withoutConfirmation(fields)),
    },
  );

  if (isAuthenticated && !form.busy) return <Navigate to={returnPath(role)} replace />;

  return (
    <main className={styles.wrap}>
      <PageHead
        title={i18n._({ id: 'public.register.title', message: 'Create your account' })}
        description={i18n._({
          id: 'public.register.description',
          message: 'Create a free account to apply for barista courses in Kigali.',
        })}
        path={paths.register}
      />
      <form className={styles.card} {...form.formProps}>
        <h1>{i18n._({ id: 'public.register.title', message: 'Create your account' })}</h1>
        <p className={styles.lead}>
          {/* On the way to a course's application (the address says so, the server's render too): where next. */}
          {nextOf(location.search)?.pathname === paths.applyForCourse
            ? i18n._({
                id: 'public.register.thenApply',
                message: 'Then you come straight back to your course application.',
              })
            : i18n._({ id: 'public.register.lead', message: 'Start your barista journey.' })}
        </p>
        <FormProblem problem={form.problem} />
        <NeedsJavaScript />
        <div className={styles.row}>
          <TextField
            label={i18n._({ id: 'public.auth.firstName', message: 'First Name' })}
            autoComplete="given-name"
            {...form.field('firstName')}
          />
          <TextField
            label={i18n._({ id: 'public.auth.lastName', message: 'Last Name' })}
            autoComplete="family-name"
            {...form.field('lastName')}
          />
        </div>
        <EmailField form={form} />
        {form.refusedCode === EMAIL_TAKEN && form.problem && <EmailTakenLinks email={form.fields.email} />}
        <NewPasswordFields form={form} label={i18n._({ id: 'public.auth.password', message: 'Password' })} />
        <Button className={styles.submit} {...form.submitProps}>
          {form.busy
            ? i18n._({ id: 'public.register.busy', message: 'Creating Account...' })
            : i18n._({ id: 'public.register.submit', message: 'Create Account' })}
        </Button>
        <p className={styles.alt}>
          {i18n._({ id: 'public.register.haveAccount', message: 'Already have an account?' })}{' '}
          <Link to={{ pathname: paths.login, search: location.search }} state={location.state}>
            {i18n._({ id: 'public.login.title', message: 'Sign in' })}
          </Link>
        </p>
      </form>
    </main>
  );
}
