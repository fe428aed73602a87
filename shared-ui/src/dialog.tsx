/**
 * In-page replacements for window.confirm and window.prompt: the same questions, as an accessible dialog
 * that works on phones and with a keyboard (a modal <dialog>: focus moves in and stays, Escape cancels, focus
 * returns to the opener; the answer comes back as a promise).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import styles from './dialog.module.css';
import { keepTabInside } from './focus-trap';

interface Request {
  kind: 'confirm' | 'prompt';
  message: string;
  initial: string;
  resolve: (answer: string | null) => void;
}

export function useDialog() {
  const [request, setRequest] = useState<Request | null>(null);
  const ask = useCallback(
    (kind: Request['kind'], message: string, initial = '') =>
      new Promise<string | null>((resolve) => setRequest({ kind, message, initial, resolve })),
    [],
  );
  const close = (answer: string | null) => {
    request?.resolve(answer);
    setRequest(null);
  };
  return {
    /** Resolves true for OK, false for Cancel. */
    confirm: useCallback(async (message: string) => (await ask('confirm', message)) !== null, [ask]),
    /** Resolves the text entered (maybe empty), or null when cancelled. */
    prompt: useCallback((message: string, initial = '') => ask('prompt', message, initial), [ask]),
    dialog: request ? <DialogBox request={request} onClose={close} /> : null,
  };
}

/**
 * The native modal <dialog>: the browser moves focus in, keeps Tab inside and closes on Esc; the focus goes
 * back to the button that opened it.
 */
function DialogBox({ request, onClose }: { request: Request; onClose: (answer: string | null) => void }) {
  const [value, setValue] = useState(request.initial);
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLInputElement & HTMLButtonElement>(null);
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
          onClose(request.kind === 'prompt' ? value : '');
        }}
      >
        <p id={titleId} className={styles.message}>
          {request.message}
        </p>
        {request.kind === 'prompt' && (
          <label className={styles.label}>
            <span className="visually-hidden">{request.message}</span>
            <textarea ref={first as never} className={styles.input} rows={3} value={value} onChange={(e) => setValue(e.target.value)} />
          </label>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} onClick={() => onClose(null)}>
            Cancel
          </button>
          <button type="submit" className={styles.ok} ref={request.kind === 'confirm' ? first : undefined}>
            OK
          </button>
        </div>
      </form>
    </dialog>
  );
}
