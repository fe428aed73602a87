/**
 * Job postings as the panels manage them (the employer's own, the admin's moderation): the search and status
 * filters, and the two writes on a row (activate or deactivate, delete after a confirmation), each refreshing
 * every view of the postings. Each screen keeps its own table, texts and links.
 */
import { useState, type ReactNode } from 'react';
import { errorMessage, noticeText } from '@btls/shared-api';
import { useI18n } from '@btls/shared-auth';
import type { Job } from '@btls/shared-api/schemas';
import { SelectField, TextField } from './components';
import { useDialog } from './dialog';
import type { PagedList } from './paging';
import own from './job-postings.module.css';
import { panelPage as styles } from './panel-page';

/**
 * The two writes on a posting, as the area's contract code makes them (`useSetJobActive()`, `useDeleteJob()`):
 * shared-ui calls no endpoint of its own, so an area's release carries every call its screens make.
 */
export interface JobPostingWrites {
  setActive: { mutateAsync(change: { id: number; isActive: boolean }): Promise<{ message: string }> };
  deletion: { mutateAsync(id: number): Promise<unknown> };
}

/** The row actions of a postings list, with the notice or failure they leave (`notice` may start with one). */
export function useJobPostingActions(
  list: PagedList<Job>,
  { setActive, deletion }: JobPostingWrites,
  deleteQuestion: (job: Job) => string,
  firstNotice = '',
) {
  const i18n = useI18n();
  const { confirm, dialog } = useDialog();
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState(firstNotice);
  // A deleted row takes its buttons with it: the keyboard then lands on what happened, not on the page's body.
  const [noticeTakesFocus, setNoticeTakesFocus] = useState(false);

  // Each write resolves whether it was made (not cancelled, not refused), for a page that follows its row.
  async function toggle(job: Job): Promise<boolean> {
    setFailure('');
    setNotice('');
    setNoticeTakesFocus(false);
    try {
      const answer = await setActive.mutateAsync({ id: job.id, isActive: !job.isActive });
      setNotice(noticeText(answer));
      return true;
    } catch (e) {
      setFailure(errorMessage(e));
      return false;
    }
  }

  async function remove(job: Job): Promise<boolean> {
    if (!(await confirm(deleteQuestion(job)))) return false;
    setFailure('');
    setNotice('');
    try {
      await deletion.mutateAsync(job.id);
      list.setItems((rows) => rows.filter((j) => j.id !== job.id));
      setNoticeTakesFocus(true);
      setNotice(i18n._({ id: 'jobPostings.deleted', message: 'Job "{title}" deleted.', values: { title: job.title } }));
      return true;
    } catch (e) {
      setFailure(errorMessage(e));
      return false;
    }
  }

  return { toggle, remove, failure, notice, noticeTakesFocus, dialog };
}

/** The search box and the status choice of a postings list; `children` are further filters. */
export function JobPostingFilters({
  list,
  searchLabel,
  children,
}: {
  list: PagedList<Job>;
  searchLabel: string;
  children?: ReactNode;
}) {
  const i18n = useI18n();
  return (
    <div className={styles.filters}>
      <TextField
        label={searchLabel}
        type="search"
        placeholder={i18n._({ id: 'jobPostings.searchHint', message: 'Title, company or location' })}
        value={list.filters.q}
        onChange={(e) => list.setFilter('q', e.target.value)}
      />
      <SelectField
        label={i18n._({ id: 'jobPostings.status', message: 'Status' })}
        value={list.filters.status}
        onChange={(e) => list.setFilter('status', e.target.value)}
      >
        <option value="">{i18n._({ id: 'jobPostings.all', message: 'All' })}</option>
        <option value="active">{i18n._({ id: 'jobPostings.active', message: 'Active' })}</option>
        <option value="inactive">{i18n._({ id: 'jobPostings.inactive', message: 'Inactive' })}</option>
      </SelectField>
      {children}
    </div>
  );
}

/**
 * A row's actions: what the screen puts first (edit, or take down), then Delete apart from them at the far end, in
 * a look of its own, which asks before it deletes.
 */
export function JobRowActions({
  job,
  remove,
  children,
}: {
  job: Job;
  remove: (job: Job) => Promise<unknown>;
  children: ReactNode;
}) {
  const i18n = useI18n();
  return (
    <span className={own.actions}>
      {children}
      <button
        type="button"
        className={own.delete}
        aria-label={i18n._({ id: 'jobPostings.deleteOf', message: 'Delete {title}', values: { title: job.title } })}
        onClick={() => void remove(job)}
      >
        {i18n._({ id: 'jobPostings.delete', message: 'Delete' })}
      </button>
    </span>
  );
}
