/**
 * One behaviour for every form a submit is refused in: **every** problem at once, each message beside the field
 * it is about (the field marked invalid and described by it), the page brought to the first of those fields with
 * the keyboard in it, and a summary announced once. With one field's problem the summary is for screen readers
 * only (not seen twice); with several it is seen too, above the form, each line a button that moves to its field.
 * A problem no field owns (the network, a rule across fields) is the red banner itself, brought into view and
 * focused when no field is.
 *
 * The form's own check collects every problem first (`refuseAll`, or `refuse` for one), the server's answer lists
 * every field's (`fail`: a 400's `problems`), so the user fixes them in one go, not one submit each.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { problemsOfFailure } from '@btls/shared-api';
import { useI18n } from '@btls/shared-auth';
import styles from './components.module.css';
import { bringToView } from './focus-row';

export interface Problem {
  message: string;
  /** The `name` of the form's field the message is about. */
  field?: string;
  /** The field's label as the form shows it (read from the page), for the summary's line. */
  label?: string;
  /**
   * Every problem of the refusal, this one first, when there are several (so a `<FormProblem problem={…} />`
   * given only the first still lists them all).
   */
  all?: readonly Problem[];
}

/** The form's control called `name` (the first of a group of radios), if it is one the user can reach. */
function controlNamed(form: HTMLFormElement | null, name: string): HTMLElement | null {
  const found = form?.elements.namedItem(name);
  const control = found instanceof RadioNodeList ? found[0] : found;
  if (!(control instanceof HTMLElement) || control.closest('[hidden]')) return null;
  if (control instanceof HTMLInputElement && (control.type === 'hidden' || control.disabled)) return null;
  return control;
}

/** The words of the label the control is known by (its first `<label>`, else its own aria-label). */
function labelOf(control: HTMLElement): string | undefined {
  const labelled = 'labels' in control ? (control as HTMLInputElement).labels?.[0]?.textContent : undefined;
  const text = (labelled ?? control.getAttribute('aria-label') ?? '').replace(/\s*\*\s*$/, '').trim();
  return text || undefined;
}

/** Brings the form's field `name` into view with the keyboard in it; false when the form has no such field. */
function bringToField(form: HTMLFormElement | null, name: string): boolean {
  const control = form
    ? controlNamed(form, name)
    : document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]:not([type="hidden"])`);
  if (control) bringToView(control);
  return Boolean(control);
}

/**
 * The state of a form's refusal. `formRef` goes on the <form>; `errorFor(name)` on each field (its `error`);
 * `<FormProblem problem={…} />` where the banner was.
 *
 * - `refuseAll(problems)`: the form's own check found these (each `{ message, field? }`; every one is kept).
 * - `refuse(message, field?)`: one problem (as `refuseAll([{ message, field }])`).
 * - `fail(failure)`: a caught failure of the call: each problem the server answered on the field it names.
 * - `problems`: the current list (in the form's order of the check or the answer); `problem` its first, with
 *   `all` when there are several.
 *
 * A field name the form has no reachable control for (the server's path of a field this form does not show) is
 * said in the banner instead. The keyboard goes to the first field named, else to the banner.
 */
export function useFormProblem(formRef?: RefObject<HTMLFormElement | null>) {
  const ownRef = useRef<HTMLFormElement>(null);
  const form = formRef ?? ownRef;
  // A new array for each refusal: each one moves the user again, even with the same words as the last.
  const [problems, setProblems] = useState<readonly Problem[]>([]);

  const refuseAll = useCallback(
    (found: readonly { message: string; field?: string }[]) => {
      const placed: (Problem & { control: HTMLElement })[] = [];
      const unplaced: Problem[] = [];
      for (const { message, field } of found) {
        const control = field ? controlNamed(form.current, field) : null;
        // One message a field: the first found is the one to fix first.
        if (control && field && !placed.some((problem) => problem.field === field)) {
          const label = labelOf(control);
          placed.push({ message, field, control, ...(label ? { label } : {}) });
        } else if (!control && !unplaced.some((problem) => problem.message === message)) unplaced.push({ message });
      }
      // In the order the form shows its fields: the keyboard goes to the topmost, the summary reads down the form.
      placed.sort((a, b) => (a.control.compareDocumentPosition(b.control) & Node.DOCUMENT_POSITION_PRECEDING ? 1 : -1));
      setProblems([...placed.map(({ control: _, ...problem }) => problem), ...unplaced]);
    },
    [form],
  );
  const refuse = useCallback((message: string, field?: string) => refuseAll([{ message, field }]), [refuseAll]);
  const fail = useCallback((failure: unknown) => refuseAll(problemsOfFailure(failure)), [refuseAll]);
  const clear = useCallback(() => setProblems([]), []);

  useEffect(() => {
    const [first] = problems;
    if (!first) return;
    if (first.field && bringToField(form.current, first.field)) return;
    const banner = form.current?.querySelector<HTMLElement>('[data-form-problem]');
    if (banner) bringToView(banner);
  }, [problems, form]);

  const errorFor = (name: string) => problems.find((problem) => problem.field === name)?.message;
  // The same object until the next refusal (a page may watch it).
  const problem = useMemo<Problem | null>(() => {
    const [first] = problems;
    return first ? { ...first, ...(problems.length > 1 ? { all: problems } : {}) } : null;
  }, [problems]);
  return { problem, problems, refuse, refuseAll, fail, clear, errorFor, formRef: form };
}

/**
 * Where a form says why it was refused. One field's problem: the summary is for screen readers only (announced
 * once; the message is beside its field). Several: a summary seen above the form too, listing each with a button
 * to its field. A problem no field owns: the red banner, focusable so the form can bring it into view.
 * `children` may stand in for a problem-less notice of the page's own.
 */
export function FormProblem({ problem, children }: { problem: Problem | null; children?: ReactNode }) {
  const i18n = useI18n();
  const all = problem?.all ?? (problem ? [problem] : []);
  const placed = all.filter((one) => one.field);
  const unplaced = all.filter((one) => !one.field);
  const banner = unplaced.length ? unplaced.map((one) => one.message).join(' ') : problem ? undefined : children;
  const line = (one: Problem) => (one.label ? `${one.label}: ${one.message}` : one.message);

  return (
    <>
      {banner && (
        <div role="alert" tabIndex={-1} data-form-problem className={`${styles.banner} ${styles.error}`}>
          {banner}
        </div>
      )}
      {placed.length === 1 && (
        <div role="alert" className="visually-hidden">
          {placed[0]!.message}
        </div>
      )}
      {placed.length > 1 && (
        <div role="alert" className={styles.problemSummary} data-form-summary>
          <p className={styles.problemSummaryTitle}>
            {i18n._({
              id: 'formProblem.summary',
              message: 'Please fix these {count} problems:',
              values: { count: placed.length },
            })}
          </p>
          <ul>
            {placed.map((one) => (
              <li key={one.field}>
                <button
                  type="button"
                  className={styles.problemSummaryLink}
                  onClick={(event) => bringToField(event.currentTarget.form, one.field!)}
                >
                  {line(one)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
