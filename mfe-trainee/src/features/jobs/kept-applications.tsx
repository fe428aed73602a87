/**
 * The job applications this trainee keeps on this phone, above the list of those the server has: "Not sent yet
 * — waiting to send", or refused on arrival, each leading to its job's application page (where it can be changed
 * or discarded). Nothing when there are none.
 */
import { translateMessage } from '@btls/shared-api';
import { Link, paths, useAuth, useI18n } from '@btls/shared-auth';
import styles from './apply-job.module.css';
import { useKeptApplications } from './offline-applications';

export function KeptApplications() {
  const i18n = useI18n();
  const { user, token } = useAuth();
  const { kept } = useKeptApplications({ userId: user?.id ?? 0, token });
  if (kept.length === 0) return null;
  return (
    <ul className={styles.keptList} aria-label={i18n._({ id: 'trainee.jobs.kept', message: 'Kept on this phone' })}>
      {kept.map((application) => {
        const refusal = application.write.state === 'refused' ? application.write.refusal : undefined;
        return (
          <li key={application.write.key} className={`${styles.card} ${styles.kept}`}>
            <h3>{application.jobTitle}</h3>
            <p>
              <strong>
                {refusal
                  ? i18n._({ id: 'trainee.applyJob.refusedTitle', message: 'Not sent: the application was refused' })
                  : i18n._({ id: 'trainee.applyJob.waitingTitle', message: 'Not sent yet — waiting to send' })}
              </strong>
              {refusal && <> — {translateMessage(refusal.message, refusal.code, refusal.params)}</>}
            </p>
            <Link className={styles.back} to={paths.applyForJob(application.jobId)}>
              {i18n._({ id: 'trainee.jobs.keptOpen', message: 'Open the application' })}
              <span className="visually-hidden">: {application.jobTitle}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
