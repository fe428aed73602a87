/** The rotating banner of the top bar (spec §1). Screen readers get all four phrases once, not a ticker. */
import { useI18n } from '@btls/shared-auth';
import { useEffect, useState } from 'react';
import styles from './shell.module.css';

const PHRASES = [
  /*i18n*/ { id: 'shell.banner.barista', message: 'Expert Barista Training' },
  /*i18n*/ { id: 'shell.banner.beanToCup', message: 'From Bean to Cup Training' },
  /*i18n*/ { id: 'shell.banner.talent', message: 'Connecting Talent with Top Employers' },
  /*i18n*/ { id: 'shell.banner.certificates', message: 'Digital Certificates for Modern Professionals' },
];
const ROTATE_MS = 4000;

export function Banner() {
  const i18n = useI18n();
  const phrases = PHRASES.map((phrase) => i18n._(phrase));
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % PHRASES.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.banner}>
      <p aria-hidden="true" key={index} className={styles.bannerPhrase}>
        {phrases[index]}
      </p>
      <p className="visually-hidden">{phrases.join('. ')}</p>
    </div>
  );
}
