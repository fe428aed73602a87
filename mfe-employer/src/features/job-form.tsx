import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  errorMessage,
  isNotFound,
  JOB_TYPES,
  myJobQuery,
  todayInKigali,
  translateMessage,
  usePostJob,
  useSuspenseQuery,
  useUpdateJob,
  valueText,
} from '@btls/shared-api';
import type { Job, JobPayload } from '@btls/shared-api/schemas';
import { Link, paths, useAuth, useI18n, useNavigate, useParams } from '@btls/shared-auth';
import {
  Button,
  buttonClass,
  ErrorBanner,
  SelectField,
  Spinner,
  SuccessBanner,
  TextAreaField,
  TextField,
} from '@btls/shared-ui/components';
import { panelPage as styles } from '@btls/shared-ui/panel-page';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';

/** The server's rules for a job (zod, about 30 KiB gzip): loaded when the form is first touched. */
const loadRules = () => import('@btls/shared-api/schemas');

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

/** The job rules of docs/product.md §5 (the server's schema) before any call: the payload, or the problem in the product's words. */
export async function jobPayload(fields: JobFields): Promise<{ payload: JobPayload } | { problem: string }> {
  const { checkForm, jobPayloadSchema } = await loadRules();
  return checkForm(jobPayloadSchema, fields);
}

function JobForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: JobFields;
  submitLabel: string;
  onSubmit: (p: JobPayload) => Promise<void>;
}) {
  const i18n = useI18n();
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
    const checked = await jobPayload(fields);
    if ('problem' in checked) return setError(translateMessage(checked.problem));
    setError('');
    setBusy(true);
    try {
      await onSubmit(checked.payload);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={styles.card} onSubmit={submit} onFocus={() => void loadRules()} noValidate>
      <ErrorBanner>{error}</ErrorBanner>
      <TextField label={i18n._({ id: 'employer.jobForm.title', message: 'Job Title' })} required {...bind('title')} />
      <TextField
        label={i18n._({ id: 'employer.jobForm.company', message: 'Company Name' })}
        required
        {...bind('companyName')}
      />
      <TextAreaField
        label={i18n._({ id: 'employer.jobForm.description', message: 'Description' })}
        required
        rows={6}
        {...bind('description')}
      />
      <TextAreaField
        label={i18n._({ id: 'employer.jobForm.requirements', message: 'Requirements' })}
        rows={4}
        hint={i18n._({ id: 'employer.jobForm.requirementsHint', message: 'One requirement per line.' })}
        {...bind('requirements')}
      />
      <div className={styles.row}>
        <TextField
          label={i18n._({ id: 'employer.jobForm.location', message: 'Location' })}
          required
          placeholder={i18n._({ id: 'employer.jobForm.locationHint', message: 'e.g. Kigali, Kimihurura' })}
          {...bind('location')}
        />
        <SelectField label={i18n._({ id: 'employer.jobForm.type', message: 'Job Type' })} {...bind('jobType')}>
          {JOB_TYPES.map((t) => (
            <option key={t} value={t}>
              {i18n._(valueText(t))}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={styles.row}>
        <TextField
          label={i18n._({ id: 'employer.jobForm.salary', message: 'Salary Range (optional)' })}
          placeholder={i18n._({ id: 'employer.jobForm.salaryHint', message: 'e.g. RWF 250,000 - 320,000 per month' })}
          {...bind('salaryRange')}
        />
        <TextField
          label={i18n._({ id: 'employer.jobForm.closing', message: 'Closing Date (optional)' })}
          type="date"
          min={todayInKigali()}
          {...bind('closingDate')}
        />
      </div>
      <p>
        <label>
          <input
            type="checkbox"
            checked={fields.isActive}
            onChange={(e) => setFields((f) => ({ ...f, isActive: e.target.checked }))}
          />{' '}
          {i18n._({ id: 'employer.jobForm.active', message: 'Active (shown on the public job board)' })}
        </label>
      </p>
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? i18n._({ id: 'common.saving', message: 'Saving...' }) : submitLabel}
        </Button>
        <Link className={buttonClass('secondary')} to={paths.employer.myJobs}>
          {i18n._({ id: 'common.cancel', message: 'Cancel' })}
        </Link>
      </div>
    </form>
  );
}

export function PostJobPage() {
  const i18n = useI18n();
  const { user } = useAuth();
  const post = usePostJob();
  const [posted, setPosted] = useState<{ id: number; title: string; isActive: boolean } | null>(null);
  const [formKey, setFormKey] = useState(0);
  // After posting, the employer (at the foot of a long form on a phone) is taken to what happened and the next steps.
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (posted) result.current?.focus();
  }, [posted]);
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
      <h1>{i18n._({ id: 'employer.postJob.title', message: 'Post a Job Opening' })}</h1>
      {posted && (
        <div ref={result} tabIndex={-1} className={styles.card}>
          <SuccessBanner>
            {i18n._({
              id: 'employer.postJob.posted',
              message: 'Job "{title}" posted successfully!',
              values: { title: posted.title },
            })}
          </SuccessBanner>
          <p className={styles.actions}>
            <Link to={paths.employer.myJobs}>
              {i18n._({ id: 'employer.postJob.seeIt', message: 'See it on My Job Postings' })}
            </Link>
            {posted.isActive && (
              <Link to={paths.job(posted.id)}>
                {i18n._({ id: 'employer.postJob.publicPage', message: 'View its public page' })}
              </Link>
            )}
          </p>
          <p>{i18n._({ id: 'employer.postJob.another', message: 'Or post another job below.' })}</p>
        </div>
      )}
      <JobForm
        key={formKey}
        initial={blank}
        submitLabel={i18n._({ id: 'employer.postJob.submit', message: 'Post Job' })}
        onSubmit={async (payload) => {
          const { job } = await post.mutateAsync(payload);
          setPosted({ id: job.id, title: job.title, isActive: job.isActive });
          setFormKey((k) => k + 1);
        }}
      />
    </section>
  );
}

