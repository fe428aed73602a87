import { useState, type ReactNode } from 'react';
import {
  allCourseChoicesQuery,
  ENROLLMENT_STATUSES,
  errorMessage,
  type EnrollmentStatus,
  pagedLists,
  trainersQuery,
  useQuery,
  useUpdateEnrollmentStatus,
  useUpdateEnrollmentStatuses,
} from '@btls/shared-api';
import type { Enrollment } from '@btls/shared-api/schemas';
import { Link, paths, useLocation, useSearchParams } from '@btls/shared-auth';
import { Button, CheckboxField, ErrorBanner, SelectField, StatusBadge, SuccessBanner, Table, TextField } from '@btls/shared-ui/components';
import { useDialog, type DialogChoice } from '@btls/shared-ui/dialog';
import { formatDate } from '@btls/shared-ui/format-date';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';
import { actionsFor, ADMIN_ACTIONS, offersAssignTrainer, showsProgressLink } from './transitions';

const styles = withPanelPage(own);

const ALL = 'All';
/** What the admin does to several applications at once (Completed ones keep their status: the server says so). */
const BULK_ACTIONS = ADMIN_ACTIONS.filter(
  (a): a is (typeof ADMIN_ACTIONS)[number] & { to: 'Approved' | 'Rejected' | 'Waitlisted' } => a.to !== 'Pending' && a.to !== 'Completed',
);
/** Completed, no certificate yet: the applications where the admin's next step is to issue one. */
const AWAITING_CERTIFICATE = 'Awaiting certificate';
const FILTERS = ['status', 'q', 'course', 'sort'] as const;
const SORTS = [
  { value: 'oldest', label: 'Oldest first' },
  { value: 'newest', label: 'Newest first' },
  { value: 'course', label: 'Course' },
] as const;

/**
 * No status in the address means Pending (the review queue), oldest first unless `sort` says; All means every
 * status. Filter, sort and page all live in the address, so "Back to applications" and a reload keep them.
 */
const applications = {
  ...pagedLists.enrollments,
  fetchPage: ({ status = 'Pending', course, sort, ...query }: Record<string, string | number>) =>
    pagedLists.enrollments.fetchPage({
      ...query,
      ...(status === AWAITING_CERTIFICATE ? { awaitingCertificate: 'true' } : { status: status === ALL ? '' : status }),
      ...(course ? { courseId: course } : {}),
      sort: sort || 'oldest',
    }),
};

