import { useState, type FormEvent } from 'react';
import { certificateCodeOf } from '@btls/shared-api';
import { paths, useI18n, useNavigate } from '@btls/shared-auth';
import { Button, TextField } from '@btls/shared-ui/components';
import { FormProblem, useFormProblem } from '@btls/shared-ui/form-problem';
import { useKeepTypedValues } from '@btls/shared-ui/hydrated';
import styles from './code-form.module.css';

type I18n = ReturnType<typeof useI18n>;

/** The form's one field: also the query parameter `/verify?code=…` a browser without script sends. */
export const CODE_FIELD = 'code';

/** Why `typed` cannot be checked, or undefined when it is a code (read as certificateCodeOf reads it). */
export function codeProblem(typed: string, i18n: I18n): string | undefined {
  if (!typed.trim())
    return i18n._({
      id: 'public.verify.box.empty',
      message: 'Enter the code printed on the certificate, for example BTLS-7K3M-Q9XZ-4TPA-R2VD.',
    });
  if (!certificateCodeOf(typed))
    return i18n._({
      id: 'public.verify.box.malformed',
      message:
        'This is not a certificate code. A code is BTLS and 16 letters and digits, for example BTLS-7K3M-Q9XZ-4TPA-R2VD.',
    });
  return undefined;
}

/**
 * The box for a certificate's code (or the address its QR code holds). A GET form: without script the browser
 * asks `/verify?code=…` and the server renders the check; with it, the check opens without a reload. A code that
 * cannot be one is refused beside the field before any request, and so is a check without network.
 */
export function CodeForm({
  typed = '',
  refused,
  another = false,
}: {
  /** What was sent without script (`?code=`), shown again. */
  typed?: string;
  /** Why the server's render refused `typed` (the same words the script would say). */
  refused?: string;
  /** Below a result: "check another". */
  another?: boolean;
}) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const [value, setValue] = useState(typed);
  // A code typed into the server's page before its script took it over is kept.
  const keptRef = useKeepTypedValues({ [CODE_FIELD]: value }, (kept) => {
    if (kept[CODE_FIELD] !== undefined) setValue(kept[CODE_FIELD]);
  });
  const { problem, refuse, formRef } = useFormProblem(keptRef);
  // The server's refusal stays until the visitor sends the form again.
  const [serverRefusal, setServerRefusal] = useState(refused);
  const shownProblem = problem ?? (serverRefusal ? { message: serverRefusal, field: CODE_FIELD } : null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerRefusal(undefined);
    const why = codeProblem(value, i18n);
    if (why) return refuse(why, CODE_FIELD);
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      return refuse(
        i18n._({
          id: 'public.verify.box.offline',
          message: 'You are offline: a code is checked with the training centre. Check it again once you are online.',
        }),
        CODE_FIELD,
      );
    navigate(paths.verify(certificateCodeOf(value)!));
  }

  return (
    <form
      ref={formRef}
      className={styles.form}
      method="get"
      action={paths.certificateCheck}
      noValidate
      onSubmit={submit}
      aria-label={
        another
          ? i18n._({ id: 'public.verify.box.another', message: 'Check another certificate' })
          : i18n._({ id: 'public.verify.box.form', message: 'Check a certificate' })
      }
    >
      {another && <h2>{i18n._({ id: 'public.verify.box.another', message: 'Check another certificate' })}</h2>}
      <FormProblem problem={shownProblem} />
      <div className={styles.row}>
        <TextField
          label={i18n._({ id: 'public.verify.box.label', message: 'Certificate code or QR code address' })}
          name={CODE_FIELD}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={shownProblem?.field === CODE_FIELD ? shownProblem.message : undefined}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
        />
        <Button type="submit" className={styles.check}>
          {i18n._({ id: 'public.verify.box.check', message: 'Check' })}
        </Button>
      </div>
    </form>
  );
}
