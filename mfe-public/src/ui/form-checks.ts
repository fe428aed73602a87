/** The checks a public form makes before the server's rules are loaded (they need nothing but the page). */
import { i18n } from '@btls/shared-api';

/** The names of every required field left blank, in the order the form shows them (a form says them all). */
export function blankFields(form: HTMLFormElement | null): string[] {
  return Array.from(form?.elements ?? []).flatMap((element) =>
    (element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement) &&
    element.required &&
    element.name &&
    !element.value.trim()
      ? [element.name]
      : [],
  );
}

/**
 * What a blank required field is told, in the page's language: beside the field, and after its label in the
 * summary of every problem ("First Name: This field is required."), so it need not name the field itself.
 */
export const requiredMessage = () => i18n._({ id: 'public.form.fieldRequired', message: 'This field is required.' });
