import { ISSUER_NAME } from '@btls/shared-api';
import type { Certificate } from '@btls/shared-api/schemas';
import { useI18n } from '@btls/shared-auth';
import { buttonClass } from '@btls/shared-ui/components';
import { formatDate } from '@btls/shared-ui/format-date';
import { useLocale } from '@btls/shared-ui/i18n';
import styles from './certificate.module.css';

/** Kigali is UTC+2 all year: the issue month a trainee sees on the certificate. */
const KIGALI_OFFSET_MS = 2 * 60 * 60 * 1000;

/** What LinkedIn's "Add licence or certification" form asks, in its parameter names. */
export function linkedInFields(certificate: Certificate, verificationUrl: string) {
  const issued = new Date(new Date(certificate.issueDate).getTime() + KIGALI_OFFSET_MS);
  return {
    name: certificate.courseTitle,
    organizationName: ISSUER_NAME,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: verificationUrl,
    certId: certificate.certificateCode,
  };
}

/** LinkedIn's add-to-profile link for a certification, pre-filled with the certificate's fields. */
export function linkedInAddToProfileUrl(fields: ReturnType<typeof linkedInFields>): string {
  const query = Object.entries(fields)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&${query}`;
}

/**
 * The button, and the same fields to copy by hand: LinkedIn does not always pre-fill its form (signed out,
 * on its mobile app), and then the trainee types what is shown here.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The issue month and year as LinkedIn's form shows them, in the page's language ("janvier 2026", "Mutarama 2026"). */
function issueMonthText(year: string, month: string, locale: ReturnType<typeof useLocale>): string {
  if (locale === 'en') return `${MONTHS[Number(month) - 1]} ${year}`;
  return formatDate(new Date(Number(year), Number(month) - 1, 15), 'MMMM d, yyyy', locale).replace(/^\d+ /, '');
}

export function AddToLinkedIn({ certificate, verificationUrl }: { certificate: Certificate; verificationUrl: string }) {
  const i18n = useI18n();
  const locale = useLocale();
  const fields = linkedInFields(certificate, verificationUrl);
  return (
    <section className={styles.linkedIn} aria-labelledby="linkedin-title">
      <h2 id="linkedin-title">{i18n._({ id: 'trainee.linkedin.title', message: 'Show it on LinkedIn' })}</h2>
      <a
        className={buttonClass('primary')}
        href={linkedInAddToProfileUrl(fields)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {i18n._({ id: 'trainee.linkedin.add', message: 'Add to LinkedIn profile' })}
      </a>
      <p>
        {i18n._({
          id: 'trainee.linkedin.copy',
          message: 'If LinkedIn does not fill in the form, copy these fields into it:',
        })}
      </p>
      <dl className={styles.copyFields}>
        <div>
          <dt>{i18n._({ id: 'trainee.linkedin.name', message: 'Name' })}</dt>
          <dd>{fields.name}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'trainee.linkedin.organization', message: 'Issuing organization' })}</dt>
          <dd>{fields.organizationName}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'trainee.linkedin.issueDate', message: 'Issue date' })}</dt>
          <dd>{issueMonthText(fields.issueYear, fields.issueMonth, locale)}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'trainee.linkedin.credentialId', message: 'Credential ID' })}</dt>
          <dd>{fields.certId}</dd>
        </div>
        <div>
          <dt>{i18n._({ id: 'trainee.linkedin.credentialUrl', message: 'Credential URL' })}</dt>
          <dd>{fields.certUrl}</dd>
        </div>
      </dl>
    </section>
  );
}
