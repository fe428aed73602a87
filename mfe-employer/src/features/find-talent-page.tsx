import { pagedCertifiedTrainees } from '@btls/shared-api';
import { Link, paths, useI18n, useSearchParams } from '@btls/shared-auth';
import { ErrorBanner, TextField } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from './employer.module.css';

const styles = withPanelPage(own);
const FILTERS = ['q'] as const;

/** The certified trainees, a page at a time; the server searches names, e-mail and certified courses. */
export function FindTalentPage() {
  const i18n = useI18n();
  const list = usePagedList(useSearchParams(), pagedCertifiedTrainees, FILTERS);
  const query = list.filters.q ?? '';
  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'employer.talent.title', message: 'Find Talent' })}</h1>
      <ErrorBanner>{list.error}</ErrorBanner>
      <TextField
        label={i18n._({ id: 'employer.talent.search', message: 'Search certified trainees' })}
        type="search"
        placeholder={i18n._({ id: 'employer.talent.searchHint', message: 'Name, e-mail or course' })}
        value={query}
        onChange={(e) => list.setFilter('q', e.target.value)}
      />
      <ListStates
        items={list.items}
        error={list.error}
        loading={i18n._({ id: 'employer.talent.loading', message: 'Loading certified trainees...' })}
        empty={
          query.trim()
            ? i18n._({ id: 'employer.talent.noMatch', message: 'No certified trainees match your search.' })
            : i18n._({ id: 'employer.talent.none', message: 'No certified trainees are listed yet.' })
        }
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
                        <Link
                          to={paths.certificate(t.certificateCodes[i]!)}
                          aria-label={i18n._({
                            id: 'employer.talent.viewCertificateOf',
                            message: 'View Certificate: {name}, {course}',
                            values: { name: `${t.firstName} ${t.lastName}`, course: courseTitle },
                          })}
                        >
                          {i18n._({ id: 'employer.talent.viewCertificate', message: 'View Certificate' })}
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
      <Pager list={list} label={i18n._({ id: 'employer.talent.pages', message: 'Certified trainees' })} />
    </section>
  );
}
