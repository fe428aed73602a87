import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from '@btls/shared-auth/router';
import { registerEmployer } from '@btls/shared-api/auth';
import { useAuth } from '@btls/shared-auth/session';
import { Button, ErrorBanner, TextField } from '@btls/shared-ui/components';
import styles from './auth-form.module.css';
import { passwordProblem } from './password-rules';

/** /employer/register: a company signs up, then signs in at /login (spec §2). */
export function EmployerRegisterPage() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState({ companyName: '', firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (isAuthenticated) return <Navigate to="/dashboard" replace />;

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
      await registerEmployer(payload);
      navigate('/login', { state: { notice: 'Your company account is ready. Please sign in.' } });
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <main className={styles.wrap}>
      <form className={styles.card} onSubmit={submit}>
        <h1>Collaborate, Hire Our Talent</h1>
        <p className={styles.lead}>Register your company to post jobs and meet certified baristas.</p>
        <ErrorBanner>{error}</ErrorBanner>
        <TextField label="Company Name" autoComplete="organization" {...field('companyName')} />
        <div className={styles.row}>
          <TextField label="Contact First Name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Contact Last Name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" placeholder="min. 6 characters" {...field('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" className={styles.submit} disabled={busy}>
          {busy ? 'Registering...' : 'Register Company'}
        </Button>
        <p className={styles.alt}>
          Already registered? <Link to="/login">Sign in</Link>
        </p>
      </form>
    </main>
  );
}
