/**
 * Job postings as the panels manage them (the employer's own, the admin's moderation): the search and status
 * filters, and the two writes on a row (activate or deactivate, delete after a confirmation), each refreshing
 * every view of the postings. Each screen keeps its own table, texts and links.
 */
import { useState, type ReactNode } from 'react';
import { errorMessage, useDeleteJob, useSetJobActive } from '@btls/shared-api';
import type { Job } from '@btls/shared-api/schemas';
import { SelectField, TextField } from './components';
import { useDialog } from './dialog';
import type { PagedList } from './paging';
import { panelPage as styles } from './panel-page';

/** The row actions of a postings list, with the notice or failure they leave (`notice` may start with one). */
export function useJobPostingActions(list: PagedList<Job>, deleteQuestion: (job: Job) => string, firstNotice = '') {
  const setActive = useSetJobActive();
  const deletion = useDeleteJob();
  const { confirm, dialog } = useDialog();
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState(firstNotice);

  async function toggle(job: Job) {
    setFailure('');
    setNotice('');
    try {
      const answer = await setActive.mutateAsync({ id: job.id, isActive: !job.isActive });
      setNotice(answer.message);
    } catch (e) {
      setFailure(errorMessage(e));
    }
  }

  async function remove(job: Job) {
    if (!(await confirm(deleteQuestion(job)))) return;
    setFailure('');
    setNotice('');
    try {
      await deletion.mutateAsync(job.id);
      list.setItems((rows) => rows.filter((j) => j.id !== job.id));
      setNotice(`Job "${job.title}" deleted.`);
    } catch (e) {
      setFailure(errorMessage(e));
    }
  }

  return { toggle, remove, failure, notice, dialog };
}

/** The search box and the status choice of a postings list; `children` are further filters. */
export function JobPostingFilters({ list, searchLabel, children }: { list: PagedList<Job>; searchLabel: string; children?: ReactNode }) {
  return (
    <div className={styles.filters}>
      <TextField
        label={searchLabel}
        type="search"
        placeholder="Title, company or location"
        value={list.filters.q}
        onChange={(e) => list.setFilter('q', e.target.value)}
      />
      <SelectField label="Status" value={list.filters.status} onChange={(e) => list.setFilter('status', e.target.value)}>
        <option value="">All</option>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </SelectField>
      {children}
    </div>
  );
}

/** A row's actions: what the screen puts first (edit, or take down), then Delete, which asks before it deletes. */
export function JobRowActions({ job, remove, children }: { job: Job; remove: (job: Job) => Promise<void>; children: ReactNode }) {
  return (
    <span className={styles.actions}>
      {children}
      <button type="button" className={`${styles.linkButton} ${styles.danger}`} aria-label={`Delete ${job.title}`} onClick={() => void remove(job)}>
        Delete
      </button>
    </span>
  );
}
