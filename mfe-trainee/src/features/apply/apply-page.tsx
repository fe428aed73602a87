import { useState, type FormEvent } from 'react';
import {
  account,
  courseChoicesQuery,
  courseQuery,
  errorMessage,
  isNotFound,
  myApplicationsQuery,
  todayInKigali,
  translateMessage,
  useApplyForCourse,
  useQuery,
  valueText,
} from '@btls/shared-api';
import { Link, paths, useAuth, useI18n, useSearchParams } from '@btls/shared-auth';
import type { I18n } from '@btls/shared-api';
import { Button, buttonClass, SelectField, SuccessBanner, TextAreaField, TextField } from '@btls/shared-ui/components';
import { useDraft } from '@btls/shared-ui/draft';
import { FormProblem, useFormProblem } from '@btls/shared-ui/form-problem';
import { OnlyTrainees } from '../only-trainees';
import styles from '../dashboard/dashboard.module.css';

/** The server's rules for an application (zod, about 30 KiB gzip): loaded when the form is first touched. */
const loadRules = () => import('@btls/shared-api/schemas');

/** The confirmation of docs/product.md §7: the course, the application id, and that the trainee will hear back. */
const submitted = (i18n: I18n, title: string, id: number) =>
  i18n._({
    id: 'trainee.apply.submitted',
    message:
      'Your application for "{title}" has been submitted (application ID {id}). You will be notified once it has been reviewed.',
    values: { title, id },
  });

/**
 * After applying: what happened and where to go next, instead of an emptied form. It lives in the address
 * (`?applied=42`), so a reload shows it again, with the course read back from the trainee's applications.
 */
function Submitted({ id, justNow, onAnother }: { id: number; justNow: string; onAnother: () => void }) {
  const i18n = useI18n();
  const mine = useQuery(myApplicationsQuery());
  const application = mine.data?.find((a) => a.id === id);
  const text = application ? submitted(i18n, application.courseTitle, id) : justNow;
  return (
    <main className={styles.page}>
      <h1>{i18n._({ id: 'trainee.apply.title', message: 'Apply for a Course' })}</h1>
      <div className={styles.item}>
        <SuccessBanner>
          {text ||
            (mine.isPending
              ? ''
              : i18n._({
                  id: 'trainee.apply.submittedShort',
                  message: 'Your application (ID {id}) has been submitted.',
                  values: { id },
                }))}
        </SuccessBanner>
        <p>
          {i18n._({
            id: 'trainee.apply.onDashboard',
            message: 'It is on your dashboard, where you will see when it is reviewed.',
          })}
        </p>
        <p className={styles.sectionHead} style={{ justifyContent: 'flex-start' }}>
          <Link className={buttonClass()} to={paths.dashboard}>
            {i18n._({ id: 'trainee.apply.seeMine', message: 'See my applications' })}
          </Link>
          <Button variant="secondary" onClick={onAnother}>
            {i18n._({ id: 'trainee.apply.another', message: 'Apply for another course' })}
          </Button>
        </p>
      </div>
    </main>
  );
}

export function ApplyPage() {
  const i18n = useI18n();
  const { role } = useAuth();
  const [params, setParams] = useSearchParams();
  const [justNow, setJustNow] = useState('');
  // Signed out, the form stays and says 'You must be logged in to apply.' on submit (docs/product.md §8).
  if (role && role !== 'trainee') {
    return (
      <OnlyTrainees
        title={i18n._({ id: 'trainee.apply.title', message: 'Apply for a Course' })}
        why={translateMessage(account.onlyTraineesApplyForCourses)}
        back={
          <Link to={paths.courses}>
            {i18n._({ id: 'trainee.apply.backToCourses', message: 'Back to the courses' })}
          </Link>
        }
      />
    );
  }
  const applied = Number(params.get('applied'));
  if (Number.isInteger(applied) && applied > 0) {
    return (
      <Submitted id={applied} justNow={justNow} onAnother={() => setParams(new URLSearchParams(), { replace: true })} />
    );
  }
  return (
    <ApplyForm
      onSubmitted={(text, id) => {
        setJustNow(text);
        setParams(new URLSearchParams({ applied: String(id) }), { replace: true });
      }}
    />
  );
}

