import { useState, type ReactNode } from 'react';
import { ENROLLMENT_STATUSES, type EnrollmentStatus } from '@btls/shared-api';
import type { Enrollment } from '@btls/shared-api/schemas';
import { Link, paths, useI18n } from '@btls/shared-auth';
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
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { activeFilters, ListTools } from '@btls/shared-ui/list-tools';
import { Pager } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';
import { actionsFor, ADMIN_ACTIONS, offersAssignTrainer, showsProgressLink } from './transitions';
import { ROW_ITEM } from '@btls/shared-ui/focus-row';
import { ALL, AWAITING_CERTIFICATE, filterText, SORT_ORDERS, useEnrollmentsPage } from './use-enrollments-page';

const styles = withPanelPage(own);

/** What the admin does to several applications at once (Completed ones keep their status: the server says so). */
const BULK_ACTIONS = ADMIN_ACTIONS.filter(
  (a): a is (typeof ADMIN_ACTIONS)[number] & { to: 'Approved' | 'Rejected' | 'Waitlisted' } =>
    a.to !== 'Pending' && a.to !== 'Completed',
);
const SORTS: Record<(typeof SORT_ORDERS)[number], { id: string; message: string }> = {
  oldest: /*i18n*/ { id: 'admin.enrollments.sort.oldest', message: 'Oldest first' },
  newest: /*i18n*/ { id: 'admin.enrollments.sort.newest', message: 'Newest first' },
  course: /*i18n*/ { id: 'admin.enrollments.sort.course', message: 'Course' },
};

export function EnrollmentsPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const { paged, status, courses, backTo, selection, notice, noticeTakesFocus, error, change, changeSelected, dialog } =
    useEnrollmentsPage();
  const list = paged.items;
  const { selected } = selection;
  const [selecting, setSelecting] = useState(false);

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.enrollments.title', message: 'Enrollment Applications' })}</h1>
      {/* On a phone the filters and the actions on several wait behind two buttons: the first rows come first. */}
      <ListTools
        active={activeFilters(
          {
            status,
            course: paged.filters.course ?? '',
            sort: paged.filters.sort || 'oldest',
            q: paged.filters.q ?? '',
          },
          { status: 'Pending', sort: 'oldest' },
        )}
        filters={<Filters paged={paged} status={status} courses={courses} />}
        selecting={selecting}
        onSelecting={(on) => {
          setSelecting(on);
          if (!on) selection.clear();
        }}
        bulk={
          list &&
          list.length > 0 && (
            <div
              className={styles.toolbar}
              role="group"
              aria-label={i18n._({ id: 'admin.enrollments.selectedGroup', message: 'Selected applications' })}
            >
              <CheckboxField
                label={i18n._({ id: 'admin.enrollments.selectAll', message: 'Select all on this page' })}
                checked={selection.allSelected}
                onChange={(e) => selection.selectAll(e.target.checked)}
              />
              <span aria-live="polite">
                {i18n._({
                  id: 'admin.enrollments.selectedCount',
                  message: '{count} selected:',
                  values: { count: selected.length },
                })}
              </span>
              {selected.length > 0 &&
                BULK_ACTIONS.map((a) => (
                  <Button key={a.to} variant="secondary" onClick={() => void changeSelected(a.to, i18n._(a.text))}>
                    {i18n._({
                      id: 'admin.enrollments.actionSelected',
                      message: '{action} selected',
                      values: { action: i18n._(a.text) },
                    })}
                  </Button>
                ))}
            </div>
          )
        }
      />
      <SuccessBanner takeFocus={noticeTakesFocus}>{notice}</SuccessBanner>
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
              // The boxes to tick are there while selecting (the Select button), not in every row's way.
              ...(selecting
                ? [
                    {
                      header: i18n._({ id: 'admin.enrollments.select', message: 'Select' }),
                      cell: (e: Enrollment) => (
                        // The box's label is the room around it (its name is the aria-label): a 44 px target.
                        <label className={styles.pickTarget}>
                          <input
                            type="checkbox"
                            className={styles.pick}
                            checked={selection.isSelected(e.id)}
                            onChange={(event) => selection.toggle(e.id, event.target.checked)}
                            aria-label={i18n._({
                              id: 'admin.enrollments.selectOf',
                              message: 'Select {name}, {course}',
                              values: { name: `${e.traineeFirstName} ${e.traineeLastName}`, course: e.courseTitle },
                            })}
                          />
                        </label>
                      ),
                    },
                  ]
                : []),
              {
                header: i18n._({ id: 'admin.enrollments.trainee', message: 'Trainee' }),
                cell: (e) => (
                  <>
                    {e.traineeFirstName} {e.traineeLastName}
                    <br />
                    <a className={styles.cellLink} href={`mailto:${e.traineeEmail}`}>
                      {e.traineeEmail}
                    </a>
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

type Page = ReturnType<typeof useEnrollmentsPage>;

/** Which applications are listed: by status, course and words, in which order. */
function Filters({ paged, status, courses }: Pick<Page, 'paged' | 'status' | 'courses'>) {
  const i18n = useI18n();
  return (
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
        {SORT_ORDERS.map((order) => (
          <option key={order} value={order}>
            {i18n._(SORTS[order])}
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
    <span className={`${styles.actions} ${styles.rowActions} ${open ? styles.open : ''}`} {...{ [ROW_ITEM]: e.id }}>
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