export function EditJobPage() {
  const i18n = useI18n();
  const { jobId = '' } = useParams();
  return (
    <QueryBoundary
      loading={<Spinner label={i18n._({ id: 'employer.editJob.loading', message: 'Loading job...' })} />}
      error={(message) => <JobNotFound message={message} />}
    >
      <EditJob jobId={jobId} />
    </QueryBoundary>
  );
}

function JobNotFound({ message }: { message: ReactNode }) {
  const i18n = useI18n();
  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'employer.editJob.notFound', message: 'Job Not Found' })}</h1>
      <p>{typeof message === 'string' ? translateMessage(message) : message}</p>
      <Link to={paths.employer.myJobs}>
        {i18n._({ id: 'employer.editJob.back', message: 'Back to my job postings' })}
      </Link>
    </section>
  );
}

function EditJob({ jobId }: { jobId: string }) {
  const i18n = useI18n();
  const { data: job } = useSuspenseQuery(myJobQuery(jobId));
  if (isNotFound(job)) {
    return (
      <JobNotFound
        message={
          job.status === 404
            ? i18n._({
                id: 'employer.editJob.notYours',
                message: "Job posting with ID {id} not found or you're not authorized to edit it.",
                values: { id: jobId },
              })
            : job.notFound
        }
      />
    );
  }
  return <EditJobForm job={job} />;
}

function EditJobForm({ job }: { job: Job }) {
  const i18n = useI18n();
  const update = useUpdateJob();
  const navigate = useNavigate();
  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'employer.editJob.title', message: 'Edit Job' })}</h1>
      <JobForm
        initial={fieldsOf(job)}
        submitLabel={i18n._({ id: 'employer.editJob.submit', message: 'Save Changes' })}
        onSubmit={async (payload) => {
          await update.mutateAsync({ id: job.id, payload });
          navigate(paths.employer.myJobs, {
            state: {
              notice: i18n._({
                id: 'employer.editJob.updated',
                message: 'Job "{title}" updated successfully.',
                values: { title: payload.title },
              }),
            },
          });
        }}
      />
    </section>
  );
}
