import { useState, type FormEvent } from 'react';
import { useSendContactMessage } from '@btls/shared-api';
import { paths, useAuth, useI18n } from '@btls/shared-auth';
import { Button, SuccessBanner, TextAreaField, TextField } from '@btls/shared-ui/components';
import { useDraft } from '@btls/shared-ui/draft';
import { FormProblem, useFormProblem } from '@btls/shared-ui/form-problem';
import pageStyles from '../courses/courses.module.css';
import styles from './contact.module.css';
import { blankFields, requiredMessage } from '../../ui/form-checks';
import { PageHead } from '../../ui/page-head';
import { useHydrated, useKeepTypedValues } from '@btls/shared-ui/hydrated';

const EMPTY = { name: '', email: '', subject: '', message: '' };
const MAP_SRC =
  'https://www.openstreetmap.org/export/embed.html?bbox=30.0419%2C-1.9706%2C30.0819%2C-1.9306&layer=mapnik&marker=-1.9506%2C30.0619';

/** Names and numbers, the same in every language. */
const CENTRE = 'BTLS Coffee Training Centre';
const STREET = 'KG 7 Ave, Kacyiru';
const EMAIL = 'info@btls-coffee.rw';
const PHONES = [
  { tel: '+250788123456', shown: '+250 788 123 456' },
  { tel: '+250722654321', shown: '+250 722 654 321' },
];

export function ContactPage() {
  const i18n = useI18n();
  const { user } = useAuth();
  // A draft kept on the phone until it is sent (per account, a visitor's apart): without network, or after a
  // look at another page, the message is still there.
  const draft = useDraft('contact', user?.id ?? null, EMPTY);
  const fields = draft.values;
  const sendMessage = useSendContactMessage();
  // The form is sent by the page's script; until it runs, the button waits (see useHydrated).
  const ready = useHydrated();
  const formRef = useKeepTypedValues(fields, (typed) => draft.update(typed));
  const form = useFormProblem(formRef);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const bind = (name: keyof typeof EMPTY) => ({
    name,
    required: true,
    value: fields[name],
    error: form.errorFor(name),
    onChange: (e: { target: { value: string } }) => draft.set(name, e.target.value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Every empty field is named before anything is sent; the server's refusal (an address it cannot read) lands
    // beside its field the same way.
    const blank = blankFields(formRef.current);
    if (blank.length) return form.refuseAll(blank.map((field) => ({ message: requiredMessage(), field })));
    form.clear();
    setStatus('sending');
    try {
      await sendMessage.mutateAsync(fields);
      draft.clear();
      setStatus('sent');
    } catch (failure) {
      form.fail(failure);
      setStatus('idle');
    }
  }

  return (
    <main className={pageStyles.page}>
      <PageHead
        title={i18n._({ id: 'public.contact.pageTitle', message: 'Contact us' })}
        description={i18n._({
          id: 'public.contact.description',
          message: 'Visit, call or write to the BTLS Coffee Training Centre in Kigali, Rwanda.',
        })}
        path={paths.contact}
      />
      <h1>{i18n._({ id: 'public.contact.title', message: 'Contact Us' })}</h1>
      <p className={pageStyles.lead}>
        {i18n._({
          id: 'public.contact.lead',
          message: 'Questions about a course, group training or hiring our graduates? Write to us.',
        })}
      </p>
      <div className={styles.layout}>
        <section aria-labelledby="visit-title" className={styles.details}>
          <h2 id="visit-title">{i18n._({ id: 'public.contact.visit', message: 'Visit or call us' })}</h2>
          <address>
            {CENTRE}
            <br />
            {STREET}
            <br />
            {i18n._({ id: 'shell.footer.city', message: 'Kigali, Rwanda' })}
          </address>
          {/* What people tap (a number above all): each a line of its own, a thumb's height, the phone's `tel:`. */}
          <ul className={styles.reach}>
            {PHONES.map(({ tel, shown }) => (
              <li key={tel}>
                <span className={styles.reachKind}>{i18n._({ id: 'public.contact.phone', message: 'Phone:' })}</span>{' '}
                <a className={styles.reachLink} href={`tel:${tel}`}>
                  {shown}
                </a>
              </li>
            ))}
            <li>
              <span className={styles.reachKind}>{i18n._({ id: 'public.contact.email', message: 'E-mail:' })}</span>{' '}
              <a className={styles.reachLink} href={`mailto:${EMAIL}`}>
                {EMAIL}
              </a>
            </li>
          </ul>
          <p>{i18n._({ id: 'public.contact.hours', message: 'Monday to Friday 8:00–17:00, Saturday 9:00–13:00' })}</p>
          {/* loading="lazy": the map loads on its own, and a map provider that is down never holds up the page. */}
          <iframe
            className={styles.map}
            title={i18n._({ id: 'public.contact.mapTitle', message: 'Map of the training centre in Kacyiru, Kigali' })}
            src={MAP_SRC}
            loading="lazy"
            width={600}
            height={300}
            referrerPolicy="no-referrer"
          />
          <p>
            <a
              className={styles.mapLink}
              href="https://www.openstreetmap.org/?mlat=-1.9506&mlon=30.0619#map=16/-1.9506/30.0619"
              target="_blank"
              rel="noopener noreferrer"
            >
              {i18n._({ id: 'public.contact.openMap', message: 'Open the map in a new tab' })}
            </a>
          </p>
        </section>
        <form
          ref={formRef}
          className={styles.form}
          method="post"
          noValidate
          onSubmit={submit}
          aria-labelledby="write-title"
        >
          <h2 id="write-title">{i18n._({ id: 'public.contact.write', message: 'Send us a message' })}</h2>
          {status === 'sent' && (
            <SuccessBanner>
              {i18n._({
                id: 'public.contact.sent',
                message: 'Thank you for your message! We will get back to you shortly.',
              })}
            </SuccessBanner>
          )}
          {draft.restored && status !== 'sent' && (
            <p role="status">
              {i18n._({
                id: 'public.contact.draftBack',
                message: 'Your message as you left it: it has not been sent yet.',
              })}
            </p>
          )}
          <FormProblem problem={form.problem} />
          <TextField
            label={i18n._({ id: 'public.contact.name', message: 'Name' })}
            autoComplete="name"
            {...bind('name')}
          />
          <TextField
            label={i18n._({ id: 'public.auth.email', message: 'Email' })}
            type="email"
            autoComplete="email"
            {...bind('email')}
          />
          <TextField label={i18n._({ id: 'public.contact.subject', message: 'Subject' })} {...bind('subject')} />
          <TextAreaField
            label={i18n._({ id: 'public.contact.message', message: 'Message' })}
            rows={6}
            {...bind('message')}
          />
          <Button type="submit" disabled={status === 'sending' || !ready}>
            {status === 'sending'
              ? i18n._({ id: 'public.forgot.busy', message: 'Sending...' })
              : i18n._({ id: 'public.contact.send', message: 'Send Message' })}
          </Button>
        </form>
      </div>
    </main>
  );
}
