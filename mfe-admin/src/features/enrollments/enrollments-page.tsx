import { useState, type ReactNode } from 'react';
import {
  allCourseChoicesQuery,
  ENROLLMENT_STATUSES,
  errorMessage,
  noticeText,
  pagedEnrollments,
  valueText,
  trainersQuery,
  useQuery,
  useUpdateEnrollmentStatus,
  useUpdateEnrollmentStatuses,
  type EnrollmentStatus,
} from '@btls/shared-api';
import type { Enrollment } from '@btls/shared-api/schemas';
import { Link, paths, useI18n, useLocation, useSearchParams } from '@btls/shared-auth';
import {
  Button,
  CheckboxField,
  ErrorBanner,
  SelectField,
  StatusBadge,
  SuccessBanner,
  Table,
  TextField,
} from '@btls/shared-ui/components';
import { useDialog, type DialogChoice } from '@btls/shared-ui/dialog';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';
import { actionsFor, ADMIN_ACTIONS, offersAssignTrainer, showsProgressLink } from './transitions';

const styles = withPanelPage(own);

const ALL = 'All';
/** What the admin does to several applications at once (Completed ones keep their status: the server says so). */
const BULK_ACTIONS = ADMIN_ACTIONS.filter(
  (a): a is (typeof ADMIN_ACTIONS)[number] & { to: 'Approved' | 'Rejected' | 'Waitlisted' } =>
    a.to !== 'Pending' && a.to !== 'Completed',
);
/** Completed, no certificate yet: the applications where the admin's next step is to issue one. */
const AWAITING_CERTIFICATE = 'Awaiting certificate';
const FILTERS = ['status', 'q', 'course', 'sort'] as const;
const SORTS = [
  { value: 'oldest', label: /*i18n*/ { id: 'admin.enrollments.sort.oldest', message: 'Oldest first' } },
  { value: 'newest', label: /*i18n*/ { id: 'admin.enrollments.sort.newest', message: 'Newest first' } },
  { value: 'course', label: /*i18n*/ { id: 'admin.enrollments.sort.course', message: 'Course' } },
] as const;
/** The status filter's texts beyond the statuses themselves (those are shared-api's `valueText`). */
const FILTER_TEXTS: Record<string, { id: string; message: string }> = {
  [ALL]: /*i18n*/ { id: 'admin.enrollments.filter.all', message: 'All' },
  [AWAITING_CERTIFICATE]: /*i18n*/ {
    id: 'admin.enrollments.filter.awaitingCertificate',
    message: 'Awaiting certificate',
  },
};
const filterText = (status: string) => FILTER_TEXTS[status] ?? valueText(status);