function ApplyForm({ onSubmitted }: { onSubmitted: (text: string, applicationId: number) => void }) {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const catalogue = useQuery(courseChoicesQuery());
  // The course the visitor came from (Enroll Now), also when it is not among the first 100.
  const asked = params.get('courseId') ?? '';
  const askedCourse = useQuery({
    ...courseQuery(asked),
    enabled: !!asked && !!catalogue.data && !catalogue.data.some((c) => String(c.id) === asked),
  });
  const extra =
    askedCourse.data && !isNotFound(askedCourse.data) && askedCourse.data.isActive ? [askedCourse.data] : [];
  const courses = catalogue.error
    ? []
    : catalogue.data
      ? [...catalogue.data.filter((c) => c.isActive), ...extra]
      : null;
  const apply = useApplyForCourse();
  const { user } = useAuth();
  // A draft on the phone until it is sent (one per course asked for, per account): a refusal, no network or a
  // look elsewhere loses nothing.
  const draft = useDraft(`course-application:${asked || 'any'}`, user?.id ?? null, {
    courseId: asked,
    preferredStartDate: '',
    applicantNotes: '',
  });
  const { courseId, preferredStartDate, applicantNotes } = draft.values;
  const form = useFormProblem();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { checkForm, applyPayloadSchema } = await loadRules();
    const checked = checkForm(applyPayloadSchema, { courseId, applicantNotes, preferredStartDate });
    // Every field's problem at once, each beside its field.
    if ('problem' in checked)
      return form.refuseAll(checked.problems.map((one) => ({ ...one, message: translateMessage(one.message) })));
    form.clear();
    setBusy(true);
    try {
      const answer = await apply.mutateAsync(checked.payload);
      draft.clear();
      const title =
        courses?.find((c) => String(c.id) === courseId)?.title ??
        i18n._({ id: 'trainee.apply.theCourse', message: 'the course' });
      onSubmitted(submitted(i18n, title, answer.applicationId), answer.applicationId);
    } catch (failure) {
      // What was chosen and typed stays (on the phone too: without network the words say it was not sent and is
      // kept); the server's words go beside the field they are about.
      form.fail(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.page}>
      <h1>{i18n._({ id: 'trainee.apply.title', message: 'Apply for a Course' })}</h1>
      <form ref={form.formRef} className={styles.item} onSubmit={submit} onFocus={() => void loadRules()} noValidate>
        {draft.restored && (
          <p role="status">
            {i18n._({
              id: 'trainee.apply.draftBack',
              message: 'Your application as you left it: it has not been sent yet.',
            })}
          </p>
        )}
        <FormProblem problem={form.problem}>{catalogue.error && errorMessage(catalogue.error)}</FormProblem>
        <SelectField
          label={i18n._({ id: 'trainee.apply.course', message: 'Course' })}
          name="courseId"
          required
          error={form.errorFor('courseId')}
          value={courseId}
          onChange={(e) => draft.set('courseId', e.target.value)}
          disabled={courses === null}
        >
          <option value="">
            {courses === null
              ? i18n._({ id: 'trainee.apply.loadingCourses', message: 'Loading courses...' })
              : i18n._({ id: 'trainee.apply.selectCourse', message: '-- Select a course --' })}
          </option>
          {courses?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title} ({i18n._(valueText(c.level))})
            </option>
          ))}
        </SelectField>
        <TextField
          label={i18n._({ id: 'trainee.apply.startDate', message: 'Preferred start date (optional)' })}
          name="preferredStartDate"
          type="date"
          min={todayInKigali()}
          error={form.errorFor('preferredStartDate')}
          value={preferredStartDate}
          onChange={(e) => draft.set('preferredStartDate', e.target.value)}
        />
        <TextAreaField
          label={i18n._({ id: 'trainee.apply.notes', message: 'Notes for the training centre (optional)' })}
          name="applicantNotes"
          rows={4}
          error={form.errorFor('applicantNotes')}
          value={applicantNotes}
          onChange={(e) => draft.set('applicantNotes', e.target.value)}
          hint={i18n._({
            id: 'trainee.apply.notesHint',
            message: 'Your experience, the days that suit you, anything we should know.',
          })}
        />
        <p className={styles.sectionHead} style={{ justifyContent: 'flex-start' }}>
          <Button type="submit" disabled={busy}>
            {busy
              ? i18n._({ id: 'trainee.apply.submitting', message: 'Submitting...' })
              : i18n._({ id: 'trainee.apply.submit', message: 'Submit Application' })}
          </Button>
          <Link className={buttonClass('secondary')} to={paths.dashboard}>
            {i18n._({ id: 'common.cancel', message: 'Cancel' })}
          </Link>
        </p>
      </form>
    </main>
  );
}
