/**
 * The state and writes of a job's applicants: the filters and page (in the address, like the other panel
 * lists), the list, moving one applicant or the ticked ones with an optional note, and the downloads. The page
 * (applicants-page.tsx) shows them.
 */
import { useState, type FormEvent } from 'react';
import {
  downloadApplicantsCsv,
  downloadApplicationCv,
  errorMessage,
  jobApplicantsQuery,
  noticeText,
  translateMessage,
  useQuery,
  useSetJobApplicationsStatus,
  useSetJobApplicationStatus,
  valueText,
  type EmployerApplicationStatus,
  type JobApplicationStatus,
} from '@btls/shared-api';
import type { JobApplicant } from '@btls/shared-api/schemas';
import { useI18n, useSearchParams } from '@btls/shared-auth';
import { useApplicantFocus } from '@btls/shared-ui/applicant-card';
import { useDialog } from '@btls/shared-ui/dialog';
import { useSelection } from '@btls/shared-ui/selection';

export const PAGE_SIZE = 20;

/** The server's rules for a move (zod, about 30 KiB gzip): loaded when the form is first touched. */
export const loadRules = () => import('@btls/shared-api/schemas');

/** The words of a move on its button. */
export const MOVE_LABEL: Record<EmployerApplicationStatus, { id: string; message: string }> = {
  Shortlisted: /*i18n*/ { id: 'employer.applicants.moveShortlisted', message: 'Shortlist' },
  Interview: /*i18n*/ { id: 'employer.applicants.moveInterview', message: 'Move to Interview' },
  Offered: /*i18n*/ { id: 'employer.applicants.moveOffered', message: 'Make an offer' },
  Hired: /*i18n*/ { id: 'employer.applicants.moveHired', message: 'Mark as hired' },
  'Not selected': /*i18n*/ { id: 'employer.applicants.moveNotSelected', message: 'Not selected' },
};

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

export function useApplicants(jobId: string) {
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
  const focus = useApplicantFocus();
  const applicants = list.data?.items;
  const selection = useSelection(applicants);
  const [bulkStatus, setBulkStatus] = useState('');
  const [bulkNote, setBulkNote] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  /** The applicant just moved on their own: the confirmation stands under their card, where the tap was. */
  const [movedId, setMovedId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

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
    setMovedId(null);
    try {
      await moveApplication.mutateAsync({ id: applicant.id, status, note });
      setNotice(
        i18n._({
          id: 'employer.applicants.moved',
          message: '{name} is now {status}.',
          values: { name, status: i18n._(valueText(status)) },
        }),
      );
      setMovedId(applicant.id);
      // The keyboard stays with this applicant (the button that opened the dialog is gone with the move).
      focus.focusOn(applicant.id);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function moveSelected(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    setMovedId(null);
    const { checkForm, jobApplicationBulkStatusPayloadSchema } = await loadRules();
    const checked = checkForm(jobApplicationBulkStatusPayloadSchema, {
      ids: selection.selected.map((a) => a.id),
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
      selection.clear();
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

  return {
    filters,
    params,
    list,
    applicants,
    total: list.data?.total ?? 0,
    selection,
    bulk: { status: bulkStatus, setStatus: setBulkStatus, note: bulkNote, setNote: setBulkNote, busy },
    error,
    notice,
    movedId,
    /** The notice takes the focus when the moved applicant is no longer listed (a filter by status). */
    noticeTakesFocus: focus.missing,
    moveOne,
    moveSelected,
    downloadCsv: () => download(() => downloadApplicantsCsv(Number(jobId), params)),
    downloadCv: (applicant: JobApplicant) => download(() => downloadApplicationCv(applicant.id)),
    dialog,
  };
}
