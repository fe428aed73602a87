import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DEFAULT_SALARY_CURRENCY,
  isLanguage,
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
  type Language,
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
import {
  OtherLanguages,
  translationsOf,
  translationValues,
  WrittenInField,
} from '@btls/shared-ui/content-language-fields';
import { useDraft, type DraftFields } from '@btls/shared-ui/draft';
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
  /** The language of title, description and requirements: '' for a new posting until the interface's is taken. */
  language?: Language | '';
  /** The texts in the other languages, by `translations.<language>.<field>`. */
  [translation: `translations.${string}`]: string;
}

type TextFieldName = Exclude<keyof JobFields, 'isActive' | 'salaryRange' | 'language' | `translations.${string}`>;

/** The texts a posting has in each language (docs/product.md §3, content languages). */
const TRANSLATED = ['title', 'description', 'requirements'] as const;

/** A posting's fields to edit: its own language's texts in the main fields, the others in theirs. */
const fieldsOf = (job: Job): JobFields => {
  const language = job.languages?.[0] ?? job.language ?? 'en';
  // The employer's answer has every version; the posting's own is in the main fields.
  const ownTexts = job.texts?.[language] ?? job;
  return {
    title: ownTexts.title,
    companyName: job.companyName,
    description: ownTexts.description,
    requirements: ownTexts.requirements ?? '',
    location: job.location,
    jobType: job.jobType,
    salaryMin: job.salary ? String(job.salary.min) : '',
    salaryMax: job.salary?.max == null ? '' : String(job.salary.max),
    salaryCurrency: job.salary?.currency ?? DEFAULT_SALARY_CURRENCY,
    salaryPeriod: job.salary?.period ?? 'month',
    salaryRange: job.salary ? '' : (job.salaryRange ?? ''),
    closingDate: job.closingDate ?? '',
    isActive: job.isActive,
    language,
    ...translationValues(language, TRANSLATED, job.texts),
  };
};

/**
 * What the form sends: its texts as typed (the other languages' as translations), the salary's amounts read as
 * numbers ("250,000" is 250000).
 */
const valuesOf = (all: JobFields) => {
  const fields = Object.fromEntries(Object.entries(all).filter(([name]) => !name.startsWith('translations.')));
  const language = all.language || undefined;
  return {
    ...(fields as Omit<JobFields, 'language'>),
    language,
    translations: language ? translationsOf(language, TRANSLATED, all) : undefined,
    salaryMin: salaryAmountOf(fields.salaryMin),
    salaryMax: salaryAmountOf(fields.salaryMax),
    salaryCurrency: fields.salaryCurrency || null,
    salaryPeriod: fields.salaryPeriod || null,
    salaryRange: fields.salaryRange || null,
  };
};

/**
 * The job rules of docs/product.md §5 (the server's schema) before any call: the payload, or the problem in the
 * product's words and the field it is about.
 */
export async function jobPayload(
  fields: JobFields,
): Promise<
  { payload: JobPayload } | { problem: string; field?: string; problems: { message: string; field?: string }[] }
> {
  const { jobPayloadSchema } = await loadRules();
  const checked = jobPayloadSchema.safeParse(valuesOf(fields));
  if (checked.success) return { payload: checked.data };
  // Each field's first problem, by its whole path (`translations.rw.title`), as the server names them.
  const problems: { message: string; field?: string }[] = [];
  for (const issue of checked.error.issues) {
    const field = issue.path.map(String).join('.');
    if (problems.some((problem) => problem.field === field)) continue;
    problems.push({ message: issue.message, ...(field ? { field } : {}) });
  }
  const [first] = problems;
  return { problem: first!.message, ...(first!.field ? { field: first!.field } : {}), problems };
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
  draftName,
  onSubmit,
}: {
  initial: JobFields;
  submitLabel: string;
  /** The draft kept on this device while the form is not sent (`job-post`, `job-edit:7`). */
  draftName: string;
  onSubmit: (p: JobPayload) => Promise<void>;
}) {
  const i18n = useI18n();
  const { user } = useAuth();
  // A new posting is written in the interface's language unless the employer chooses another.
  const interfaceLanguage: Language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const draft = useDraft(draftName, user?.id ?? null, {
    ...initial,
    language: initial.language || interfaceLanguage,
  } as unknown as DraftFields);
  const fields = draft.values as unknown as JobFields;
  const setFields = (change: (fields: JobFields) => JobFields) =>
    draft.update(change(fields) as unknown as DraftFields);
  const language = (fields.language || interfaceLanguage) as Language;
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
    const checked = await jobPayload({ ...fields, language });
    // Every problem at once, each beside its field (a translation's too); the keyboard goes to the first.
    if ('problem' in checked)
      return form.refuseAll(
        checked.problems.map((problem) => ({ ...problem, message: translateMessage(problem.message) })),
      );
    form.clear();
    setBusy(true);
    try {
      await onSubmit(checked.payload);
      draft.clear();
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
      {draft.restored && (
        <p role="status">
          {i18n._({
            id: 'employer.jobForm.draftBack',
            message: 'Your posting as you left it: it is not saved yet.',
          })}{' '}
          <button type="button" className={styles.linkButton} onClick={draft.discard}>
            {i18n._({ id: 'employer.jobForm.discardDraft', message: 'Discard it' })}
          </button>
        </p>
      )}
      <WrittenInField
        value={language}
        error={form.errorFor('language')}
        onChange={(chosen) => setFields((f) => ({ ...f, language: chosen }))}
      />
      <TextField
        label={i18n._({ id: 'employer.jobForm.title', message: 'Job Title' })}
        required
        lang={language}
        {...bind('title')}
      />
      <TextField
        label={i18n._({ id: 'employer.jobForm.company', message: 'Company Name' })}
        required
        {...bind('companyName')}
      />
      <TextAreaField
        label={i18n._({ id: 'employer.jobForm.description', message: 'Description' })}
        required
        rows={6}
        lang={language}
        {...bind('description')}
      />
      <TextAreaField
        label={i18n._({ id: 'employer.jobForm.requirements', message: 'Requirements' })}
        rows={4}
        hint={i18n._({ id: 'employer.jobForm.requirementsHint', message: 'One requirement per line.' })}
        lang={language}
        {...bind('requirements')}
      />
      <OtherLanguages
        own={language}
        fields={[
          { name: 'title', label: i18n._({ id: 'employer.jobForm.title', message: 'Job Title' }) },
          {
            name: 'description',
            label: i18n._({ id: 'employer.jobForm.description', message: 'Description' }),
            rows: 5,
          },
          {
            name: 'requirements',
            label: i18n._({ id: 'employer.jobForm.requirements', message: 'Requirements' }),
            rows: 3,
            hint: i18n._({ id: 'employer.jobForm.requirementsHint', message: 'One requirement per line.' }),
          },
        ]}
        values={fields}
        errorFor={form.errorFor}
        onChange={(name, value) => setFields((f) => ({ ...f, [name]: value }))}
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
    language: '',
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
        draftName="job-post"
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
        draftName={`job-edit:${job.id}`}
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
