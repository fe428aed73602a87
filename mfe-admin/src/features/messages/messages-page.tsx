import { pagedLists } from '@btls/shared-api';
import { useSearchParams } from '@btls/shared-auth';
import { ErrorBanner, TextField } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';
import { ExpandableTable } from '../expandable-table';

const styles = withPanelPage(own);

const FILTERS = ['q'] as const;

export function MessagesPage() {
  const list = usePagedList(useSearchParams(), pagedLists.contactMessages, FILTERS);
  const messages = list.items;
  const error = list.error;

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
      <ListStates items={messages} error={error} loading="Loading messages..." empty={list.filters.q ? 'No messages match.' : 'You have no new messages.'}>
        {(rows) => (
        <ExpandableTable
          caption="Contact messages, newest first"
          rows={rows}
          columns={[
            { header: 'Received', cell: (m) => formatDate(m.created_at, 'MMM d, yyyy HH:mm') },
            {
              header: 'From',
              cell: (m) => (
                <>
                  {m.name} <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>{m.email}</a>
                </>
              ),
            },
            { header: 'Subject', cell: (m) => m.subject },
          ]}
          detail={{ label: 'Message', show: 'View Message', hide: 'Hide Message', render: (m) => <p className={styles.message}>{m.message}</p> }}
        />
        )}
      </ListStates>
      <Pager list={list} label="Messages" />
    </section>
  );
}
