/**
 * What a signed-in employer, trainer or admin sees on a trainee-only form (applying for a course or a job):
 * why they cannot use it, and the way to their own panel — not a silent bounce.
 */
import type { ReactNode } from 'react';
import { Link, panelFor, useAuth, useI18n } from '@btls/shared-auth';
import { buttonClass } from '@btls/shared-ui/components';
import { panelLabel } from '@btls/shared-ui/panel-layout';
import styles from './jobs/apply-job.module.css';

export function OnlyTrainees({ title, why, back }: { title: string; why: string; back: ReactNode }) {
  const i18n = useI18n();
  const { role } = useAuth();
  const panel = panelFor(role);
  return (
    <main className={styles.page}>
      <h1>{title}</h1>
      <p>
        {why}{' '}
        {role === 'admin'
          ? i18n._({ id: 'trainee.onlyTrainees.admin', message: 'Your account is an admin account.' })
          : role === 'employer'
            ? i18n._({ id: 'trainee.onlyTrainees.employer', message: 'Your account is an employer account.' })
            : role === 'trainer'
              ? i18n._({ id: 'trainee.onlyTrainees.trainer', message: 'Your account is a trainer account.' })
              : i18n._({
                  id: 'trainee.onlyTrainees.other',
                  message: 'Your account is a {role} account.',
                  values: { role },
                })}
      </p>
      <p className={styles.actions}>
        <Link className={buttonClass()} to={panel.path}>
          {role === 'employer'
            ? i18n._({ id: 'panel.employerPortal', message: 'Employer Portal' })
            : i18n._(panelLabel(role ?? 'trainee'))}
        </Link>
        {back}
      </p>
    </main>
  );
}
