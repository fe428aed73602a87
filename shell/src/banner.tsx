/** The rotating banner of the top bar (spec §1). Screen readers get all four phrases once, not a ticker. */
import { useEffect, useState } from 'react';
import styles from './shell.module.css';

const PHRASES = [
  'Expert Barista Training',
  'From Bean to Cup Training',
  'Connecting Talent with Top Employers',
  'Digital Certificates for Modern Professionals',
];
const ROTATE_MS = 4000;

export function Banner() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % PHRASES.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.banner}>
      <p aria-hidden="true" key={index} className={styles.bannerPhrase}>
        {PHRASES[index]}
      </p>
      <p className="visually-hidden">{PHRASES.join('. ')}</p>
    </div>
  );
}
