/**
 * The admin's own settings: their passkeys. A passkey (on this phone or computer, or a security key) confirms it
 * is them when the console asks again before a dangerous action, instead of typing the password. Adding or
 * removing one is itself such an action: the console may ask first (the shell's question), then goes on.
 */
import { useState, type FormEvent } from 'react';
import {
  errorMessage,
  fieldOfFailure,
  noticeText,
  passkeyOptions,
  passkeysQuery,
  session,
  translateMessage,
  useAddPasskey,
  useQuery,
  useRemovePasskey,
} from '@btls/shared-api';
import type { AddPasskeyPayload } from '@btls/shared-api/schemas';
import { useI18n } from '@btls/shared-auth';
import { Button, ErrorBanner, SuccessBanner, TextField } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';

const styles = withPanelPage(own);

export function SettingsPage() {
  const i18n = useI18n();
  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.settings.title', message: 'Settings' })}</h1>
      <Passkeys />
    </section>
  );
}

function Passkeys() {
  const i18n = useI18n();
  const locale = useLocale();
  const passkeys = useQuery(passkeysQuery());
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const { confirm, dialog } = useDialog();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const error = failure || (passkeys.error ? errorMessage(passkeys.error) : '');

  async function addPasskey(event: FormEvent) {
    event.preventDefault();
    setFailure('');
    setNotice('');
    if (!name.trim()) return setNameError(translateMessage(session.passkeyNameRequired));
    setNameError(undefined);
    setBusy(true);
    try {
      // The browser's WebAuthn code, only when a passkey is made.
      const [{ startRegistration }, options] = await Promise.all([import('@simplewebauthn/browser'), passkeyOptions()]);
      const response = await startRegistration({ optionsJSON: options as never });
      const answer = await add.mutateAsync({ name: name.trim(), response: response as AddPasskeyPayload['response'] });
      setNotice(noticeText(answer));
      setName('');
    } catch (caught) {
      // Closing the browser's own prompt is the admin's choice: nothing to say.
      if (caught instanceof Error && caught.name === 'NotAllowedError') return;
      if (fieldOfFailure(caught) === 'name') setNameError(errorMessage(caught));
      else setFailure(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  async function removePasskey(id: number, passkeyName: string) {
    setFailure('');
    setNotice('');
    const sure = await confirm(
      i18n._({
        id: 'admin.passkeys.removeConfirm',
        message: 'Remove the passkey "{name}"? It will no longer confirm it is you.',
        values: { name: passkeyName },
      }),
    );
    if (!sure) return;
    try {
      setNotice(noticeText(await remove.mutateAsync(id)));
    } catch (caught) {
      setFailure(errorMessage(caught));
    }
  }

  const titleId = 'passkeys-title';
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{i18n._({ id: 'admin.passkeys.title', message: 'Passkeys' })}</h2>
      <p>
        {i18n._({
          id: 'admin.passkeys.intro',
          message:
            'A passkey on this device (or a security key) confirms it is you when the console asks again before a dangerous action, instead of your password.',
        })}
      </p>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      <ListStates
        items={passkeys.data?.passkeys}
        error={passkeys.error}
        loading={i18n._({ id: 'admin.passkeys.loading', message: 'Loading passkeys...' })}
        empty={i18n._({ id: 'admin.passkeys.empty', message: 'You have not added a passkey yet.' })}
      >
        {(list) => (
          <ul className={styles.passkeys}>
            {list.map((passkey) => (
              <li key={passkey.id} className={styles.passkey}>
                <span>
                  <strong>{passkey.name}</strong>
                  <span className={styles.hint}>
                    {i18n._({
                      id: 'admin.passkeys.added',
                      message: 'Added {date}',
                      values: { date: formatDate(passkey.createdAt, 'MMM d, yyyy', locale) },
                    })}
                    {passkey.lastUsedAt &&
                      ` · ${i18n._({
                        id: 'admin.passkeys.used',
                        message: 'last used {date}',
                        values: { date: formatDate(passkey.lastUsedAt, 'MMM d, yyyy', locale) },
                      })}`}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  aria-label={i18n._({
                    id: 'admin.passkeys.removeNamed',
                    message: 'Remove {name}',
                    values: { name: passkey.name },
                  })}
                  onClick={() => void removePasskey(passkey.id, passkey.name)}
                >
                  {i18n._({ id: 'admin.passkeys.remove', message: 'Remove' })}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      <form className={styles.addPasskey} noValidate onSubmit={(event) => void addPasskey(event)}>
        <TextField
          label={i18n._({ id: 'admin.passkeys.name', message: 'Name of the new passkey' })}
          hint={i18n._({ id: 'admin.passkeys.nameHint', message: 'Such as the device it is on: "Work laptop".' })}
          name="name"
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
        />
        <Button type="submit" disabled={busy}>
          {busy
            ? i18n._({ id: 'admin.passkeys.adding', message: 'Adding...' })
            : i18n._({ id: 'admin.passkeys.add', message: 'Add a passkey' })}
        </Button>
      </form>
      {dialog}
    </section>
  );
}
