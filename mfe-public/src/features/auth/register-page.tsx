import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from '@btls/shared-auth/router';
import { useAuth } from '@btls/shared-auth/session';
import { Button, ErrorBanner, TextField } from '@btls/shared-ui/components';
import styles from './auth-form.module.css';
import { passwordProblem } from './password-rules';

export function RegisterPage() {
  const { isAuthenticated, register } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (isAuthenticated && !busy) return <Navigate to="/dashboard" replace />;

  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    required: true,
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordProblem(form.password, form.confirmPassword);
    if (problem) return setError(problem);
    setError('');
    setBusy(true);
    try {
      const { confirmPassword: _, ...payload } = form;
      await register(payload);
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <main className={styles.wrap}>
      <form className={styles.card} onSubmit={submit} noValidate={false}>
        <h1>Create your account</h1>
        <p className={styles.lead}>Start your barista journey.</p>
        <ErrorBanner>{error}</ErrorBanner>
        <div className={styles.row}>
          <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" placeholder="min. 6 characters" {...field('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" className={styles.submit} disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </Button>
        <p className={styles.alt}>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </form>
    </main>
  );
}