/**
 * No status in the address means Pending (the review queue), oldest first unless `sort` says; All means every
 * status. Filter, sort and page all live in the address, so "Back to applications" and a reload keep them.
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

export function EnrollmentsPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const paged = usePagedList(useSearchParams(), applications, FILTERS);
  const updateStatus = useUpdateEnrollmentStatus();
  const status = paged.filters.status || 'Pending';
  const courses = useQuery(allCourseChoicesQuery()).data ?? [];
  const list = paged.items;
  // The list's own address, for the way back from an application's pages.
  const { pathname, search } = useLocation();
  const backTo = `${pathname}${search}`;
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

  async function changeSelected(to: Exclude<EnrollmentStatus, 'Completed'>, action: string) {
    const count = selected.length;
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
    try {
      const answer = await updateMany.mutateAsync({
        ids: selected.map((e) => e.id),
        status: to,
        ...rest,
        ...(adminNotes ? { adminNotes } : {}),
      });
      setNotice(noticeText(answer));
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
      setNotice(noticeText(answer));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.enrollments.title', message: 'Enrollment Applications' })}</h1>
      <div className={styles.toolbar}>
        <SelectField
          label={i18n._({ id: 'admin.enrollments.status', message: 'Status' })}
          value={status}
          onChange={(e) => paged.setFilter('status', e.target.value)}
        >
          {[ALL, ...ENROLLMENT_STATUSES, AWAITING_CERTIFICATE].map((s) => (
            <option key={s} value={s}>
              {i18n._(filterText(s))}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={i18n._({ id: 'admin.enrollments.course', message: 'Course' })}
          value={paged.filters.course}
          onChange={(e) => paged.setFilter('course', e.target.value)}
        >
          <option value="">{i18n._({ id: 'admin.enrollments.allCourses', message: 'All courses' })}</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={i18n._({ id: 'admin.enrollments.sortBy', message: 'Sort by' })}
          value={paged.filters.sort || 'oldest'}
          onChange={(e) => paged.setFilter('sort', e.target.value)}
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {i18n._(s.label)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={i18n._({ id: 'admin.enrollments.search', message: 'Search applications' })}
          type="search"
          placeholder={i18n._({ id: 'admin.enrollments.searchHint', message: 'Trainee, e-mail or course' })}
          value={paged.filters.q}
          onChange={(e) => paged.setFilter('q', e.target.value)}
        />
      </div>
      {list && list.length > 0 && (
        <div
          className={styles.toolbar}
          role="group"
          aria-label={i18n._({ id: 'admin.enrollments.selectedGroup', message: 'Selected applications' })}
        >
          <CheckboxField
            label={i18n._({ id: 'admin.enrollments.selectAll', message: 'Select all on this page' })}
            checked={selected.length === list.length}
            onChange={(e) => setPicked(e.target.checked ? new Set(list.map((row) => row.id)) : new Set())}
          />
          {selected.length > 0 && (
            <>
              <span>
                {i18n._({
                  id: 'admin.enrollments.selectedCount',
                  message: '{count} selected:',
                  values: { count: selected.length },
                })}
              </span>
              {BULK_ACTIONS.map((a) => (
                <Button key={a.to} variant="secondary" onClick={() => void changeSelected(a.to, i18n._(a.text))}>
                  {i18n._({
                    id: 'admin.enrollments.actionSelected',
                    message: '{action} selected',
                    values: { action: i18n._(a.text) },
                  })}
                </Button>
              ))}
            </>
          )}
        </div>
      )}
      <SuccessBanner takeFocus>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      <ListStates
        items={list}
        error={paged.error}
        loading={i18n._({ id: 'admin.enrollments.loading', message: 'Loading applications...' })}
        empty={
          status === ALL
            ? i18n._({ id: 'admin.enrollments.none', message: 'No applications.' })
            : i18n._({
                id: 'admin.enrollments.noneWithStatus',
                message: 'No applications with status {status}.',
                values: { status: i18n._(filterText(status)) },
              })
        }
      >
        {(rows) => (
          <Table
            caption={i18n._({ id: 'admin.jobs.applications', message: 'Applications' })}
            rows={rows}
            rowKey={(e) => e.id}
            columns={[
              {
                header: i18n._({ id: 'admin.enrollments.select', message: 'Select' }),
                cell: (e) => (
                  <input
                    type="checkbox"
                    className={styles.pick}
                    checked={picked.has(e.id)}
                    onChange={(event) => toggle(e.id, event.target.checked)}
                    aria-label={i18n._({
                      id: 'admin.enrollments.selectOf',
                      message: 'Select {name}, {course}',
                      values: { name: `${e.traineeFirstName} ${e.traineeLastName}`, course: e.courseTitle },
                    })}
                  />
                ),
              },
              {
                header: i18n._({ id: 'admin.enrollments.trainee', message: 'Trainee' }),
                cell: (e) => (
                  <>
                    {e.traineeFirstName} {e.traineeLastName}
                    <br />
                    <a href={`mailto:${e.traineeEmail}`}>{e.traineeEmail}</a>
                  </>
                ),
              },
              {
                header: i18n._({ id: 'admin.enrollments.course', message: 'Course' }),
                cell: (e) => e.courseTitle,
                wholeWords: true,
              },
              {
                header: i18n._({ id: 'admin.enrollments.applied', message: 'Applied' }),
                cell: (e) => (
                  <>
                    {formatDate(e.applicationDate, 'MMM d, yyyy', locale)}
                    {e.preferredStartDate && (
                      <>
                        <br />
                        {i18n._({
                          id: 'admin.enrollments.start',
                          message: 'Start: {date}',
                          values: { date: formatDate(e.preferredStartDate, 'MMM d, yyyy', locale) },
                        })}
                      </>
                    )}
                  </>
                ),
              },
              {
                header: i18n._({ id: 'admin.enrollments.status', message: 'Status' }),
                cell: (e) => (
                  <>
                    <StatusBadge status={e.status} />
                    {e.trainerFirstName && (
                      <>
                        <br />
                        {i18n._({
                          id: 'admin.enrollments.trainer',
                          message: 'Trainer: {name}',
                          values: { name: `${e.trainerFirstName} ${e.trainerLastName}` },
                        })}
                      </>
                    )}
                  </>
                ),
              },
              {
                header: i18n._({ id: 'admin.enrollments.notes', message: 'Notes' }),
                cell: (e) => (
                  <>
                    {e.applicantNotes && (
                      <>
                        {i18n._({
                          id: 'admin.enrollments.applicantNotes',
                          message: 'Applicant: {notes}',
                          values: { notes: e.applicantNotes },
                        })}
                        <br />
                      </>
                    )}
                    {e.adminNotes &&
                      i18n._({
                        id: 'admin.enrollments.adminNotes',
                        message: 'Admin: {notes}',
                        values: { notes: e.adminNotes },
                      })}
                  </>
                ),
              },
              {
                header: i18n._({ id: 'admin.jobs.actions', message: 'Actions' }),
                cell: (e) => <EnrollmentActions enrollment={e} onChange={change} backTo={backTo} />,
              },
            ]}
          />
        )}
      </ListStates>
      <Pager list={paged} label={i18n._({ id: 'admin.jobs.applications', message: 'Applications' })} />
      {dialog}
    </section>
  );
}

/**
 * A row's actions in one line: its next step (approve a new application, assign the trainer of an approved
 * one, else its progress) and a More button that shows the others beside it.
 */
