/**
 * The state and writes of the admin's applications list: its filters, sort and page (in the address, so "Back
 * to applications" and a reload keep them), the rows ticked for a change of several at once, and the status
 * changes with their notes (an approval also offers the trainer). The page (enrollments-page.tsx) shows them.
 */
import { useState } from 'react';
import {
  allCourseChoicesQuery,
  ENROLLMENT_STATUSES,
  errorMessage,
  noticeText,
  pagedEnrollments,
  trainersQuery,
  useQuery,
  useUpdateEnrollmentStatus,
  useUpdateEnrollmentStatuses,
  valueText,
  type EnrollmentStatus,
} from '@btls/shared-api';
import type { Enrollment } from '@btls/shared-api/schemas';
import { useI18n, useLocation } from '@btls/shared-auth';
import { useDialog, type DialogChoice } from '@btls/shared-ui/dialog';
import { useSelection } from '@btls/shared-ui/selection';
import { ID, SEARCH, useCheckedPagedList } from '@btls/shared-ui/address-filters';
import { useFocusAfterChange } from '../focus-after-change';

export const ALL = 'All';
/** Completed, no certificate yet: the applications where the admin's next step is to issue one. */
export const AWAITING_CERTIFICATE = 'Awaiting certificate';
/** The orders the list offers; the first is the queue's own. */
export const SORT_ORDERS = ['oldest', 'newest', 'course'] as const;
const FILTERS = {
  status: [ALL, ...ENROLLMENT_STATUSES, AWAITING_CERTIFICATE],
  q: SEARCH,
  course: ID,
  sort: SORT_ORDERS,
} as const;
/** The status filter's texts beyond the statuses themselves (those are shared-api's `valueText`). */
const FILTER_TEXTS: Record<string, { id: string; message: string }> = {
  [ALL]: /*i18n*/ { id: 'admin.enrollments.filter.all', message: 'All' },
  [AWAITING_CERTIFICATE]: /*i18n*/ {
    id: 'admin.enrollments.filter.awaitingCertificate',
    message: 'Awaiting certificate',
  },
};
export const filterText = (status: string) => FILTER_TEXTS[status] ?? valueText(status);

/**
 * No status in the address means Pending (the review queue), oldest first unless `sort` says; All means every
 * status.
 */
const applications = {
  ...pagedEnrollments,
  fetchPage: ({ status = 'Pending', course, sort, ...query }: Record<string, string | number>) =>
    pagedEnrollments.fetchPage({
      ...query,
      ...(status === AWAITING_CERTIFICATE ? { awaitingCertificate: 'true' } : { status: status === ALL ? '' : status }),
      ...(course ? { courseId: course } : {}),
      sort: sort || 'oldest',
    }),
};

export function useEnrollmentsPage() {
  const i18n = useI18n();
  const paged = useCheckedPagedList(FILTERS, applications);
  const focus = useFocusAfterChange(paged.items);
  const updateStatus = useUpdateEnrollmentStatus();
  const updateMany = useUpdateEnrollmentStatuses();
  const status = paged.filters.status || 'Pending';
  const courses = useQuery(allCourseChoicesQuery()).data ?? [];
  // The list's own address, for the way back from an application's pages.
  const { pathname, search } = useLocation();
  // Approving asks for the trainer too (optional): approve and assign in one step. The list may still be on its
  // way when the dialog opens (a slow link): the dialog shows it when it arrives.
  const trainers = useQuery(trainersQuery()).data ?? [];
  const trainerOptions = [
    { value: '', label: i18n._({ id: 'admin.enrollments.noTrainer', message: 'No trainer yet' }) },
    ...trainers.map((t) => ({ value: String(t.id), label: `${t.firstName} ${t.lastName} (${t.email})` })),
  ];
  const { prompt, promptWithChoice, dialog } = useDialog({ choiceOptions: trainerOptions });
  const trainerChoice = (current: number | null | undefined): DialogChoice => ({
    label: i18n._({ id: 'admin.enrollments.trainerOptional', message: 'Trainer (optional)' }),
    options: trainerOptions,
    value: current ? String(current) : '',
  });
  /** The notes of a change; an approval also offers the trainer (`current` preselected). Null when cancelled. */
  async function ask(question: string, approving: boolean, initial: string, current?: number | null) {
    if (!approving) {
      const text = await prompt(question, initial);
      return text === null ? null : { adminNotes: text };
    }
    const answer = await promptWithChoice(question, {
      initial,
      choice: trainerChoice(current),
      textLabel: i18n._({ id: 'admin.enrollments.notesOptional', message: 'Admin notes (optional)' }),
    });
    if (answer === null) return null;
    const trainerId = answer.choice && Number(answer.choice) !== current ? Number(answer.choice) : undefined;
    return { adminNotes: answer.text, ...(trainerId ? { trainerId } : {}) };
  }
  const [failure, setError] = useState('');
  const [notice, setNotice] = useState('');
  // Several at once: the rows ticked on the shown page (another page or filter starts a new choice).
  const selection = useSelection(paged.items);

  async function changeSelected(to: Exclude<EnrollmentStatus, 'Completed'>, action: string) {
    const count = selection.selected.length;
    const question = i18n._({
      id: 'admin.enrollments.bulkQuestion',
      message:
        '{action} the {count, plural, one {# selected application} other {# selected applications}}. Optional notes:',
      values: { action, count },
    });
    const answered = await ask(question, to === 'Approved', '');
    if (answered === null) return;
    const { adminNotes, ...rest } = answered;
    setError('');
    setNotice('');
    // The buttons of the choice go with it: the focus goes to the message (no row is the changed one).
    focus.before(0);
    try {
      const answer = await updateMany.mutateAsync({
        ids: selection.selected.map((e) => e.id),
        status: to,
        ...rest,
        ...(adminNotes ? { adminNotes } : {}),
      });
      setNotice(noticeText(answer));
      selection.clear();
      focus.after();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function change(enrollment: Enrollment, to: EnrollmentStatus, question: string) {
    // Edit notes re-sends the status: only a new approval asks for the trainer.
    const approving = to === 'Approved' && enrollment.status !== 'Approved';
    const answered = await ask(question, approving, enrollment.adminNotes ?? '', enrollment.assignedTrainerId);
    if (answered === null) return; // cancelling aborts
    setError('');
    setNotice('');
    focus.before(enrollment.id);
    try {
      const answer = await updateStatus.mutateAsync({ id: enrollment.id, status: to, ...answered });
      setNotice(noticeText(answer));
      focus.after();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return {
    paged,
    status,
    courses,
    backTo: `${pathname}${search}`,
    selection,
    notice,
    noticeTakesFocus: focus.noticeTakesFocus,
    error: failure || paged.error,
    change,
    changeSelected,
    dialog,
  };
}
