/**
 * The console's question before a dangerous action: the password again, or the admin's passkey when they have
 * one. A modal dialog (the browser keeps the focus inside and gives it back to what had it; Escape cancels),
 * labelled by its title, each target a thumb's height. The new token replaces the session's; the refused request
 * is then sent again by the page's connection (./sudo.ts).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  confirmIdentity,
  errorMessage,
  session,
  sudoPasskeyOptions,
  translateMessage,
  type PasskeyRequestOptions,
  type SudoPayload,
} from '@btls/shared-api';
import { useI18n, useSessionStore } from '@btls/shared-auth';
import { Button, TextField } from '@btls/shared-ui/components';
import { keepTabInside } from '@btls/shared-ui/focus-trap';
import type { SudoQuestion } from './sudo';
import styles from './console.module.css';

export default function SudoDialog({ question }: { question: SudoQuestion }) {
  const i18n = useI18n();
  const titleId = useId();
  const leadId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ message: string; onField: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // The passkey's challenge, asked for as the dialog opens: the button shows only for an admin who has one.
  const [passkey, setPasskey] = useState<PasskeyRequestOptions | null>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = dialog.current;
    if (box && !box.open) {
      if (typeof box.showModal === 'function') box.showModal();
      else box.setAttribute('open', '');
    }
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
    let current = true;
    sudoPasskeyOptions().then(
      (options) => current && setPasskey(options),
      () => undefined, // none added (or not reachable): the password it is
    );
    return () => {
      current = false;
      if (box?.open && typeof box.close === 'function') box.close();
      opener?.focus();
    };
  }, []);

  async function confirm(payload: SudoPayload, onField: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await confirmIdentity(payload);
      useSessionStore.getState().signIn(answer);
      question.answer(true);
    } catch (failure) {
      setBusy(false);
      setProblem({ message: errorMessage(failure), onField });
      if (onField) form.current?.querySelector<HTMLInputElement>('input')?.focus();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setProblem({ message: translateMessage(session.proofRequired), onField: true });
      form.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    void confirm({ password }, true);
  }

  async function withPasskey() {
    if (!passkey) return;
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: passkey as never });
      await confirm({ passkey: response as SudoPayload['passkey'] }, false);
    } catch (failure) {
      // The browser's own refusal (the admin closed its prompt) says nothing the admin needs read back.
      setBusy(false);
      if (failure instanceof Error && failure.name === 'NotAllowedError') return;
      setProblem({ message: translateMessage(session.passkeyNotAccepted), onField: false });
    } finally {
      // A challenge is good once: the next try asks for a new one.
      sudoPasskeyOptions().then(setPasskey, () => setPasskey(null));
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={leadId}
      className={styles.sudo}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) question.answer(false);
      }}
      onKeyDown={(event) => keepTabInside(event, dialog.current)}
    >
      <form ref={form} noValidate onSubmit={submit}>
        <h2 id={titleId} className={styles.sudoTitle}>
          {i18n._({ id: 'shell.console.sudo.title', message: 'Confirm it is you' })}
        </h2>
        <p id={leadId}>{translateMessage(session.sudoRequired)}</p>
        {problem && !problem.onField && (
          <p role="alert" className={styles.problem}>
            {problem.message}
          </p>
        )}
        <TextField
          label={i18n._({ id: 'shell.console.password', message: 'Password' })}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={problem?.onField ? problem.message : undefined}
        />
        {problem?.onField && (
          <div role="alert" className="visually-hidden">
            {problem.message}
          </div>
        )}
        <div className={styles.sudoActions}>
          <Button type="submit" disabled={busy}>
            {busy
              ? i18n._({ id: 'shell.console.sudo.busy', message: 'Confirming...' })
              : i18n._({ id: 'shell.console.sudo.confirm', message: 'Confirm' })}
          </Button>
          {passkey && (
            <Button variant="secondary" disabled={busy} onClick={() => void withPasskey()}>
              {i18n._({ id: 'shell.console.sudo.passkey', message: 'Use a passkey' })}
            </Button>
          )}
          <Button variant="secondary" disabled={busy} onClick={() => question.answer(false)}>
            {i18n._({ id: 'shell.console.cancel', message: 'Cancel' })}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
