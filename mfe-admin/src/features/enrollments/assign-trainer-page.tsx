import { useState, type FormEvent } from 'react';
import {
  ASSIGNED_TRAINER_REDIRECT_MS,
  enrollmentQuery,
  errorMessage,
  isNotFound,
  noticeText,
  trainersQuery,
  translateMessage,
  useAssignTrainer,
  useQuery,
  useSuspenseQuery,
} from '@btls/shared-api';
import type { Enrollment } from '@btls/shared-api/schemas';
import { paths, useI18n, useNavigate, useParams } from '@btls/shared-auth';
import { Button, ErrorBanner, SelectField, Spinner, SuccessBanner } from '@btls/shared-ui/components';
import { FormProblem, useFormProblem } from '@btls/shared-ui/form-problem';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { PanelUnavailable } from '@btls/shared-ui/panel-states';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import own from '../admin.module.css';
import { BackToApplications } from './back-to-applications';

const styles = withPanelPage(own);

export function AssignTrainerPage() {
  const i18n = useI18n();
  const { applicationId = '' } = useParams();
  return (
    <QueryBoundary
      loading={<Spinner label={i18n._({ id: 'admin.assign.loading', message: 'Loading application...' })} />}
      error={() => <NotAssignable />}
    >
      <AssignTrainer applicationId={applicationId} />
    </QueryBoundary>
  );
}

function NotAssignable() {
  const i18n = useI18n();
  const back = <BackToApplications />;
  return (
    <PanelUnavailable
      title={i18n._({ id: 'admin.enrollments.assignTrainer', message: 'Assign Trainer' })}
      message={i18n._({ id: 'admin.assign.notAssignable', message: 'Application not found or not in approved state.' })}
      back={back}
    />
  );
}

function AssignTrainer({ applicationId }: { applicationId: string }) {
  const { data: enrollment } = useSuspenseQuery(enrollmentQuery(applicationId));
  if (isNotFound(enrollment) || enrollment.status !== 'Approved') return <NotAssignable />;
  return <AssignTrainerForm enrollment={enrollment} />;
}

/** The server's rule for the choice (zod and the schemas, about 30 KiB gzip): loaded when the form is first touched. */
const loadRules = () => import('@btls/shared-api/schemas');

function AssignTrainerForm({ enrollment }: { enrollment: Enrollment }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const trainers = useQuery(trainersQuery());
  const assign = useAssignTrainer();
  const [trainerId, setTrainerId] = useState('');
  const problem = useFormProblem();
  const [done, setDone] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { checkForm, assignTrainerPayloadSchema } = await loadRules();
    const checked = checkForm(assignTrainerPayloadSchema, { trainerId });
    if ('problem' in checked) return problem.refuse(translateMessage(checked.problem), checked.field);
    problem.clear();
    try {
      const answer = await assign.mutateAsync({ id: enrollment.id, ...checked.payload });
      setDone(noticeText(answer));
      setTimeout(() => navigate(`${paths.admin.enrollments}?status=Approved`), ASSIGNED_TRAINER_REDIRECT_MS);
    } catch (failure) {
      problem.fail(failure);
    }
  }

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.enrollments.assignTrainer', message: 'Assign Trainer' })}</h1>
      <form ref={problem.formRef} className={styles.card} onSubmit={submit} onFocus={() => void loadRules()} noValidate>
        <p>
          {enrollment.traineeFirstName} {enrollment.traineeLastName} — {enrollment.courseTitle}
        </p>
        <SuccessBanner>{done}</SuccessBanner>
        {/* The trainers that did not load are the page's problem, not the form's: no field is named. */}
        <ErrorBanner>{trainers.error ? errorMessage(trainers.error) : ''}</ErrorBanner>
        <FormProblem problem={problem.problem} />
        <SelectField
          label={i18n._({ id: 'admin.assign.trainer', message: 'Trainer' })}
          name="trainerId"
          value={trainerId}
          error={problem.errorFor('trainerId')}
          onChange={(e) => setTrainerId(e.target.value)}
        >
          <option value="">{i18n._({ id: 'admin.assign.selectTrainer', message: '-- Select a trainer --' })}</option>
          {trainers.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.firstName} {t.lastName} ({t.email})
            </option>
          ))}
        </SelectField>
        <div className={styles.actions}>
          <Button type="submit" disabled={!!done}>
            {i18n._({ id: 'admin.enrollments.assignTrainer', message: 'Assign Trainer' })}
          </Button>
          <BackToApplications />
        </div>
      </form>
    </section>
  );
}
