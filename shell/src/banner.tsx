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
  // All four share one cell, the others unseen: the bar is as tall as the longest phrase on this screen, so a
  // phrase that wraps onto two lines on a phone does not push the page down every few seconds.
  return (
    <div className={styles.banner}>
      <div aria-hidden="true" className={styles.bannerPhrases}>
        {phrases.map((phrase, i) => (
          <p key={i} className={i === index ? styles.bannerPhrase : styles.bannerUnseen}>
            {phrase}
          </p>
        ))}
      </div>
      <p className="visually-hidden">{phrases.join('. ')}</p>
    </div>
  );
}
