import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DEFAULT_SALARY_CURRENCY,
  isNotFound,
  JOB_TYPES,
  myJobQuery,
  SALARY_CURRENCIES,
  SALARY_PERIODS,
  salaryAmountOf,
  todayInKigali,
  translateMessage,
  usePostJob,
  useSuspenseQuery,
  useUpdateJob,
  valueText,
  type SalaryPeriod,
} from '@btls/shared-api';
import type { Job, JobPayload } from '@btls/shared-api/schemas';
import { Link, paths, useAuth, useI18n, useNavigate, useParams } from '@btls/shared-auth';
import {
  Button,
  buttonClass,
  CheckboxField,
  SelectField,
  Spinner,
  SuccessBanner,
  TextAreaField,
  TextField,
} from '@btls/shared-ui/components';
import { FormProblem, useFormProblem } from '@btls/shared-ui/form-problem';
import { formatSalary } from '@btls/shared-ui/format';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import own from './employer.module.css';

const styles = withPanelPage(own);

/** The server's rules for a job (zod, about 30 KiB gzip): loaded when the form is first touched. */
const loadRules = () => import('@btls/shared-api/schemas');

/** The form's fields, named as the payload's (a refusal names the field it is about). */
interface JobFields {
  title: string;
  companyName: string;
  description: string;
  requirements: string;
  location: string;
  jobType: string;
  salaryMin: string;
  salaryMax: string;
  salaryCurrency: string;
  salaryPeriod: string;
  /** The words of a salary written before salaries had amounts: kept as they are until amounts are given. */
  salaryRange: string;
  closingDate: string;
  isActive: boolean;
}

type TextFieldName = Exclude<keyof JobFields, 'isActive' | 'salaryRange'>;

const fieldsOf = (job: Job): JobFields => ({
  title: job.title,
  companyName: job.companyName,
  description: job.description,
  requirements: job.requirements ?? '',
  location: job.location,
  jobType: job.jobType,
  salaryMin: job.salary ? String(job.salary.min) : '',
  salaryMax: job.salary?.max == null ? '' : String(job.salary.max),
  salaryCurrency: job.salary?.currency ?? DEFAULT_SALARY_CURRENCY,
  salaryPeriod: job.salary?.period ?? 'month',
  salaryRange: job.salary ? '' : (job.salaryRange ?? ''),
  closingDate: job.closingDate ?? '',
  isActive: job.isActive,
});

/** What the form sends: its texts as typed, the salary's amounts read as numbers ("250,000" is 250000). */
const valuesOf = (fields: JobFields) => ({
  ...fields,
  salaryMin: salaryAmountOf(fields.salaryMin),
  salaryMax: salaryAmountOf(fields.salaryMax),
  salaryCurrency: fields.salaryCurrency || null,
  salaryPeriod: fields.salaryPeriod || null,
  salaryRange: fields.salaryRange || null,
});

/**
 * The job rules of docs/product.md §5 (the server's schema) before any call: the payload, or the problem in the
 * product's words and the field it is about.
 */
export async function jobPayload(
  fields: JobFields,
): Promise<{ payload: JobPayload } | { problem: string; field?: string }> {
  const { checkForm, jobPayloadSchema } = await loadRules();
  return checkForm(jobPayloadSchema, valuesOf(fields));
}

/** The salary as the job's pages will show it, while the form is filled in; null until it has amounts. */
function salaryShown(fields: JobFields) {
  const min = salaryAmountOf(fields.salaryMin);
  const max = salaryAmountOf(fields.salaryMax);
  const valid = (amount: number | null) => amount === null || Number.isInteger(amount);
  if (min === null || !valid(min) || !valid(max) || (max !== null && max < min) || !fields.salaryPeriod) return null;
  return {
    min,
    max,
    currency: fields.salaryCurrency || DEFAULT_SALARY_CURRENCY,
    period: fields.salaryPeriod as SalaryPeriod,
  };
}

