import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from '@btls/shared-auth/router';
import { useReturnPath } from '@btls/shared-auth/guards';
import { useAuth } from '@btls/shared-auth/session';
import { Button, ErrorBanner, SuccessBanner, TextField } from '@btls/shared-ui/components';
import styles from './auth-form.module.css';

export function LoginPage() {
  const { isAuthenticated, login } = useAuth();
  const returnPath = useReturnPath();
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (isAuthenticated && !busy) return <Navigate to={returnPath} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      await login({ email, password });
      navigate(returnPath, { replace: true });
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <main className={styles.wrap}>
      <form className={styles.card} onSubmit={submit}>
        <h1>Sign in</h1>
        <p className={styles.lead}>Welcome back to BTLS Coffee.</p>
        <SuccessBanner>{notice}</SuccessBanner>
        <ErrorBanner>{error}</ErrorBanner>
        <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" className={styles.submit} disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
        <p className={styles.alt}>
          New here? <Link to="/register">Create an account</Link>
        </p>
      </form>
    </main>
  );
}
