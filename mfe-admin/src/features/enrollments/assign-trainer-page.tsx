import { useEffect, useState, type FormEvent } from 'react';
import { ASSIGNED_TRAINER_REDIRECT_MS, assignTrainer, getEnrollment, listTrainers, validation } from '@btls/shared-api';
import type { Enrollment, Trainer } from '@btls/shared-api/schemas';
import { Link, useNavigate, useParams } from '@btls/shared-auth';
import { Button, ErrorBanner, SelectField, Spinner, SuccessBanner } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

export function AssignTrainerPage() {
  const { applicationId = '' } = useParams();
  const navigate = useNavigate();
  const [enrollment, setEnrollment] = useState<Enrollment | null | undefined>(undefined);
  const [trainers, setTrainers] = useState<Trainer[]>([]);
  const [trainerId, setTrainerId] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  useEffect(() => {
    getEnrollment(applicationId)
      .then((found) => setEnrollment(found.status === 'Approved' ? found : null))
      .catch(() => setEnrollment(null));
    listTrainers()
      .then(setTrainers)
      .catch((failure: Error) => setError(failure.message));
  }, [applicationId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!trainerId) return setError(validation.selectTrainer);
    setError('');
    try {
      const answer = await assignTrainer(Number(applicationId), { trainerId: Number(trainerId) });
      setDone(answer.message);
      setTimeout(() => navigate('/admin/enrollments?status=Approved'), ASSIGNED_TRAINER_REDIRECT_MS);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  if (enrollment === undefined) return <Spinner label="Loading application..." />;
  if (enrollment === null) {
    return (
      <section className={styles.page}>
        <h1>Assign Trainer</h1>
        <ErrorBanner>Application not found or not in approved state.</ErrorBanner>
        <Link to="/admin/enrollments">Back to applications</Link>
      </section>
    );
  }
  return (
    <section className={styles.page}>
      <h1>Assign Trainer</h1>
      <form className={styles.card} onSubmit={submit} noValidate>
        <p>
          {enrollment.traineeFirstName} {enrollment.traineeLastName} — {enrollment.courseTitle}
        </p>
        <SuccessBanner>{done}</SuccessBanner>
        <ErrorBanner>{error}</ErrorBanner>
        <SelectField label="Trainer" value={trainerId} onChange={(e) => setTrainerId(e.target.value)}>
          <option value="">-- Select a trainer --</option>
          {trainers.map((t) => (
            <option key={t.id} value={t.id}>
              {t.firstName} {t.lastName} ({t.email})
            </option>
          ))}
        </SelectField>
        <div className={styles.actions}>
          <Button type="submit" disabled={!!done}>
            Assign Trainer
          </Button>
          <Link to="/admin/enrollments">Back to applications</Link>
        </div>
      </form>
    </section>
  );
}
