/**
 * The rotating banner of the top bar (docs/product.md §1). Screen readers get all four phrases once, not a ticker. It can
 * be paused (WCAG 2.2.2: what moves by itself for more than five seconds beside other content needs a way to
 * stop it), and it starts paused for whoever asked their device for reduced motion. Closed, it stays closed on
 * this device (a cookie the server render reads too, so a page never shows it and then takes it away): on a
 * phone's first screen it is a line above the bar that a returning visitor has read.
 */
import { bannerHidden, hideBanner, siteQuery, useQuery } from '@btls/shared-api';
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

/** `onClosed` runs once the phrases are gone (the keyboard then goes on to the bar). */
export function Banner({ onClosed }: { onClosed: () => void }) {
  const i18n = useI18n();
  const phrases = PHRASES.map((phrase) => i18n._(phrase));
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // As the server rendered the page (its site data); a page the browser renders alone reads the cookie.
  const site = useQuery(siteQuery()).data;
  const [closed, setClosed] = useState(() => (site ? site.bannerHidden === true : bannerHidden()));
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setPaused(true);
  }, []);
  useEffect(() => {
    if (paused || closed) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % PHRASES.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, closed]);
  if (closed) return null;
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
      <button type="button" className={styles.bannerToggle} onClick={() => setPaused(!paused)}>
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        <span className="visually-hidden">
          {paused
            ? i18n._({ id: 'shell.banner.play', message: 'Play the rotating phrases' })
            : i18n._({ id: 'shell.banner.pause', message: 'Pause the rotating phrases' })}
        </span>
      </button>
      <button
        type="button"
        className={styles.bannerToggle}
        onClick={() => {
          hideBanner();
          setClosed(true);
          // The keyboard goes on to the bar, not back to the page's top (the button it was on goes).
          onClosed();
        }}
      >
        <span aria-hidden="true">✕</span>
        <span className="visually-hidden">
          {i18n._({ id: 'shell.banner.close', message: 'Close the rotating phrases on this device' })}
        </span>
      </button>
    </div>
  );
}
