/**
 * In-page replacements for window.confirm and window.prompt: the same questions, as an accessible dialog
 * that works on phones and with a keyboard (a modal <dialog>: focus moves in and stays, Escape cancels, focus
 * returns to the opener; the answer comes back as a promise).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '@btls/shared-auth';
import styles from './dialog.module.css';
import { keepTabInside } from './focus-trap';

/** A choice asked beside the text (a select with a visible label), e.g. the trainer of an approval. */
export interface DialogChoice {
  label: string;
  options: readonly { value: string; label: string }[];
  /** The option chosen when the dialog opens. */
  value: string;
}

interface Answer {
  text: string;
  choice: string;
}

interface Request {
  kind: 'confirm' | 'prompt';
  message: string;
  initial: string;
  choice?: DialogChoice;
  /** The text box's visible label; without it the message names the box (read, not seen). */
  textLabel?: string;
  resolve: (answer: Answer | null) => void;
}

/**
 * `choiceOptions`: the choice's options as they are now, for a list the page is still loading (a slow link):
 * the open dialog shows it when it arrives instead of the list as it was when the dialog opened.
 */
export function useDialog({ choiceOptions }: { choiceOptions?: DialogChoice['options'] } = {}) {
  const [request, setRequest] = useState<Request | null>(null);
  const ask = useCallback(
    (question: Omit<Request, 'resolve'>) =>
      new Promise<Answer | null>((resolve) => setRequest({ ...question, resolve })),
    [],
  );
  const close = (answer: Answer | null) => {
    request?.resolve(answer);
    setRequest(null);
  };
  return {
    /** Resolves true for OK, false for Cancel. */
    confirm: useCallback(
      async (message: string) => (await ask({ kind: 'confirm', message, initial: '' })) !== null,
      [ask],
    ),
    /** Resolves the text entered (maybe empty), or null when cancelled. */
    prompt: useCallback(
      async (message: string, initial = '') => (await ask({ kind: 'prompt', message, initial }))?.text ?? null,
      [ask],
    ),
    /** A prompt that also asks `choice` (first): resolves the text and the chosen value, or null when cancelled. */
    promptWithChoice: useCallback(
      (
        message: string,
        { initial = '', choice, textLabel }: { initial?: string; choice: DialogChoice; textLabel?: string },
      ) => ask({ kind: 'prompt', message, initial, choice, textLabel }),
      [ask],
    ),
    dialog: request ? (
      <DialogBox
        request={
          request.choice && choiceOptions
            ? { ...request, choice: { ...request.choice, options: choiceOptions } }
            : request
        }
        onClose={close}
      />
    ) : null,
  };
}

/**
 * The native modal <dialog>: the browser moves focus in, keeps Tab inside and closes on Esc; the focus goes
 * back to the button that opened it.
 */
function DialogBox({ request, onClose }: { request: Request; onClose: (answer: Answer | null) => void }) {
  const i18n = useI18n();
  const [value, setValue] = useState(request.initial);
  const [choice, setChoice] = useState(request.choice?.value ?? '');
  const titleId = useId();
  const choiceId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = dialog.current;
    if (box && !box.open) {
      if (typeof box.showModal === 'function') box.showModal();
      else box.setAttribute('open', '');
    }
    first.current?.focus();
    return () => {
      if (box?.open && typeof box.close === 'function') box.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className={styles.dialog}
      onCancel={(e) => {
        e.preventDefault();
        onClose(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose(null);
        keepTabInside(e, dialog.current);
      }}
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          onClose({ text: request.kind === 'prompt' ? value : '', choice });
        }}
      >
        <p id={titleId} className={styles.message}>
          {request.message}
        </p>
        {request.choice && (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={choiceId}>
              {request.choice.label}
            </label>
            <select
              id={choiceId}
              ref={first as never}
              className={styles.input}
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
            >
              {request.choice.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        )}
        {request.kind === 'prompt' && (
          <label className={styles.label}>
            <span className={request.textLabel ? styles.labelText : 'visually-hidden'}>
              {request.textLabel ?? request.message}
            </span>
            <textarea
              ref={request.choice ? undefined : (first as never)}
              className={styles.input}
              rows={3}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </label>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} onClick={() => onClose(null)}>
            {i18n._({ id: 'common.cancel', message: 'Cancel' })}
          </button>
          <button type="submit" className={styles.ok} ref={request.kind === 'confirm' ? (first as never) : undefined}>
            {i18n._({ id: 'common.ok', message: 'OK' })}
          </button>
        </div>
      </form>
    </dialog>
  );
}
