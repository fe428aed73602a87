import { useState, type FormEvent } from 'react';
import { courseChoicesQuery, courseQuery, errorMessage, isNotFound, todayInKigali, useApplyForCourse, useQuery } from '@btls/shared-api';
import { Link, useSearchParams } from '@btls/shared-auth';
import { Button, buttonClass, ErrorBanner, SelectField, SuccessBanner, TextAreaField, TextField } from '@btls/shared-ui/components';
import styles from '../dashboard/dashboard.module.css';

/** The server's rules for an application (zod, about 30 KiB gzip): loaded when the form is first touched. */
const loadRules = () => import('@btls/shared-api/schemas');

export function ApplyPage() {
  const [params] = useSearchParams();
  const catalogue = useQuery(courseChoicesQuery());
  // The course the visitor came from (Enroll Now), also when it is not among the first 100.
  const asked = params.get('courseId') ?? '';
  const askedCourse = useQuery({ ...courseQuery(asked), enabled: !!asked && !!catalogue.data && !catalogue.data.some((c) => String(c.id) === asked) });
  const extra = askedCourse.data && !isNotFound(askedCourse.data) && askedCourse.data.isActive ? [askedCourse.data] : [];
  const courses = catalogue.error ? [] : catalogue.data ? [...catalogue.data.filter((c) => c.isActive), ...extra] : null;
  const apply = useApplyForCourse();
  const [courseId, setCourseId] = useState(params.get('courseId') ?? '');
  const [preferredStartDate, setPreferredStartDate] = useState('');
  const [applicantNotes, setApplicantNotes] = useState('');
  const [failure, setError] = useState('');
  const error = failure || (catalogue.error ? errorMessage(catalogue.error) : '');
  const [success, setSuccess] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSuccess('');
    const { checkForm, applyPayloadSchema } = await loadRules();
    const checked = checkForm(applyPayloadSchema, { courseId, applicantNotes, preferredStartDate });
    if ('problem' in checked) return setError(checked.problem);
    setError('');
    setBusy(true);
    try {
      const answer = await apply.mutateAsync(checked.payload);
      const title = courses?.find((c) => String(c.id) === courseId)?.title ?? 'the course';
      setSuccess(
        `Your application for "${title}" has been submitted (application ID ${answer.applicationId}). You will be notified once it has been reviewed.`,
      );
      setCourseId('');
      setPreferredStartDate('');
      setApplicantNotes('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.page}>
      <h1>Apply for a Course</h1>
      <form className={styles.item} onSubmit={submit} onFocus={() => void loadRules()} noValidate>
        <SuccessBanner>{success}</SuccessBanner>
        <ErrorBanner>{error}</ErrorBanner>
        <SelectField label="Course" value={courseId} onChange={(e) => setCourseId(e.target.value)} disabled={courses === null}>
          <option value="">{courses === null ? 'Loading courses...' : '-- Select a course --'}</option>
          {courses?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title} ({c.level})
            </option>
          ))}
        </SelectField>
        <TextField
          label="Preferred start date (optional)"
          type="date"
          min={todayInKigali()}
          value={preferredStartDate}
          onChange={(e) => setPreferredStartDate(e.target.value)}
        />
        <TextAreaField
          label="Notes for the training centre (optional)"
          rows={4}
          value={applicantNotes}
          onChange={(e) => setApplicantNotes(e.target.value)}
          hint="Your experience, the days that suit you, anything we should know."
        />
        <p className={styles.sectionHead} style={{ justifyContent: 'flex-start' }}>
          <Button type="submit" disabled={busy}>
            {busy ? 'Submitting...' : 'Submit Application'}
          </Button>
          <Link className={buttonClass('secondary')} to="/dashboard">
            Cancel
          </Link>
        </p>
      </form>
    </main>
  );
}
