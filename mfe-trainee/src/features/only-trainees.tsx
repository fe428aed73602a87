/**
 * What a signed-in employer, trainer or admin sees on a trainee-only form (applying for a course or a job):
 * why they cannot use it, and the way to their own panel — not a silent bounce (issue 18).
 */
import type { ReactNode } from 'react';
import { Link, panelFor, useAuth } from '@btls/shared-auth';
import { buttonClass } from '@btls/shared-ui/components';
import styles from './jobs/apply-job.module.css';

const accountKind = (role: string | null) => (role === 'admin' ? 'an admin' : role === 'employer' ? 'an employer' : `a ${role}`);

export function OnlyTrainees({ title, why, back }: { title: string; why: string; back: ReactNode }) {
  const { role } = useAuth();
  const panel = panelFor(role);
  return (
    <main className={styles.page}>
      <h1>{title}</h1>
      <p>
        {why} Your account is {accountKind(role)} account.
      </p>
      <p className={styles.actions}>
        <Link className={buttonClass()} to={panel.path}>
          {panel.accessLabel}
        </Link>
        {back}
      </p>
    </main>
  );
}
