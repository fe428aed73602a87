import { pagedLists } from '@btls/shared-api';
import { Link, paths, useSearchParams } from '@btls/shared-auth';
import { ErrorBanner, Spinner, TextField } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import own from './employer.module.css';

const styles = withPanelPage(own);
const FILTERS = ['q'] as const;

/** The certified trainees, a page at a time; the server searches names, e-mail and certified courses. */
export function FindTalentPage() {
  const list = usePagedList(useSearchParams(), pagedLists.certifiedTrainees, FILTERS);
  const talent = list.items;
  const shown = talent ?? [];
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
      {talent === null ? (
        <Spinner label="Loading certified trainees..." />
      ) : shown.length === 0 ? (
        <p>{query.trim() ? 'No certified trainees match your search.' : 'No certified trainees are listed yet.'}</p>
      ) : (
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
      <Pager list={list} label="Certified trainees" />
    </section>
  );
}
