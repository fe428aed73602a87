import { useEffect, useState } from 'react';
import type { CertifiedTrainee } from '@btls/shared-api/schemas';
import { listCertifiedTrainees } from '@btls/shared-api';
import { Link } from '@btls/shared-auth';
import { ErrorBanner, Spinner, TextField } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from './employer.module.css';
import { matchesTalent } from './talent';

const styles = withPanelPage(own);

export function FindTalentPage() {
  const [talent, setTalent] = useState<CertifiedTrainee[] | null>(null);
  const [error, setError] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    listCertifiedTrainees()
      .then(setTalent)
      .catch((failure: Error) => {
        setTalent([]);
        setError(failure.message);
      });
  }, []);
  const shown = (talent ?? []).filter((t) => matchesTalent(t, query));
  return (
    <section className={styles.page}>
      <h1>Find Talent</h1>
      <ErrorBanner>{error}</ErrorBanner>
      <TextField label="Search certified trainees" type="search" placeholder="Name, e-mail or course" value={query} onChange={(e) => setQuery(e.target.value)} />
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
                      <Link to={`/certificate/${encodeURIComponent(t.certificateCodes[i]!)}`} aria-label={`View Certificate: ${t.firstName} ${t.lastName}, ${courseTitle}`}>
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
    </section>
  );
}
