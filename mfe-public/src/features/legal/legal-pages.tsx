import { Link, paths } from '@btls/shared-auth';
import styles from '../about/content.module.css';
import { PageHead } from '../../ui/page-head';

export function PrivacyPolicyPage() {
  return (
    <main className={styles.page}>
      <PageHead title="Privacy policy" description="How BTLS Coffee collects, uses and protects personal data, under the data protection law of Rwanda." path={paths.privacyPolicy} />
      <h1>Privacy Policy</h1>
      <p className={styles.updated}>Last updated: 1 November 2026</p>
      <p>
        BTLS Coffee Training Centre (“we”) runs this website in Kigali, Rwanda. This policy explains what personal
        data we collect, why, and your rights under Law N° 058/2021 of 13/10/2021 relating to the protection of
        personal data and privacy.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your name, e-mail address and a protected (hashed) form of your password.</li>
        <li>Your settings: whether we may e-mail you about your applications and training, and whether employers see you.</li>
        <li>Training records: your course applications, the notes you send with them, trainer progress records and certificates.</li>
        <li>For employers: your company’s name, website and description, and the jobs you post.</li>
        <li>Messages you send us through the contact form.</li>
      </ul>
      <h2>Why we use it</h2>
      <p>
        To run your training (reviewing applications, assigning trainers, recording progress and issuing
        certificates), to let employers see that a certificate is genuine, to answer your messages, and to keep the
        service secure. We do not sell personal data or use it for advertising.
      </p>
      <h2>Who can see it</h2>
      <p>
        Our staff and your trainer see your training records. Employers registered with us see, in their talent
        search, the name, e-mail address, certified courses and certificate codes of each trainee who holds a
        certificate, so that they can offer them jobs; they never see your applications, notes or progress
        records. You are listed unless you switch off “Show me to employers in the talent search” on your profile
        page, and you can switch it back on at any time.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Certificates and the records behind them are kept so they can be verified for as long as they are useful
        to you. Other data is deleted or anonymised when your account is closed, unless the law requires us to keep it.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, ask us to correct or delete it, or object to how we use it. Write to{' '}
        <a href="mailto:privacy@btls-coffee.rw">privacy@btls-coffee.rw</a>. You may also complain to the National
        Cyber Security Authority.
      </p>
      <p>
        See also our <Link to={paths.termsOfService}>terms of service</Link>.
      </p>
    </main>
  );
}

export function TermsOfServicePage() {
  return (
    <main className={styles.page}>
      <PageHead title="Terms of service" description="The terms for using the BTLS Coffee training and jobs platform." path={paths.termsOfService} />
      <h1>Terms of Service</h1>
      <p className={styles.updated}>Last updated: 1 November 2026</p>
      <p>These terms apply to everyone who uses this website: visitors, trainees, trainers and employers.</p>
      <h2>Accounts</h2>
      <p>
        Give true details when you register and keep your password to yourself. You are responsible for what is
        done with your account. We may suspend an account that is misused.
      </p>
      <h2>Courses and applications</h2>
      <p>
        Applying for a course does not guarantee a place: we review applications and may approve, waitlist or
        decline them. Prices and dates are confirmed when your application is approved. Fees already paid are
        refunded in full if we cancel a course; other refunds follow the conditions given when you enrol.
      </p>
      <h2>Certificates</h2>
      <p>
        A certificate is issued when a trainer has recorded your course as completed. Each certificate has a unique
        code; we may revoke a certificate obtained dishonestly.
      </p>
      <h2>Employers and job postings</h2>
      <p>
        Employers must post real vacancies with honest pay and conditions, comply with Rwandan labour law and use
        trainee contact details only to offer work. We may remove any posting.
      </p>
      <h2>Liability and law</h2>
      <p>
        We take care to keep the site available and accurate but cannot promise it will always be. These terms are
        governed by the laws of the Republic of Rwanda. Questions: <a href="mailto:info@btls-coffee.rw">info@btls-coffee.rw</a>.
      </p>
      <p>
        See also our <Link to={paths.privacyPolicy}>privacy policy</Link>.
      </p>
    </main>
  );
}
