/**
 * A job's applicants: the pipeline of one job. Filter by status and search by name or course (both
 * in the address, like the other panel lists), move one applicant or several at once with an optional note,
 * download a CV, export the list as CSV.
 */
import {
  canMoveApplication,
  EMPLOYER_APPLICATION_STATUSES,
  errorMessage,
  isNotFound,
  JOB_APPLICATION_TRANSITIONS,
  myJobQuery,
  translateMessage,
  useQuery,
  valueText,
} from '@btls/shared-api';
import { useState } from 'react';
import { Link, paths, useI18n, useParams } from '@btls/shared-auth';
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
import { activeFilters, ListTools } from '@btls/shared-ui/list-tools';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { Pager } from '@btls/shared-ui/paging';
import own from './applicants.module.css';
import { loadRules, MOVE_LABEL, PAGE_SIZE, useApplicants } from './use-applicants';

const styles = withPanelPage(own);
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

export function Applicants({ jobId }: { jobId: string }) {
  const i18n = useI18n();
  const {
    filters,
    list,
    applicants,
    total,
    selection,
    bulk,
    error,
    notice,
    movedId,
    noticeTakesFocus,
    moveOne,
    moveSelected,
    downloadCsv,
    downloadCv,
    dialog,
  } = useApplicants(jobId);
  const selected = selection.selected.length;
  const [selecting, setSelecting] = useState(false);
  const besideCard = movedId !== null && !!applicants?.some((a) => a.id === movedId);

  return (
    <>
      {/* Beside the moved applicant's card when it is still listed; here when a filter took it away. */}
      <SuccessBanner takeFocus={noticeTakesFocus}>{besideCard ? '' : notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      {/* Said once, politely, whatever the screen shows: the confirmation of a move beside its card. */}
      <p className="visually-hidden" aria-live="polite">
        {besideCard ? notice : ''}
      </p>
      <ListTools
        active={activeFilters({ q: filters.q, status: filters.status })}
        filters={
          <div className={styles.filters}>
            <TextField
              label={i18n._({ id: 'employer.applicants.search', message: 'Search applicants' })}
              type="search"
              placeholder={i18n._({ id: 'employer.applicants.searchHint', message: 'Name or certified course' })}
              value={filters.q}
              onChange={(e) => filters.set({ q: e.target.value, page: '' })}
            />
            <ApplicationStatusFilter value={filters.status} onChange={(status) => filters.set({ status, page: '' })} />
          </div>
        }
        actions={
          <Button variant="secondary" onClick={() => void downloadCsv()}>
            {i18n._({ id: 'employer.applicants.exportCsv', message: 'Export CSV' })}
          </Button>
        }
        selecting={selecting}
        onSelecting={(on) => {
          setSelecting(on);
          if (!on) selection.clear();
        }}
        bulk={
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
              {selected === 0
                ? i18n._({ id: 'employer.applicants.tick', message: 'Tick applicants below to select them.' })
                : i18n._({
                    id: 'employer.applicants.selected',
                    message: '{count} selected.',
                    values: { count: selected },
                  })}
            </p>
            {applicants && applicants.length > 0 && (
              <label className={styles.selectAll}>
                <input
                  type="checkbox"
                  checked={selection.allSelected}
                  onChange={() => selection.selectAll(!selection.allSelected)}
                />
                {i18n._({
                  id: 'employer.applicants.selectAll',
                  message: 'Select all on this page ({count} of {total})',
                  values: { count: applicants.length, total },
                })}
              </label>
            )}
            <div className={styles.bulkFields}>
              <SelectField
                label={i18n._({ id: 'employer.applicants.newStatus', message: 'New status' })}
                value={bulk.status}
                onChange={(e) => bulk.setStatus(e.target.value)}
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
                value={bulk.note}
                onChange={(e) => bulk.setNote(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={bulk.busy}>
              {bulk.busy
                ? i18n._({ id: 'common.saving', message: 'Saving...' })
                : i18n._({ id: 'employer.applicants.applySelected', message: 'Apply to selected' })}
            </Button>
          </form>
        }
      />

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
          <ul className={styles.applicants}>
            {applicants.map((a) => (
              <li key={a.id}>
                <ApplicantCard
                  applicant={a}
                  notice={besideCard && movedId === a.id ? notice : undefined}
                  onDownloadCv={() => void downloadCv(a)}
                  select={
                    selecting && (
                      // The box is small to look at; its label around it is a thumb's size to tap.
                      <label className={styles.checkTarget}>
                        <input
                          type="checkbox"
                          className={styles.check}
                          checked={selection.isSelected(a.id)}
                          onChange={() => selection.toggle(a.id)}
                          aria-label={i18n._({
                            id: 'employer.applicants.select',
                            message: 'Select {name}',
                            values: { name: `${a.trainee.firstName} ${a.trainee.lastName}` },
                          })}
                        />
                      </label>
                    )
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