/** How often a salary is paid, as the period select says it. */
const PERIOD_CHOICES: Record<SalaryPeriod, { id: string; message: string }> = {
  hour: /*i18n*/ { id: 'employer.jobForm.perHour', message: 'per hour' },
  day: /*i18n*/ { id: 'employer.jobForm.perDay', message: 'per day' },
  week: /*i18n*/ { id: 'employer.jobForm.perWeek', message: 'per week' },
  month: /*i18n*/ { id: 'employer.jobForm.perMonth', message: 'per month' },
  year: /*i18n*/ { id: 'employer.jobForm.perYear', message: 'per year' },
};

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
  const form = useFormProblem();
  const [busy, setBusy] = useState(false);
  const bind = (name: TextFieldName) => ({
    name,
    value: fields[name],
    error: form.errorFor(name),
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = await jobPayload(fields);
    // The page and the keyboard go to the field the problem is about, with the words beside it.
    if ('problem' in checked) return form.refuse(translateMessage(checked.problem), checked.field);
    form.clear();
    setBusy(true);
    try {
      await onSubmit(checked.payload);
    } catch (failure) {
      // The form stays as it was filled; the server's words go beside the field they are about.
      form.fail(failure);
    } finally {
      setBusy(false);
    }
  }
  const shown = salaryShown(fields);
  return (
    <form ref={form.formRef} className={styles.card} onSubmit={submit} onFocus={() => void loadRules()} noValidate>
      <FormProblem problem={form.problem} />
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
      <fieldset className={styles.salary} aria-describedby="salary-shown">
        <legend>{i18n._({ id: 'employer.jobForm.salaryLegend', message: 'Salary (optional)' })}</legend>
        <div className={styles.salaryRow}>
          <TextField
            label={i18n._({ id: 'employer.jobForm.salaryFrom', message: 'From' })}
            inputMode="numeric"
            autoComplete="off"
            placeholder="250000"
            {...bind('salaryMin')}
          />
          <TextField
            label={i18n._({ id: 'employer.jobForm.salaryUpTo', message: 'Up to (optional)' })}
            inputMode="numeric"
            autoComplete="off"
            placeholder="320000"
            {...bind('salaryMax')}
          />
        </div>
        <div className={styles.salaryRow}>
          <SelectField
            label={i18n._({ id: 'employer.jobForm.currency', message: 'Currency' })}
            {...bind('salaryCurrency')}
          >
            {SALARY_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </SelectField>
          <SelectField label={i18n._({ id: 'employer.jobForm.period', message: 'Paid' })} {...bind('salaryPeriod')}>
            {SALARY_PERIODS.map((period) => (
              <option key={period} value={period}>
                {i18n._(PERIOD_CHOICES[period])}
              </option>
            ))}
          </SelectField>
        </div>
        <p id="salary-shown" className={styles.hint} aria-live="polite">
          {shown
            ? i18n._({
                id: 'employer.jobForm.salaryShown',
                message: 'Job seekers read: {salary}',
                values: { salary: formatSalary(shown, i18n) },
              })
            : fields.salaryRange
              ? i18n._({
                  id: 'employer.jobForm.salaryWritten',
                  message:
                    'Job seekers read “{text}”, as it was written before salaries had amounts. Give the amounts to show it in their language.',
                  values: { text: fields.salaryRange },
                })
              : i18n._({
                  id: 'employer.jobForm.salaryNone',
                  message: 'Leave the amounts empty to say nothing of the salary.',
                })}
        </p>
        {!shown && fields.salaryRange && (
          <Button variant="secondary" onClick={() => setFields((f) => ({ ...f, salaryRange: '' }))}>
            {i18n._({ id: 'employer.jobForm.salaryRemoveWritten', message: 'Remove this salary text' })}
          </Button>
        )}
      </fieldset>
      <TextField
        label={i18n._({ id: 'employer.jobForm.closing', message: 'Closing Date (optional)' })}
        type="date"
        min={todayInKigali()}
        {...bind('closingDate')}
      />
      <CheckboxField
        name="isActive"
        label={i18n._({ id: 'employer.jobForm.active', message: 'Active (shown on the public job board)' })}
        checked={fields.isActive}
        error={form.errorFor('isActive')}
        onChange={(e) => setFields((f) => ({ ...f, isActive: e.target.checked }))}
      />
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
    salaryMin: '',
    salaryMax: '',
    salaryCurrency: DEFAULT_SALARY_CURRENCY,
    salaryPeriod: 'month',
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
