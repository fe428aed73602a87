import { useState, type FormEvent } from 'react';
import { useSendContactMessage } from '@btls/shared-api';
import { Button, ErrorBanner, SuccessBanner, TextAreaField, TextField } from '@btls/shared-ui/components';
import pageStyles from '../courses/courses.module.css';
import styles from './contact.module.css';
import { PageHead } from '../../ui/page-head';
import { useHydrated, useKeepTypedValues } from '@btls/shared-ui/hydrated';
import { paths } from '@btls/shared-auth';

const EMPTY = { name: '', email: '', subject: '', message: '' };
const MAP_SRC = 'https://www.openstreetmap.org/export/embed.html?bbox=30.0419%2C-1.9706%2C30.0819%2C-1.9306&layer=mapnik&marker=-1.9506%2C30.0619';

export function ContactPage() {
  const [fields, setFields] = useState(EMPTY);
  const sendMessage = useSendContactMessage();
  // The form is sent by the page's script; until it runs, the button waits (see useHydrated).
  const ready = useHydrated();
  const formRef = useKeepTypedValues(fields, (typed) => setFields((f) => ({ ...f, ...typed })));
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' | 'sent' | 'failed'; error?: string }>({ kind: 'idle' });
  const bind = (name: keyof typeof EMPTY) => ({
    name,
    required: true,
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus({ kind: 'sending' });
    try {
      await sendMessage.mutateAsync(fields);
      setFields(EMPTY);
      setStatus({ kind: 'sent' });
    } catch (failure) {
      setStatus({ kind: 'failed', error: (failure as Error).message });
    }
  }

  return (
    <main className={pageStyles.page}>
      <PageHead title="Contact us" description="Visit, call or write to the BTLS Coffee Training Centre in Kigali, Rwanda." path={paths.contact} />
      <h1>Contact Us</h1>
      <p className={pageStyles.lead}>Questions about a course, group training or hiring our graduates? Write to us.</p>
      <div className={styles.layout}>
        <section aria-labelledby="visit-title" className={styles.details}>
          <h2 id="visit-title">Visit or call us</h2>
          <address>
            BTLS Coffee Training Centre
            <br />
            KG 7 Ave, Kacyiru
            <br />
            Kigali, Rwanda
          </address>
          <p>
            E-mail: <a href="mailto:info@btls-coffee.rw">info@btls-coffee.rw</a>
          </p>
          <p>
            Phone: <a href="tel:+250788123456">+250 788 123 456</a>
            <br />
            Phone: <a href="tel:+250722654321">+250 722 654 321</a>
          </p>
          <p>Monday to Friday 8:00–17:00, Saturday 9:00–13:00</p>
          {/* loading="lazy": the map loads on its own, and a map provider that is down never holds up the page. */}
          <iframe
            className={styles.map}
            title="Map of the training centre in Kacyiru, Kigali"
            src={MAP_SRC}
            loading="lazy"
            width={600}
            height={300}
            referrerPolicy="no-referrer"
          />
          <p>
            <a href="https://www.openstreetmap.org/?mlat=-1.9506&mlon=30.0619#map=16/-1.9506/30.0619" target="_blank" rel="noopener noreferrer">Open the map in a new tab</a>
          </p>
        </section>
        <form ref={formRef} className={styles.form} method="post" onSubmit={submit} aria-labelledby="write-title">
          <h2 id="write-title">Send us a message</h2>
          {status.kind === 'sent' && <SuccessBanner>Thank you for your message! We will get back to you shortly.</SuccessBanner>}
          {status.kind === 'failed' && <ErrorBanner>{status.error || 'An error occurred. Please try again.'}</ErrorBanner>}
          <TextField label="Name" autoComplete="name" {...bind('name')} />
          <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
          <TextField label="Subject" {...bind('subject')} />
          <TextAreaField label="Message" rows={6} {...bind('message')} />
          <Button type="submit" disabled={status.kind === 'sending' || !ready}>
            {status.kind === 'sending' ? 'Sending...' : 'Send Message'}
          </Button>
        </form>
      </div>
    </main>
  );
}
