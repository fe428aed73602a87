import { useEffect, useState, type FormEvent } from 'react';
import { getJobForEdit, JOB_TYPES, postJob, todayInKigali, updateJob, validation } from '@btls/shared-api';
import type { Job, JobPayload } from '@btls/shared-api/schemas';
import { Link, useAuth, useNavigate, useParams } from '@btls/shared-auth';
import { Button, buttonClass, ErrorBanner, SelectField, Spinner, SuccessBanner, TextAreaField, TextField } from '@btls/shared-ui/components';
import { panelPage as styles } from '@btls/shared-ui/panel-page';

interface JobFields {
  title: string;
  companyName: string;
  description: string;
  requirements: string;
  location: string;
  jobType: string;
  salaryRange: string;
  closingDate: string;
  isActive: boolean;
}

const fieldsOf = (job: Job): JobFields => ({
  title: job.title,
  companyName: job.companyName,
  description: job.description,
  requirements: job.requirements ?? '',
  location: job.location,
  jobType: job.jobType,
  salaryRange: job.salaryRange ?? '',
  closingDate: job.closingDate ?? '',
  isActive: job.isActive,
});

/** The job rules of spec §5 before any call: the payload, or the problem in the spec's words. */
export function jobPayload(f: JobFields): { payload: JobPayload } | { problem: string } {
  if (![f.companyName, f.title, f.description, f.location].every((v) => v.trim())) return { problem: validation.jobRequired };
  if (f.closingDate && f.closingDate < todayInKigali()) return { problem: 'Closing date cannot be in the past.' };
  return {
    payload: {
      ...f,
      title: f.title.trim(),
      companyName: f.companyName.trim(),
      location: f.location.trim(),
      jobType: f.jobType || 'Full-time',
      salaryRange: f.salaryRange.trim() || null,
      requirements: f.requirements.trim() || null,
      closingDate: f.closingDate || null,
    },
  };
}

function JobForm({ initial, submitLabel, onSubmit }: { initial: JobFields; submitLabel: string; onSubmit: (p: JobPayload) => Promise<void> }) {
  const [fields, setFields] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const bind = (name: Exclude<keyof JobFields, 'isActive'>) => ({
    name,
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = jobPayload(fields);
    if ('problem' in checked) return setError(checked.problem);
    setError('');
    setBusy(true);
    try {
      await onSubmit(checked.payload);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={styles.card} onSubmit={submit} noValidate>
      <ErrorBanner>{error}</ErrorBanner>
      <TextField label="Job Title" required {...bind('title')} />
      <TextField label="Company Name" required {...bind('companyName')} />
      <TextAreaField label="Description" required rows={6} {...bind('description')} />
      <TextAreaField label="Requirements" rows={4} hint="One requirement per line." {...bind('requirements')} />
      <div className={styles.row}>
        <TextField label="Location" required placeholder="e.g. Kigali, Kimihurura" {...bind('location')} />
        <SelectField label="Job Type" {...bind('jobType')}>
          {JOB_TYPES.map((t) => <option key={t}>{t}</option>)}
        </SelectField>
      </div>
      <div className={styles.row}>
        <TextField label="Salary Range (optional)" placeholder="e.g. RWF 250,000 - 320,000 per month" {...bind('salaryRange')} />
        <TextField label="Closing Date (optional)" type="date" min={todayInKigali()} {...bind('closingDate')} />
      </div>
      <p>
        <label>
          <input type="checkbox" checked={fields.isActive} onChange={(e) => setFields((f) => ({ ...f, isActive: e.target.checked }))} /> Active
          (shown on the public job board)
        </label>
      </p>
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
        <Link className={buttonClass('secondary')} to="/employer/my-jobs">
          Cancel
        </Link>
      </div>
    </form>
  );
}

export function PostJobPage() {
  const { user } = useAuth();
  const [posted, setPosted] = useState('');
  const [formKey, setFormKey] = useState(0);
  const blank: JobFields = {
    title: '',
    companyName: user?.companyName ?? '',
    description: '',
    requirements: '',
    location: '',
    jobType: 'Full-time',
    salaryRange: '',
    closingDate: '',
    isActive: true,
  };
  return (
    <section className={styles.page}>
      <h1>Post a Job Opening</h1>
      <SuccessBanner>{posted}</SuccessBanner>
      <JobForm
        key={formKey}
        initial={blank}
        submitLabel="Post Job"
        onSubmit={async (payload) => {
          const { job } = await postJob(payload);
          setPosted(`Job "${job.title}" posted successfully!`);
          setFormKey((k) => k + 1);
        }}
      />
    </section>
  );
}

export function EditJobPage() {
  const { jobId = '' } = useParams();
  const navigate = useNavigate();
  const [job, setJob] = useState<Job | null | undefined>(undefined);
  const [error, setError] = useState('');
  useEffect(() => {
    getJobForEdit(jobId)
      .then(setJob)
      .catch((failure: Error & { status?: number }) => {
        setJob(null);
        setError(failure.status === 404 ? `Job posting with ID ${jobId} not found or you're not authorized to edit it.` : failure.message);
      });
  }, [jobId]);
  if (job === undefined) return <Spinner label="Loading job..." />;
  if (job === null) {
    return (
      <section className={styles.page}>
        <h1>Job Not Found</h1>
        <p>{error}</p>
        <Link to="/employer/my-jobs">Back to my job postings</Link>
      </section>
    );
  }
  return (
    <section className={styles.page}>
      <h1>Edit Job</h1>
      <JobForm
        initial={fieldsOf(job)}
        submitLabel="Save Changes"
        onSubmit={async (payload) => {
          await updateJob(job.id, payload);
          navigate('/employer/my-jobs', { state: { notice: `Job "${payload.title}" updated successfully.` } });
        }}
      />
    </section>
  );
}
