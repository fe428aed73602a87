import { Fragment, useEffect, useState } from 'react';
import { listContactMessages } from '@btls/shared-api';
import type { ContactMessage } from '@btls/shared-api/schemas';
import { ErrorBanner, Spinner, tableClass } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

export function MessagesPage() {
  const [messages, setMessages] = useState<ContactMessage[] | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    listContactMessages()
      .then(setMessages)
      .catch((failure: Error) => {
        setMessages([]);
        setError(failure.message);
      });
  }, []);

  return (
    <section className={styles.page}>
      <h1>Contact Messages</h1>
      <ErrorBanner>{error}</ErrorBanner>
      {messages === null ? (
        <Spinner label="Loading messages..." />
      ) : messages.length === 0 ? (
        !error && <p>You have no new messages.</p>
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
    </section>
  );
}
