import { useState, type ReactNode } from 'react';
import { errorMessage, noticeText, outboxQuery, useQuery, useRetryOutboxMessage } from '@btls/shared-api';
import type { OutboxMessage } from '@btls/shared-api/schemas';
import { useI18n } from '@btls/shared-auth';
import { ErrorBanner, SuccessBanner } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';
import { ExpandableTable } from '../expandable-table';

const styles = withPanelPage(own);

const STATUS_LABEL: Record<OutboxMessage['status'], { id: string; message: string }> = {
  pending: /*i18n*/ { id: 'admin.outbox.status.pending', message: 'Waiting' },
  sent: /*i18n*/ { id: 'admin.outbox.status.sent', message: 'Sent' },
  failed: /*i18n*/ { id: 'admin.outbox.status.failed', message: 'Failed' },
};

/** SMTP_URL, set in code type inside a translated sentence (the sentence has it as its {smtp} value). */
const SMTP = 'SMTP_URL';
function withCode(sentence: string): ReactNode {
  const at = sentence.indexOf(SMTP);
  if (at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      <code>{SMTP}</code>
      {sentence.slice(at + SMTP.length)}
    </>
  );
}

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
  const i18n = useI18n();
  const locale = useLocale();
  const outbox = useQuery(outboxQuery());
  const retryMessage = useRetryOutboxMessage();
  const [failure, setError] = useState('');
  const [notice, setNotice] = useState('');
  const error = failure || (outbox.error ? errorMessage(outbox.error) : '');

  async function retry(id: number) {
    setError('');
    setNotice('');
    try {
      setNotice(noticeText(await retryMessage.mutateAsync(id)));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.nav.outbox', message: 'E-mail Outbox' })}</h1>
      <p>
        {withCode(
          i18n._({
            id: 'admin.outbox.intro',
            message:
              'E-mails waiting here are sent when the server has an SMTP server ({smtp}); until then, read them here.',
            values: { smtp: SMTP },
          }),
        )}
      </p>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      <ListStates
        items={outbox.data}
        error={outbox.error}
        loading={i18n._({ id: 'admin.outbox.loading', message: 'Loading e-mails...' })}
        empty={i18n._({ id: 'admin.outbox.empty', message: 'No e-mails yet.' })}
      >
        {(messages) => (
          <ExpandableTable
            caption={i18n._({ id: 'admin.outbox.caption', message: 'E-mails, newest first' })}
            rows={messages}
            columns={[
              {
                header: i18n._({ id: 'admin.outbox.time', message: 'Time' }),
                cell: (m) => formatDate(m.sentAt ?? m.createdAt, 'MMM d, yyyy HH:mm', locale),
              },
              { header: i18n._({ id: 'admin.outbox.recipient', message: 'Recipient' }), cell: (m) => m.recipient },
              { header: i18n._({ id: 'admin.messages.subject', message: 'Subject' }), cell: (m) => m.subject },
              {
                header: i18n._({ id: 'admin.outbox.status', message: 'Status' }),
                cell: (m) =>
                  `${i18n._(STATUS_LABEL[m.status])}${m.status === 'failed' && m.lastError ? `: ${m.lastError}` : ''}`,
              },
            ]}
            detail={{
              label: i18n._({ id: 'admin.outbox.email', message: 'E-mail' }),
              show: i18n._({ id: 'admin.outbox.view', message: 'View E-mail' }),
              hide: i18n._({ id: 'admin.outbox.hide', message: 'Hide E-mail' }),
              render: (m) => (
                <>
                  {m.replyTo && (
                    <p>
                      {i18n._({
                        id: 'admin.outbox.replyTo',
                        message: 'Reply-To: {address}',
                        values: { address: m.replyTo },
                      })}
                    </p>
                  )}
                  <TextWithLinks text={m.text} />
                </>
              ),
            }}
            actions={(m) =>
              m.status === 'failed' && (
                <button type="button" className={styles.linkButton} onClick={() => void retry(m.id)}>
                  {i18n._({ id: 'admin.outbox.retry', message: 'Retry' })}
                </button>
              )
            }
          />
        )}
      </ListStates>
    </section>
  );
}