export function EnrollmentsPage() {
  const paged = usePagedList(useSearchParams(), applications, FILTERS);
  const updateStatus = useUpdateEnrollmentStatus();
  const status = paged.filters.status || 'Pending';
  const courses = useQuery(allCourseChoicesQuery()).data ?? [];
  const list = paged.items;
  // The list's own address, for the way back from an application's pages.
  const { pathname, search } = useLocation();
  const backTo = `${pathname}${search}`;
  const { prompt, promptWithChoice, dialog } = useDialog();
  // Approving asks for the trainer too (optional): approve and assign in one step.
  const trainers = useQuery(trainersQuery()).data ?? [];
  const trainerChoice = (current: number | null | undefined): DialogChoice => ({
    label: 'Trainer (optional)',
    options: [
      { value: '', label: 'No trainer yet' },
      ...trainers.map((t) => ({ value: String(t.id), label: `${t.firstName} ${t.lastName} (${t.email})` })),
    ],
    value: current && trainers.some((t) => t.id === current) ? String(current) : '',
  });
  /** The notes of a change; an approval also offers the trainer (`current` preselected). Null when cancelled. */
  async function ask(question: string, approving: boolean, initial: string, current?: number | null) {
    if (!approving) {
      const text = await prompt(question, initial);
      return text === null ? null : { adminNotes: text };
    }
    const answer = await promptWithChoice(question, { initial, choice: trainerChoice(current), textLabel: 'Admin notes (optional)' });
    if (answer === null) return null;
    const trainerId = answer.choice && Number(answer.choice) !== current ? Number(answer.choice) : undefined;
    return { adminNotes: answer.text, ...(trainerId ? { trainerId } : {}) };
  }
  const [failure, setError] = useState('');
  const [notice, setNotice] = useState('');
  const error = failure || paged.error;
  // Several at once: the rows ticked on the shown page (another page or filter starts a new choice).
  const updateMany = useUpdateEnrollmentStatuses();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const selected = (list ?? []).filter((e) => picked.has(e.id));
  const toggle = (id: number, on: boolean) =>
    setPicked((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function changeSelected(to: Exclude<EnrollmentStatus, 'Completed'>, label: string) {
    const count = selected.length;
    const answered = await ask(`${label} the ${count} selected application${count === 1 ? '' : 's'}. Optional notes:`, to === 'Approved', '');
    if (answered === null) return;
    const { adminNotes, ...rest } = answered;
    setError('');
    setNotice('');
    try {
      const answer = await updateMany.mutateAsync({ ids: selected.map((e) => e.id), status: to, ...rest, ...(adminNotes ? { adminNotes } : {}) });
      setNotice(answer.message);
      setPicked(new Set());
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
    try {
      const answer = await updateStatus.mutateAsync({ id: enrollment.id, status: to, ...answered });
      setNotice(answer.message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section className={styles.page}>
      <h1>Enrollment Applications</h1>
      <div className={styles.toolbar}>
        <SelectField label="Status" value={status} onChange={(e) => paged.setFilter('status', e.target.value)}>
          {[ALL, ...ENROLLMENT_STATUSES, AWAITING_CERTIFICATE].map((s) => <option key={s}>{s}</option>)}
        </SelectField>
        <SelectField label="Course" value={paged.filters.course} onChange={(e) => paged.setFilter('course', e.target.value)}>
          <option value="">All courses</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <SelectField label="Sort by" value={paged.filters.sort || 'oldest'} onChange={(e) => paged.setFilter('sort', e.target.value)}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Search applications"
          type="search"
          placeholder="Trainee, e-mail or course"
          value={paged.filters.q}
          onChange={(e) => paged.setFilter('q', e.target.value)}
        />
      </div>
      {list && list.length > 0 && (
        <div className={styles.toolbar} role="group" aria-label="Selected applications">
          <CheckboxField
            label="Select all on this page"
            checked={selected.length === list.length}
            onChange={(e) => setPicked(e.target.checked ? new Set(list.map((row) => row.id)) : new Set())}
          />
          {selected.length > 0 && (
            <>
              <span>{selected.length} selected:</span>
              {BULK_ACTIONS.map((a) => (
                <Button key={a.to} variant="secondary" onClick={() => void changeSelected(a.to, a.label)}>
                  {a.label} selected
                </Button>
              ))}
            </>
          )}
        </div>
      )}
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      <ListStates items={list} error={paged.error} loading="Loading applications..." empty={`No applications${status === ALL ? '' : ` with status ${status}`}.`}>
        {(rows) => (
        <Table
          caption="Applications"
          rows={rows}
          rowKey={(e) => e.id}
          columns={[
            {
              header: 'Select',
              cell: (e) => (
                <input
                  type="checkbox"
                  className={styles.pick}
                  checked={picked.has(e.id)}
                  onChange={(event) => toggle(e.id, event.target.checked)}
                  aria-label={`Select ${e.traineeFirstName} ${e.traineeLastName}, ${e.courseTitle}`}
                />
              ),
            },
            {
              header: 'Trainee',
              cell: (e) => (
                <>
                  {e.traineeFirstName} {e.traineeLastName}
                  <br />
                  <a href={`mailto:${e.traineeEmail}`}>{e.traineeEmail}</a>
                </>
              ),
            },
            { header: 'Course', cell: (e) => e.courseTitle },
            {
              header: 'Applied',
              cell: (e) => (
                <>
                  {formatDate(e.applicationDate)}
                  {e.preferredStartDate && <><br />Start: {formatDate(e.preferredStartDate)}</>}
                </>
              ),
            },
            {
              header: 'Status',
              cell: (e) => (
                <>
                  <StatusBadge status={e.status} />
                  {e.trainerFirstName && <><br />Trainer: {e.trainerFirstName} {e.trainerLastName}</>}
                </>
              ),
            },
            {
              header: 'Notes',
              cell: (e) => (
                <>
                  {e.applicantNotes && <>Applicant: {e.applicantNotes}<br /></>}
                  {e.adminNotes && <>Admin: {e.adminNotes}</>}
                </>
              ),
            },
            { header: 'Actions', cell: (e) => <EnrollmentActions enrollment={e} onChange={change} backTo={backTo} /> },
          ]}
        />
        )}
      </ListStates>
      <Pager list={paged} label="Applications" />
      {dialog}
    </section>
  );
}

/**
 * A row's actions in one line: its next step (approve a new application, assign the trainer of an approved
 * one, else its progress) and a More button that shows the others beside it.
 */
function EnrollmentActions({ enrollment: e, onChange, backTo }: {
  enrollment: Enrollment;
  backTo: string;
  onChange: (enrollment: Enrollment, to: EnrollmentStatus, question: string) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const who = `${e.traineeFirstName} ${e.traineeLastName}`;
  const named = (label: string) => `${label}: ${who}, ${e.courseTitle}`;
  const actions: { key: string; node: ReactNode }[] = actionsFor(e.status).map((a) => ({
    key: a.to,
    node: (
      <button
        type="button"
        className={styles.linkButton}
        aria-label={named(a.label)}
        onClick={() => void onChange(e, a.to, a.to === 'Approved' ? `Approve ${who} for ${e.courseTitle}` : `Optional notes for ${who} (${a.label}):`)}
      >
        {a.label}
      </button>
    ),
  }));
  actions.push({
    key: 'notes',
    node: (
      <button type="button" className={styles.linkButton} aria-label={named('Edit notes')} onClick={() => void onChange(e, e.status, `Admin notes for ${who}:`)}>
        Edit notes
      </button>
    ),
  });
  const assign = offersAssignTrainer(e) && {
    key: 'assign',
    node: (
      <Link to={paths.admin.assignTrainer(e.id)} state={{ backTo }} aria-label={named('Assign Trainer')}>
        Assign Trainer
      </Link>
    ),
  };
  const progress = showsProgressLink(e) && {
    key: 'progress',
    node: (
      <Link to={paths.admin.enrollmentProgress(e.id)} state={{ backTo }} aria-label={named('Progress')}>
        Progress
      </Link>
    ),
  };
  // The next step first: Assign Trainer, else Progress, else the first status change (Approve when offered).
  if (progress) actions.unshift(progress);
  if (assign) actions.unshift(assign);
  const [first, ...others] = actions;
  return (
    <span className={`${styles.actions} ${styles.rowActions} ${open ? styles.open : ''}`}>
      {first!.node}
      {others.length > 0 && (
        <>
          <button type="button" className={styles.linkButton} aria-expanded={open} aria-label={named('More actions')} onClick={() => setOpen(!open)}>
            More
          </button>
          {open && (
            <span className={`${styles.actions} ${styles.others}`}>
              {others.map((a) => (
                <span key={a.key}>{a.node}</span>
              ))}
            </span>
          )}
        </>
      )}
    </span>
  );
}
