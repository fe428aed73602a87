import { useState, type ReactNode } from 'react';
import { errorMessage, outboxQuery, useQuery, useRetryOutboxMessage } from '@btls/shared-api';
import type { OutboxMessage } from '@btls/shared-api/schemas';
import { ErrorBanner, SuccessBanner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';
import { ExpandableTable } from '../expandable-table';

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
  const error = failure || (outbox.error ? errorMessage(outbox.error) : '');

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
      <ListStates items={outbox.data} error={outbox.error} loading="Loading e-mails..." empty="No e-mails yet.">
        {(messages) => (
        <ExpandableTable
          caption="E-mails, newest first"
          rows={messages}
          columns={[
            { header: 'Time', cell: (m) => formatDate(m.sentAt ?? m.createdAt, 'MMM d, yyyy HH:mm') },
            { header: 'Recipient', cell: (m) => m.recipient },
            { header: 'Subject', cell: (m) => m.subject },
            { header: 'Status', cell: (m) => `${STATUS_LABEL[m.status]}${m.status === 'failed' && m.lastError ? `: ${m.lastError}` : ''}` },
          ]}
          detail={{
            label: 'E-mail',
            show: 'View E-mail',
            hide: 'Hide E-mail',
            render: (m) => (
              <>
                {m.replyTo && <p>Reply-To: {m.replyTo}</p>}
                <TextWithLinks text={m.text} />
              </>
            ),
          }}
          actions={(m) =>
            m.status === 'failed' && (
              <button type="button" className={styles.linkButton} onClick={() => void retry(m.id)}>
                Retry
              </button>
            )
          }
        />
        )}
      </ListStates>
    </section>
  );
}
