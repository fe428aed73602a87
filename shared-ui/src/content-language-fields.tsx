/**
 * The fields of what the business writes, in the platform's languages (docs/product.md §3, content languages):
 * "Written in" — the language of the form's own texts, the author's; the interface's by default — and each other
 * language behind a disclosure ("Also in Kinyarwanda (optional)"), closed until opened or holding text, so the form
 * on a phone stays as short as before for an author who writes in one language. A translation's fields are named
 * `translations.<language>.<field>`, as the server names their problems, so each problem lands beside its field;
 * a language with a problem opens.
 */
import { useState } from 'react';
import { LANGUAGE_NAMES, LOCALES, type I18n, type Language } from '@btls/shared-api';
import { useI18n } from '@btls/shared-auth';
import { SelectField, TextAreaField, TextField } from './components';
import styles from './written-in.module.css';

/** A field a translation has: its name in the payload, its label, and whether it is a text area. */
export interface TranslatedField {
  name: string;
  label: string;
  rows?: number;
  hint?: string;
  required?: boolean;
}

/** The name of a translation's field in a form's values (and in the server's problems). */
const translationField = (language: Language, field: string) => `translations.${language}.${field}`;

/** "Also in Kinyarwanda (optional)", in the interface's language. */
function alsoIn(i18n: I18n, language: Language): string {
  switch (language) {
    case 'en':
      return i18n._({ id: 'contentLanguages.alsoIn.en', message: 'Also in English (optional)' });
    case 'fr':
      return i18n._({ id: 'contentLanguages.alsoIn.fr', message: 'Also in French (optional)' });
    case 'rw':
      return i18n._({ id: 'contentLanguages.alsoIn.rw', message: 'Also in Kinyarwanda (optional)' });
  }
}

/** The language of the form's own texts: each named in its own words and marked with its `lang`. */
export function WrittenInField({
  value,
  onChange,
  error,
}: {
  value: Language;
  onChange: (language: Language) => void;
  error?: string;
}) {
  const i18n = useI18n();
  return (
    <SelectField
      label={i18n._({ id: 'contentLanguages.writtenIn', message: 'Language of these texts' })}
      hint={i18n._({
        id: 'contentLanguages.writtenInHint',
        message: 'Write in the language you know best; add others below if you can.',
      })}
      name="language"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value as Language)}
    >
      {LOCALES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The other two languages' fields, each behind its disclosure. `values` holds every field by its
 * `translationField` name; `errorFor` is the form's (`useFormProblem`).
 */
export function OtherLanguages({
  own,
  fields,
  values,
  onChange,
  errorFor,
}: {
  own: Language;
  fields: readonly TranslatedField[];
  values: object;
  onChange: (name: string, value: string) => void;
  errorFor: (name: string) => string | undefined;
}) {
  const i18n = useI18n();
  const [opened, setOpened] = useState<Partial<Record<Language, boolean>>>({});
  const valueOf = (name: string) => String((values as Record<string, unknown>)[name] ?? '');
  return (
    <>
      {LOCALES.filter((language) => language !== own).map((language) => {
        const names = fields.map((field) => translationField(language, field.name));
        const written = names.some((name) => valueOf(name).trim() !== '');
        const troubled = names.some((name) => errorFor(name));
        const open = opened[language] ?? (written || troubled);
        return (
          <details
            key={language}
            className={styles.language}
            open={open || troubled}
            onToggle={(event) => {
              const now = (event.currentTarget as HTMLDetailsElement).open;
              if (now !== open) setOpened((was) => ({ ...was, [language]: now }));
            }}
          >
            <summary className={styles.summary}>{alsoIn(i18n, language)}</summary>
            <div className={styles.fields}>
              {fields.map((field) => {
                const name = translationField(language, field.name);
                const label = i18n._({
                  id: 'contentLanguages.fieldIn',
                  message: '{field} ({language})',
                  values: { field: field.label, language: LANGUAGE_NAMES[language] },
                });
                const common = {
                  label,
                  name,
                  lang: language,
                  hint: field.hint,
                  value: valueOf(name),
                  error: errorFor(name),
                  onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
                };
                return field.rows ? (
                  <TextAreaField key={name} rows={field.rows} {...common} />
                ) : (
                  <TextField key={name} {...common} />
                );
              })}
            </div>
          </details>
        );
      })}
    </>
  );
}

/**
 * The translations of a form's values as the payload sends them: each other language's fields (empty ones as
 * they are, so the server drops a language left empty and names a half-written one's blank field).
 */
export function translationsOf(
  own: Language,
  fields: readonly string[],
  values: object,
): Partial<Record<Language, Record<string, string>>> {
  const translations: Partial<Record<Language, Record<string, string>>> = {};
  for (const language of LOCALES) {
    if (language === own) continue;
    translations[language] = Object.fromEntries(
      fields.map((field) => [
        field,
        String((values as Record<string, unknown>)[translationField(language, field)] ?? ''),
      ]),
    );
  }
  return translations;
}

/** A form's values of the translations an item has (`texts`, as its editors get them), by `translationField`. */
export function translationValues(
  own: Language,
  fields: readonly string[],
  texts: Partial<Record<Language, Record<string, unknown>>> | undefined,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const language of LOCALES) {
    if (language === own) continue;
    for (const field of fields) {
      const value = texts?.[language]?.[field];
      values[translationField(language, field)] = Array.isArray(value)
        ? value.join(', ')
        : typeof value === 'string'
          ? value
          : '';
    }
  }
  return values;
}
