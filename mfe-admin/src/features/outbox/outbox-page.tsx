import { Fragment, useState, type ReactNode } from 'react';
import { errorMessage, outboxQuery, useQuery, useRetryOutboxMessage } from '@btls/shared-api';
import type { OutboxMessage } from '@btls/shared-api/schemas';
import { ErrorBanner, Spinner, SuccessBanner, tableClass } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

const STATUS_LABEL: Record<OutboxMessage['status'], string> = { pending: 'Waiting', sent: 'Sent', failed: 'Failed' };

/** The plain text of an e-mail with its http(s) addresses as links, so an admin can follow them. */
export function TextWithLinks({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={match[0]} target="_blank" rel="noopener noreferrer">
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <p className={styles.message}>{parts}</p>;
}

/** Every e-mail the platform sent or will send; without an SMTP server this is where they can be read. */
export function OutboxPage() {
  const outbox = useQuery(outboxQuery());
  const retryMessage = useRetryOutboxMessage();
  const [failure, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const error = failure || (outbox.error ? errorMessage(outbox.error) : '');
  const messages = outbox.error ? [] : (outbox.data ?? null);

  async function retry(id: number) {
    setError('');
    setNotice('');
    try {
      setNotice((await retryMessage.mutateAsync(id)).message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section className={styles.page}>
      <h1>E-mail Outbox</h1>
      <p>
        E-mails waiting here are sent when the server has an SMTP server (<code>SMTP_URL</code>); until then, read
        them here.
      </p>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      {messages === null ? (
        <Spinner label="Loading e-mails..." />
      ) : messages.length === 0 ? (
        !error && <p>No e-mails yet.</p>
      ) : (
        <table className={tableClass}>
          <caption className="visually-hidden">E-mails, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Recipient</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <Fragment key={m.id}>
                <tr>
                  <td data-label="Time">{formatDate(m.sentAt ?? m.createdAt, 'MMM d, yyyy HH:mm')}</td>
                  <td data-label="Recipient">{m.recipient}</td>
                  <td data-label="Subject">{m.subject}</td>
                  <td data-label="Status">
                    {STATUS_LABEL[m.status]}
                    {m.status === 'failed' && m.lastError ? `: ${m.lastError}` : ''}
                  </td>
                  <td data-label="Action">
                    <button
                      type="button"
                      className={styles.linkButton}
                      aria-expanded={open === m.id}
                      onClick={() => setOpen(open === m.id ? null : m.id)}
                    >
                      {open === m.id ? 'Hide E-mail' : 'View E-mail'}
                    </button>{' '}
                    {m.status === 'failed' && (
                      <button type="button" className={styles.linkButton} onClick={() => void retry(m.id)}>
                        Retry
                      </button>
                    )}
                  </td>
                </tr>
                {open === m.id && (
                  <tr>
                    <td colSpan={5} data-label="E-mail">
                      {m.replyTo && <p>Reply-To: {m.replyTo}</p>}
                      <TextWithLinks text={m.text} />
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
