/**
 * A job's applicants: the pipeline of one job. Filter by status and search by name or course (both
 * in the address, like the other panel lists), move one applicant or several at once with an optional note,
 * download a CV, export the list as CSV.
 */
import { useState, type FormEvent } from 'react';
import {
  canMoveApplication,
  downloadApplicantsCsv,
  downloadApplicationCv,
  EMPLOYER_APPLICATION_STATUSES,
  errorMessage,
  isNotFound,
  JOB_APPLICATION_TRANSITIONS,
  jobApplicantsQuery,
  myJobQuery,
  noticeText,
  valueText,
  translateMessage,
  useQuery,
  useSetJobApplicationsStatus,
  useSetJobApplicationStatus,
  type EmployerApplicationStatus,
  type JobApplicationStatus,
} from '@btls/shared-api';
import type { JobApplicant } from '@btls/shared-api/schemas';
import { Link, paths, useI18n, useParams, useSearchParams } from '@btls/shared-auth';
import { ApplicantCard, ApplicantsFailed, ApplicationStatusFilter } from '@btls/shared-ui/applicant-card';
import {
  Button,
  ErrorBanner,
  SelectField,
  Spinner,
  SuccessBanner,
  TextAreaField,
  TextField,
} from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { Pager } from '@btls/shared-ui/paging';
import own from './applicants.module.css';

const styles = withPanelPage(own);
const PAGE_SIZE = 20;

/** The server's rules for a move (zod, about 30 KiB gzip): loaded when the form is first touched. */
const loadRules = () => import('@btls/shared-api/schemas');

/** The words of a move on its button. */
const MOVE_LABEL: Record<EmployerApplicationStatus, { id: string; message: string }> = {
  Shortlisted: /*i18n*/ { id: 'employer.applicants.moveShortlisted', message: 'Shortlist' },
  Interview: /*i18n*/ { id: 'employer.applicants.moveInterview', message: 'Move to Interview' },
  Offered: /*i18n*/ { id: 'employer.applicants.moveOffered', message: 'Make an offer' },
  Hired: /*i18n*/ { id: 'employer.applicants.moveHired', message: 'Mark as hired' },
  'Not selected': /*i18n*/ { id: 'employer.applicants.moveNotSelected', message: 'Not selected' },
};

export function ApplicantsPage() {
  const i18n = useI18n();
  const { jobId = '' } = useParams();
  const job = useQuery(myJobQuery(jobId));
  const failure = job.error ? errorMessage(job.error) : isNotFound(job.data) ? translateMessage(job.data.notFound) : '';
  return (
    <section className={styles.page}>
      <Link to={paths.employer.myJobs}>← {i18n._({ id: 'employer.myJobs.title', message: 'My Job Postings' })}</Link>
      <h1>
        {job.data && !isNotFound(job.data)
          ? i18n._({
              id: 'employer.applicants.titleOf',
              message: 'Applicants: {title}',
              values: { title: job.data.title },
            })
          : i18n._({ id: 'employer.applicants.title', message: 'Applicants' })}
      </h1>
      {failure ? <ErrorBanner>{failure}</ErrorBanner> : <Applicants jobId={jobId} />}
    </section>
  );
}

