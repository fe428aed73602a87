/**
 * The language switcher of the public header and of every panel: a native select (one tap on a
 * phone, the system's own picker), each language named in its own words and marked with its `lang`, so
 * whoever cannot read the current language still finds theirs.
 */
import { useI18n } from '@btls/shared-auth';
import { currentLanguage, isLanguage, LANGUAGE_NAMES, LOCALES, setLanguage } from '@btls/shared-api';
import styles from './language-switcher.module.css';

export function LanguageSwitcher({ className }: { className?: string }) {
  const i18n = useI18n();
  const active = isLanguage(i18n.locale) ? i18n.locale : currentLanguage();
  return (
    <label className={`${styles.switcher} ${className ?? ''}`}>
      <span className="visually-hidden">{i18n._({ id: 'common.language', message: 'Language' })}</span>
      <select
        className={styles.select}
        value={active}
        onChange={(event) => {
          // Offline, a language whose texts this phone has not kept cannot load: the page stays in its own.
          if (isLanguage(event.target.value)) setLanguage(event.target.value, { chosen: true }).catch(() => undefined);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
