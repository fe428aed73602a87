import { pagedContactMessages } from '@btls/shared-api';
import { useI18n } from '@btls/shared-auth';
import { ErrorBanner, TextField } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { Pager } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';
import { SEARCH, useCheckedPagedList } from '@btls/shared-ui/address-filters';
import { ExpandableTable } from '../expandable-table';

const styles = withPanelPage(own);

const FILTERS = { q: SEARCH } as const;

export function MessagesPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const list = useCheckedPagedList(FILTERS, pagedContactMessages);
  const messages = list.items;
  const error = list.error;

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.messages.title', message: 'Contact Messages' })}</h1>
      <ErrorBanner>{error}</ErrorBanner>
      <div className={styles.filters}>
        <TextField
          label={i18n._({ id: 'admin.messages.search', message: 'Search messages' })}
          type="search"
          placeholder={i18n._({ id: 'admin.messages.searchHint', message: 'Name, e-mail, subject or text' })}
          value={list.filters.q}
          onChange={(e) => list.setFilter('q', e.target.value)}
        />
      </div>
      <ListStates
        items={messages}
        error={error}
        loading={i18n._({ id: 'admin.messages.loading', message: 'Loading messages...' })}
        empty={
          list.filters.q
            ? i18n._({ id: 'admin.messages.noMatch', message: 'No messages match.' })
            : i18n._({ id: 'admin.messages.none', message: 'You have no new messages.' })
        }
      >
        {(rows) => (
          <ExpandableTable
            caption={i18n._({ id: 'admin.messages.caption', message: 'Contact messages, newest first' })}
            rows={rows}
            columns={[
              {
                header: i18n._({ id: 'admin.messages.received', message: 'Received' }),
                cell: (m) => formatDate(m.created_at, 'MMM d, yyyy HH:mm', locale),
              },
              {
                header: i18n._({ id: 'admin.messages.from', message: 'From' }),
                cell: (m) => (
                  <>
                    {m.name}{' '}
                    <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>{m.email}</a>
                  </>
                ),
              },
              { header: i18n._({ id: 'admin.messages.subject', message: 'Subject' }), cell: (m) => m.subject },
            ]}
            detail={{
              label: i18n._({ id: 'admin.messages.message', message: 'Message' }),
              show: i18n._({ id: 'admin.messages.view', message: 'View Message' }),
              hide: i18n._({ id: 'admin.messages.hide', message: 'Hide Message' }),
              render: (m) => <p className={styles.message}>{m.message}</p>,
            }}
          />
        )}
      </ListStates>
      <Pager list={list} label={i18n._({ id: 'admin.nav.messages', message: 'Messages' })} />
    </section>
  );
}
