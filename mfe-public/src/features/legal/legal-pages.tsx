import { Link, paths, useI18n } from '@btls/shared-auth';
import styles from '../about/content.module.css';
import { PageHead } from '../../ui/page-head';

/* The legal texts: machine-drafted in rw and fr like every text, to be reviewed by a native speaker and a lawyer. */

export function PrivacyPolicyPage() {
  const i18n = useI18n();
  return (
    <main className={styles.page}>
      <PageHead
        title={i18n._({ id: 'public.privacy.pageTitle', message: 'Privacy policy' })}
        description={i18n._({
          id: 'public.privacy.description',
          message:
            'How BTLS Coffee collects, uses and protects personal data, under the data protection law of Rwanda.',
        })}
        path={paths.privacyPolicy}
      />
      <h1>{i18n._({ id: 'public.privacy.title', message: 'Privacy Policy' })}</h1>
      <p className={styles.updated}>
        {i18n._({ id: 'public.legal.updated', message: 'Last updated: 1 November 2026' })}
      </p>
      <p>
        {i18n._({
          id: 'public.privacy.intro',
          message:
            'BTLS Coffee Training Centre (“we”) runs this website in Kigali, Rwanda. This policy explains what personal data we collect, why, and your rights under Law N° 058/2021 of 13/10/2021 relating to the protection of personal data and privacy.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.privacy.collect', message: 'What we collect' })}</h2>
      <ul>
        <li>
          {i18n._({
            id: 'public.privacy.collect.account',
            message: 'Account details: your name, e-mail address and a protected (hashed) form of your password.',
          })}
        </li>
        <li>
          {i18n._({
            id: 'public.privacy.collect.settings',
            message:
              'Your settings: whether we may e-mail you about your applications and training, and whether employers see you.',
          })}
        </li>
        <li>
          {i18n._({
            id: 'public.privacy.collect.training',
            message:
              'Training records: your course applications, the notes you send with them, trainer progress records and certificates.',
          })}
        </li>
        <li>
          {i18n._({
            id: 'public.privacy.collect.employers',
            message: 'For employers: your company’s name, website and description, and the jobs you post.',
          })}
        </li>
        <li>
          {i18n._({ id: 'public.privacy.collect.messages', message: 'Messages you send us through the contact form.' })}
        </li>
      </ul>
      <h2>{i18n._({ id: 'public.privacy.why', message: 'Why we use it' })}</h2>
      <p>
        {i18n._({
          id: 'public.privacy.whyText',
          message:
            'To run your training (reviewing applications, assigning trainers, recording progress and issuing certificates), to let employers see that a certificate is genuine, to answer your messages, and to keep the service secure. We do not sell personal data or use it for advertising.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.privacy.who', message: 'Who can see it' })}</h2>
      <p>
        {i18n._({
          id: 'public.privacy.whoText',
          message:
            'Our staff and your trainer see your training records. Employers registered with us see, in their talent search, the name, e-mail address, certified courses and certificate codes of each trainee who holds a certificate, so that they can offer them jobs; they never see your applications, notes or progress records. You are listed unless you switch off “Show me to employers in the talent search” on your profile page, and you can switch it back on at any time.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.privacy.keep', message: 'How long we keep it' })}</h2>
      <p>
        {i18n._({
          id: 'public.privacy.keepText',
          message:
            'Certificates and the records behind them are kept so they can be verified for as long as they are useful to you. Other data is deleted or anonymised when your account is closed, unless the law requires us to keep it.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.privacy.rights', message: 'Your rights' })}</h2>
      <p>
        {i18n._({
          id: 'public.privacy.rightsText',
          message:
            'You may ask for a copy of your data, ask us to correct or delete it, or object to how we use it. Write to',
        })}{' '}
        <a href="mailto:privacy@btls-coffee.rw">{'privacy@btls-coffee.rw'}</a>.{' '}
        {i18n._({
          id: 'public.privacy.complain',
          message: 'You may also complain to the National Cyber Security Authority.',
        })}
      </p>
      <p>
        {i18n._({ id: 'public.legal.seeAlso', message: 'See also our' })}{' '}
        <Link to={paths.termsOfService}>{i18n._({ id: 'public.terms.link', message: 'terms of service' })}</Link>.
      </p>
    </main>
  );
}

export function TermsOfServicePage() {
  const i18n = useI18n();
  return (
    <main className={styles.page}>
      <PageHead
        title={i18n._({ id: 'public.terms.pageTitle', message: 'Terms of service' })}
        description={i18n._({
          id: 'public.terms.description',
          message: 'The terms for using the BTLS Coffee training and jobs platform.',
        })}
        path={paths.termsOfService}
      />
      <h1>{i18n._({ id: 'public.terms.title', message: 'Terms of Service' })}</h1>
      <p className={styles.updated}>
        {i18n._({ id: 'public.legal.updated', message: 'Last updated: 1 November 2026' })}
      </p>
      <p>
        {i18n._({
          id: 'public.terms.intro',
          message: 'These terms apply to everyone who uses this website: visitors, trainees, trainers and employers.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.terms.accounts', message: 'Accounts' })}</h2>
      <p>
        {i18n._({
          id: 'public.terms.accountsText',
          message:
            'Give true details when you register and keep your password to yourself. You are responsible for what is done with your account. We may suspend an account that is misused.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.terms.courses', message: 'Courses and applications' })}</h2>
      <p>
        {i18n._({
          id: 'public.terms.coursesText',
          message:
            'Applying for a course does not guarantee a place: we review applications and may approve, waitlist or decline them. Prices and dates are confirmed when your application is approved. Fees already paid are refunded in full if we cancel a course; other refunds follow the conditions given when you enrol.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.terms.certificates', message: 'Certificates' })}</h2>
      <p>
        {i18n._({
          id: 'public.terms.certificatesText',
          message:
            'A certificate is issued when a trainer has recorded your course as completed. Each certificate has a unique code; we may revoke a certificate obtained dishonestly.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.terms.employers', message: 'Employers and job postings' })}</h2>
      <p>
        {i18n._({
          id: 'public.terms.employersText',
          message:
            'Employers must post real vacancies with honest pay and conditions, comply with Rwandan labour law and use trainee contact details only to offer work. We may remove any posting.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.terms.liability', message: 'Liability and law' })}</h2>
      <p>
        {i18n._({
          id: 'public.terms.liabilityText',
          message:
            'We take care to keep the site available and accurate but cannot promise it will always be. These terms are governed by the laws of the Republic of Rwanda. Questions:',
        })}{' '}
        <a href="mailto:info@btls-coffee.rw">{'info@btls-coffee.rw'}</a>.
      </p>
      <p>
        {i18n._({ id: 'public.legal.seeAlso', message: 'See also our' })}{' '}
        <Link to={paths.privacyPolicy}>{i18n._({ id: 'public.privacy.link', message: 'privacy policy' })}</Link>.
      </p>
    </main>
  );
}
