/**
 * What the business writes (a course's, a job's texts) in a language other than the page's (docs/product.md §3,
 * content languages): the text carries its `lang` (a screen reader then reads it in that language's voice, a
 * browser offers to translate it), and a small note in the reader's language says which language it is written in.
 */
import { useI18n } from '@btls/shared-auth';
import type { I18n } from '@btls/shared-api';
import styles from './written-in.module.css';

type Language = 'en' | 'fr' | 'rw';

/** The page's language, as the texts beside are shown in. */
const pageLanguage = (i18n: I18n) => i18n.locale || 'en';

/**
 * The `lang` attribute for a text written in `language` on this page: the language when it is not the page's,
 * else nothing (the page's own `lang` applies). An answer from an API that does not say its language gives none.
 */
export function textLang(i18n: I18n, language: Language | undefined): { lang?: Language } {
  return language && language !== pageLanguage(i18n) ? { lang: language } : {};
}

/** `textLang` with the page's i18n. */
export function useTextLang(language: Language | undefined): { lang?: Language } {
  return textLang(useI18n(), language);
}

/** "Written in English", in the reader's language, for a text in `language`. */
function writtenInText(i18n: I18n, language: Language): string {
  switch (language) {
    case 'en':
      return i18n._({ id: 'writtenIn.en', message: 'Written in English' });
    case 'fr':
      return i18n._({ id: 'writtenIn.fr', message: 'Written in French' });
    case 'rw':
      return i18n._({ id: 'writtenIn.rw', message: 'Written in Kinyarwanda' });
  }
}

/**
 * The note under (or beside) a text not in the page's language; nothing when it is. `id` lets the text name the
 * note as its description (`aria-describedby`), so the note is heard with it.
 */
export function WrittenIn({
  language,
  id,
  className,
}: {
  language: Language | undefined;
  id?: string;
  className?: string;
}) {
  const i18n = useI18n();
  if (!language || language === pageLanguage(i18n)) return null;
  return (
    <p id={id} className={`${styles.note} ${className ?? ''}`}>
      {writtenInText(i18n, language)}
    </p>
  );
}

/**
 * A title in a staff list (a table's cell, a card's heading text): marked with its language when not the page's,
 * with the note under it.
 */
export function TitleInLanguage({ title, language }: { title: string; language: Language | undefined }) {
  const lang = useTextLang(language);
  return (
    <>
      <span {...lang}>{title}</span>
      <WrittenIn language={language} />
    </>
  );
}
