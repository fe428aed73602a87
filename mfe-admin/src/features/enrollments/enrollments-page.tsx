import { useState } from 'react';
import { ENROLLMENT_STATUSES, errorMessage, type EnrollmentStatus, pagedLists, useUpdateEnrollmentStatus } from '@btls/shared-api';
import type { Enrollment } from '@btls/shared-api/schemas';
import { Link, useSearchParams } from '@btls/shared-auth';
import { ErrorBanner, SelectField, Spinner, StatusBadge, SuccessBanner, Table, TextField } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { formatDate } from '@btls/shared-ui/format-date';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';
import { actionsFor, offersAssignTrainer, showsProgressLink } from './transitions';

const styles = withPanelPage(own);

const ALL = 'All';
const FILTERS = ['status', 'q'] as const;

/** No status in the address means Pending (the review queue); All means every status. */
const applications = {
  ...pagedLists.enrollments,
  fetchPage: (query: Record<string, string | number>) => {
    const status = String(query.status ?? 'Pending');
    return pagedLists.enrollments.fetchPage({ ...query, status: status === ALL ? '' : status });
  },
};

export function EnrollmentsPage() {
  const paged = usePagedList(useSearchParams(), applications, FILTERS);
  const updateStatus = useUpdateEnrollmentStatus();
  const status = paged.filters.status || 'Pending';
  const list = paged.items;
  const { prompt, dialog } = useDialog();
  const [failure, setError] = useState('');
  const [notice, setNotice] = useState('');
  const error = failure || paged.error;

  async function change(enrollment: Enrollment, to: EnrollmentStatus, question: string) {
    const adminNotes = await prompt(question, enrollment.adminNotes ?? '');
    if (adminNotes === null) return; // cancelling aborts
    setError('');
    setNotice('');
    try {
      const answer = await updateStatus.mutateAsync({ id: enrollment.id, status: to, adminNotes });
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
          {[ALL, ...ENROLLMENT_STATUSES].map((s) => <option key={s}>{s}</option>)}
        </SelectField>
        <TextField
          label="Search applications"
          type="search"
          placeholder="Trainee, e-mail or course"
          value={paged.filters.q}
          onChange={(e) => paged.setFilter('q', e.target.value)}
        />
      </div>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      {list === null ? (
        <Spinner label="Loading applications..." />
      ) : list.length === 0 ? (
        <p>No applications{status === ALL ? '' : ` with status ${status}`}.</p>
      ) : (
        <Table
          caption="Applications"
          rows={list}
          rowKey={(e) => e.id}
          columns={[
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
            { header: 'Actions', cell: (e) => <EnrollmentActions enrollment={e} onChange={change} /> },
          ]}
        />
      )}
      <Pager list={paged} label="Applications" />
      {dialog}
    </section>
  );
}

function EnrollmentActions({ enrollment: e, onChange }: {
  enrollment: Enrollment;
  onChange: (enrollment: Enrollment, to: EnrollmentStatus, question: string) => Promise<void>;
}) {
  const who = `${e.traineeFirstName} ${e.traineeLastName}`;
  return (
    <span className={styles.actions}>
      {actionsFor(e.status).map((a) => (
        <button
          key={a.to}
          type="button"
          className={styles.linkButton}
          aria-label={`${a.label}: ${who}, ${e.courseTitle}`}
          onClick={() => void onChange(e, a.to, `Optional notes for ${who} (${a.label}):`)}
        >
          {a.label}
        </button>
      ))}
      <button
        type="button"
        className={styles.linkButton}
        aria-label={`Edit notes: ${who}, ${e.courseTitle}`}
        onClick={() => void onChange(e, e.status, `Admin notes for ${who}:`)}
      >
        Edit notes
      </button>
      {offersAssignTrainer(e) && (
        <Link to={`/admin/enrollments/${e.id}/assign-trainer`} aria-label={`Assign Trainer: ${who}, ${e.courseTitle}`}>
          Assign Trainer
        </Link>
      )}
      {showsProgressLink(e) && (
        <Link to={`/admin/enrollments/${e.id}/progress`} aria-label={`Progress: ${who}, ${e.courseTitle}`}>
          Progress
        </Link>
      )}
    </span>
  );
}
