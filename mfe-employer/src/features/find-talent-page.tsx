import { pagedLists } from '@btls/shared-api';
import { Link, paths, useSearchParams } from '@btls/shared-auth';
import { ErrorBanner, TextField } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from './employer.module.css';

const styles = withPanelPage(own);
const FILTERS = ['q'] as const;

/** The certified trainees, a page at a time; the server searches names, e-mail and certified courses. */
export function FindTalentPage() {
  const list = usePagedList(useSearchParams(), pagedLists.certifiedTrainees, FILTERS);
  const query = list.filters.q ?? '';
  return (
    <section className={styles.page}>
      <h1>Find Talent</h1>
      <ErrorBanner>{list.error}</ErrorBanner>
      <TextField
        label="Search certified trainees"
        type="search"
        placeholder="Name, e-mail or course"
        value={query}
        onChange={(e) => list.setFilter('q', e.target.value)}
      />
      <ListStates
        items={list.items}
        error={list.error}
        loading="Loading certified trainees..."
        empty={query.trim() ? 'No certified trainees match your search.' : 'No certified trainees are listed yet.'}
      >
        {(shown) => (
        <ul className={styles.talent}>
          {shown.map((t) => (
            <li key={t.userId}>
              <h3>
                {t.firstName} {t.lastName}
              </h3>
              <a href={`mailto:${t.email}`}>{t.email}</a>
              <ul>
                {t.certifiedCourses.map((courseTitle, i) => (
                  <li key={`${courseTitle}-${i}`}>
                    {courseTitle}{' '}
                    {t.certificateCodes[i] && (
                      <Link to={paths.certificate(t.certificateCodes[i]!)} aria-label={`View Certificate: ${t.firstName} ${t.lastName}, ${courseTitle}`}>
                        View Certificate
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        )}
      </ListStates>
      <Pager list={list} label="Certified trainees" />
    </section>
  );
}