function EnrollmentActions({
  enrollment: e,
  onChange,
  backTo,
}: {
  enrollment: Enrollment;
  backTo: string;
  onChange: (enrollment: Enrollment, to: EnrollmentStatus, question: string) => Promise<void>;
}) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const who = `${e.traineeFirstName} ${e.traineeLastName}`;
  const named = (action: string) =>
    i18n._({
      id: 'admin.enrollments.actionOf',
      message: '{action}: {name}, {course}',
      values: { action, name: who, course: e.courseTitle },
    });
  const actions: { key: string; node: ReactNode }[] = actionsFor(e.status).map((a) => ({
    key: a.to,
    node: (
      <button
        type="button"
        className={styles.linkButton}
        aria-label={named(i18n._(a.text))}
        onClick={() =>
          void onChange(
            e,
            a.to,
            a.to === 'Approved'
              ? i18n._({
                  id: 'admin.enrollments.approveQuestion',
                  message: 'Approve {name} for {course}',
                  values: { name: who, course: e.courseTitle },
                })
              : i18n._({
                  id: 'admin.enrollments.notesQuestion',
                  message: 'Optional notes for {name} ({action}):',
                  values: { name: who, action: i18n._(a.text) },
                }),
          )
        }
      >
        {i18n._(a.text)}
      </button>
    ),
  }));
  actions.push({
    key: 'notes',
    node: (
      <button
        type="button"
        className={styles.linkButton}
        aria-label={named(i18n._({ id: 'admin.enrollments.editNotes', message: 'Edit notes' }))}
        onClick={() =>
          void onChange(
            e,
            e.status,
            i18n._({
              id: 'admin.enrollments.adminNotesFor',
              message: 'Admin notes for {name}:',
              values: { name: who },
            }),
          )
        }
      >
        {i18n._({ id: 'admin.enrollments.editNotes', message: 'Edit notes' })}
      </button>
    ),
  });
  const assign = offersAssignTrainer(e) && {
    key: 'assign',
    node: (
      <Link
        to={paths.admin.assignTrainer(e.id)}
        state={{ backTo }}
        aria-label={named(i18n._({ id: 'admin.enrollments.assignTrainer', message: 'Assign Trainer' }))}
      >
        {i18n._({ id: 'admin.enrollments.assignTrainer', message: 'Assign Trainer' })}
      </Link>
    ),
  };
  const progress = showsProgressLink(e) && {
    key: 'progress',
    node: (
      <Link
        to={paths.admin.enrollmentProgress(e.id)}
        state={{ backTo }}
        aria-label={named(i18n._({ id: 'admin.enrollments.progress', message: 'Progress' }))}
      >
        {i18n._({ id: 'admin.enrollments.progress', message: 'Progress' })}
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
          <button
            type="button"
            className={styles.linkButton}
            aria-expanded={open}
            aria-label={named(i18n._({ id: 'admin.enrollments.moreActions', message: 'More actions' }))}
            onClick={() => setOpen(!open)}
          >
            {i18n._({ id: 'admin.enrollments.more', message: 'More' })}
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