/** The filters in the address: `status`, `q` and the 1-based `page`. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as JobApplicationStatus | '';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  return { status, q, page, set };
}

export function Applicants({ jobId }: { jobId: string }) {
  const i18n = useI18n();
  const filters = useFilters();
  const params = {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    limit: PAGE_SIZE,
    offset: (filters.page - 1) * PAGE_SIZE,
  };
  const list = useQuery({ ...jobApplicantsQuery(jobId, params), placeholderData: (previous) => previous });
  const moveApplication = useSetJobApplicationStatus();
  const moveApplications = useSetJobApplicationsStatus();
  const { prompt, dialog } = useDialog();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkStatus, setBulkStatus] = useState('');
  const [bulkNote, setBulkNote] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const applicants = list.data?.items;
  const total = list.data?.total ?? 0;

  async function moveOne(applicant: JobApplicant, status: EmployerApplicationStatus) {
    const name = `${applicant.trainee.firstName} ${applicant.trainee.lastName}`;
    const note = await prompt(
      i18n._({
        id: 'employer.applicants.notePrompt',
        message: '{move}: {name}. A note for the history and the e-mail to {firstName} (optional):',
        values: { move: i18n._(MOVE_LABEL[status]), name, firstName: applicant.trainee.firstName },
      }),
    );
    if (note === null) return;
    setError('');
    setNotice('');
    try {
      await moveApplication.mutateAsync({ id: applicant.id, status, note });
      setNotice(
        i18n._({
          id: 'employer.applicants.moved',
          message: '{name} is now {status}.',
          values: { name, status: i18n._(valueText(status)) },
        }),
      );
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function moveSelected(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    const { checkForm, jobApplicationBulkStatusPayloadSchema } = await loadRules();
    const checked = checkForm(jobApplicationBulkStatusPayloadSchema, {
      ids: [...selected],
      status: bulkStatus,
      note: bulkNote,
    });
    if ('problem' in checked) return setError(translateMessage(checked.problem));
    setError('');
    setBusy(true);
    try {
      const answer = await moveApplications.mutateAsync({
        jobId: Number(jobId),
        ids: checked.payload.ids,
        status: checked.payload.status,
        note: bulkNote,
      });
      setNotice(noticeText(answer));
      setSelected(new Set());
      setBulkNote('');
    } catch (failure) {
      // The selection, status and note stay as they were: the message says what to change.
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function download(run: () => Promise<void>) {
    setError('');
    try {
      await run();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allOnPage = !!applicants?.length && applicants.every((a) => selected.has(a.id));

  return (
    <>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      <div className={styles.filters}>
        <TextField
          label={i18n._({ id: 'employer.applicants.search', message: 'Search applicants' })}
          type="search"
          placeholder={i18n._({ id: 'employer.applicants.searchHint', message: 'Name or certified course' })}
          value={filters.q}
          onChange={(e) => filters.set({ q: e.target.value, page: '' })}
        />
        <ApplicationStatusFilter value={filters.status} onChange={(status) => filters.set({ status, page: '' })} />
        <Button variant="secondary" onClick={() => void download(() => downloadApplicantsCsv(Number(jobId), params))}>
          {i18n._({ id: 'employer.applicants.exportCsv', message: 'Export CSV' })}
        </Button>
      </div>

      <form
        className={styles.bulk}
        onSubmit={moveSelected}
        onFocus={() => void loadRules()}
        aria-labelledby="bulk-title"
      >
        <h2 id="bulk-title">
          {i18n._({ id: 'employer.applicants.bulkTitle', message: 'Change the status of several applicants' })}
        </h2>
        <p className={styles.hint} aria-live="polite">
          {selected.size === 0
            ? i18n._({ id: 'employer.applicants.tick', message: 'Tick applicants below to select them.' })
            : i18n._({
                id: 'employer.applicants.selected',
                message: '{count} selected.',
                values: { count: selected.size },
              })}
        </p>
        <div className={styles.bulkFields}>
          <SelectField
            label={i18n._({ id: 'employer.applicants.newStatus', message: 'New status' })}
            value={bulkStatus}
            onChange={(e) => setBulkStatus(e.target.value)}
          >
            <option value="">{i18n._({ id: 'employer.applicants.choose', message: 'Choose…' })}</option>
            {EMPLOYER_APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._(valueText(s))}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label={i18n._({ id: 'employer.applicants.note', message: 'Note (optional)' })}
            rows={2}
            value={bulkNote}
            onChange={(e) => setBulkNote(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy
            ? i18n._({ id: 'common.saving', message: 'Saving...' })
            : i18n._({ id: 'employer.applicants.applySelected', message: 'Apply to selected' })}
        </Button>
      </form>

      {list.error ? (
        <ApplicantsFailed error={list.error} retry={() => void list.refetch()} />
      ) : applicants === undefined ? (
        <Spinner label={i18n._({ id: 'employer.applicants.loading', message: 'Loading applicants...' })} />
      ) : applicants.length === 0 ? (
        <p>
          {filters.q || filters.status
            ? i18n._({ id: 'employer.applicants.noMatch', message: 'No applicants match.' })
            : i18n._({
                id: 'employer.applicants.none',
                message: 'No applications yet. They will appear here as trainees apply.',
              })}
        </p>
      ) : (
        <>
          <label className={styles.selectAll}>
            <input
              type="checkbox"
              checked={allOnPage}
              onChange={() => setSelected(allOnPage ? new Set() : new Set(applicants.map((a) => a.id)))}
            />
            {i18n._({
              id: 'employer.applicants.selectAll',
              message: 'Select all on this page ({count} of {total})',
              values: { count: applicants.length, total },
            })}
          </label>
          <ul className={styles.applicants}>
            {applicants.map((a) => (
              <li key={a.id}>
                <ApplicantCard
                  applicant={a}
                  onDownloadCv={() => void download(() => downloadApplicationCv(a.id))}
                  select={
                    <input
                      type="checkbox"
                      className={styles.check}
                      checked={selected.has(a.id)}
                      onChange={() => toggle(a.id)}
                      aria-label={i18n._({
                        id: 'employer.applicants.select',
                        message: 'Select {name}',
                        values: { name: `${a.trainee.firstName} ${a.trainee.lastName}` },
                      })}
                    />
                  }
                  actions={JOB_APPLICATION_TRANSITIONS[a.status].map((to) => (
                    <Button
                      key={to}
                      variant={to === 'Not selected' ? 'secondary' : 'primary'}
                      disabled={!canMoveApplication(a.status, to)}
                      aria-label={i18n._({
                        id: 'employer.applicants.moveOf',
                        message: '{move}: {name}',
                        values: { move: i18n._(MOVE_LABEL[to]), name: `${a.trainee.firstName} ${a.trainee.lastName}` },
                      })}
                      onClick={() => void moveOne(a, to)}
                    >
                      {i18n._(MOVE_LABEL[to])}
                    </Button>
                  ))}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager
        list={{
          page: filters.page,
          pageCount: Math.ceil(total / PAGE_SIZE),
          total,
          setPage: (p) => filters.set({ page: String(p) }),
        }}
        label={i18n._({ id: 'employer.applicants.title', message: 'Applicants' })}
      />
      {dialog}
    </>
  );
}
