import { Fragment, useState } from 'react';
import { pagedLists } from '@btls/shared-api';
import { useSearchParams } from '@btls/shared-auth';
import { ErrorBanner, Spinner, tableClass, TextField } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

const FILTERS = ['q'] as const;

export function MessagesPage() {
  const list = usePagedList(useSearchParams(), pagedLists.contactMessages, FILTERS);
  const messages = list.items;
  const error = list.error;
  const [open, setOpen] = useState<number | null>(null);

  return (
    <section className={styles.page}>
      <h1>Contact Messages</h1>
      <ErrorBanner>{error}</ErrorBanner>
      <div className={styles.filters}>
        <TextField
          label="Search messages"
          type="search"
          placeholder="Name, e-mail, subject or text"
          value={list.filters.q}
          onChange={(e) => list.setFilter('q', e.target.value)}
        />
      </div>
      {messages === null ? (
        <Spinner label="Loading messages..." />
      ) : messages.length === 0 ? (
        !error && <p>{list.filters.q ? 'No messages match.' : 'You have no new messages.'}</p>
      ) : (
        <table className={tableClass}>
          <caption className="visually-hidden">Contact messages, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">From</th>
              <th scope="col">Subject</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <Fragment key={m.id}>
                <tr>
                  <td data-label="Received">{formatDate(m.created_at, 'MMM d, yyyy HH:mm')}</td>
                  <td data-label="From">
                    {m.name} <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>{m.email}</a>
                  </td>
                  <td data-label="Subject">{m.subject}</td>
                  <td data-label="Action">
                    <button type="button" className={styles.linkButton} aria-expanded={open === m.id} onClick={() => setOpen(open === m.id ? null : m.id)}>
                      {open === m.id ? 'Hide Message' : 'View Message'}
                    </button>
                  </td>
                </tr>
                {open === m.id && (
                  <tr>
                    <td colSpan={4} data-label="Message">
                      <p className={styles.message}>{m.message}</p>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      <Pager list={list} label="Messages" />
    </section>
  );
}
