/**
 * One behaviour for every form a submit is refused in: the message beside the field it is about (the field
 * marked invalid and described by it), the page brought to that field with the keyboard in it, and the same
 * words announced once as a summary. A problem no field owns (the network, a rule across fields) is the red
 * banner itself, brought into view and focused instead.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { errorMessage, fieldOfFailure } from '@btls/shared-api';
import styles from './components.module.css';
import { bringToView } from './focus-row';

export interface Problem {
  message: string;
  /** The `name` of the form's field the message is about. */
  field?: string;
}

/** The form's control called `name` (the first of a group of radios), if it is one the user can reach. */
function controlNamed(form: HTMLFormElement | null, name: string): HTMLElement | null {
  const found = form?.elements.namedItem(name);
  const control = found instanceof RadioNodeList ? found[0] : found;
  if (!(control instanceof HTMLElement) || control.closest('[hidden]')) return null;
  if (control instanceof HTMLInputElement && (control.type === 'hidden' || control.disabled)) return null;
  return control;
}

/**
 * The state of a form's refusal. `formRef` goes on the <form>; `errorFor(name)` on each field (its `error`);
 * `<FormProblem problem={…} />` where the banner was. `refuse` a problem of the form's own check, `fail` a
 * caught failure of the call (the server's words, on the field it names).
 */
export function useFormProblem(formRef?: RefObject<HTMLFormElement | null>) {
  const ownRef = useRef<HTMLFormElement>(null);
  const form = formRef ?? ownRef;
  // A new object for each refusal: each one moves the user again, even with the same words as the last.
  const [problem, setProblem] = useState<Problem | null>(null);

  const refuse = useCallback(
    (message: string, field?: string) => {
      // A name the form has no field for (the server's path of a field this form does not show) is the banner's.
      const placed = field && controlNamed(form.current, field) ? field : undefined;
      setProblem({ message, ...(placed ? { field: placed } : {}) });
    },
    [form],
  );
  const fail = useCallback((failure: unknown) => refuse(errorMessage(failure), fieldOfFailure(failure)), [refuse]);
  const clear = useCallback(() => setProblem(null), []);

  useEffect(() => {
    if (!problem) return;
    const target = problem.field
      ? controlNamed(form.current, problem.field)
      : form.current?.querySelector<HTMLElement>('[data-form-problem]');
    if (target) bringToView(target);
  }, [problem, form]);

  const errorFor = (name: string) => (problem?.field === name ? problem.message : undefined);
  return { problem, refuse, fail, clear, errorFor, formRef: form };
}

/**
 * Where a form says why it was refused. With the message beside its field, the summary is for screen readers
 * only (announced once, not seen twice); without one it is the red banner, focusable so the form can bring it
 * into view. `children` may stand in for a problem-less notice of the page's own.
 */
export function FormProblem({ problem, children }: { problem: Problem | null; children?: ReactNode }) {
  const message = problem?.message ?? children;
  if (!message) return null;
  if (problem?.field) {
    return (
      <div role="alert" className="visually-hidden">
        {problem.message}
      </div>
    );
  }
  return (
    <div role="alert" tabIndex={-1} data-form-problem className={`${styles.banner} ${styles.error}`}>
      {message}
    </div>
  );
}
