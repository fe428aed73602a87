import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { todayInKigali } from '@btls/shared-api';
import {
  answer,
  API,
  http,
  renderAt,
  server,
  signInAs,
  mockApiForFile,
  expectRefusedOn,
} from '@btls/shared-auth/testing';
import { ApplyPage } from '../src/features/apply/apply-page';
import { CertificatePage } from '../src/features/certificate/certificate-page';
import { certificate } from './fixtures';
import { anEnrollment } from '@btls/shared-api/fixtures';

mockApiForFile();

const courses = [
  { id: 3, title: 'Espresso Fundamentals', level: 'Beginner', isActive: true },
  { id: 4, title: 'Latte Art Masterclass', level: 'Intermediate', isActive: true },
];

describe('applying for a course', () => {
  const apply = (path = '/apply-for-course') => renderAt(path, [{ path: '/apply-for-course', element: <ApplyPage /> }]);

  it.each([
    ['employer', 'an employer'],
    ['admin', 'an admin'],
  ] as const)('tells a signed-in %s that only trainees apply, with the way to their panel', async (role, kind) => {
    signInAs({ role });
    apply('/apply-for-course?courseId=3');
    expect(screen.getByText(`Only trainees can apply for courses. Your account is ${kind} account.`)).toBeTruthy();
    expect(screen.queryByLabelText('Course')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the courses' }).getAttribute('href')).toBe('/courses');
  });

  it("asks for a course first: 'Please select a course.' beside the course, which takes the keyboard", async () => {
    signInAs({ role: 'trainee' });
    server.use(http.get(`${API}/courses`, answer(courses)));
    apply();
    await screen.findByRole('option', { name: 'Espresso Fundamentals (Beginner)' });
    await userEvent.type(screen.getByLabelText('Notes for the training centre (optional)'), 'Weekends');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await expectRefusedOn('Course', 'Please select a course.');
    expect((screen.getByLabelText('Notes for the training centre (optional)') as HTMLTextAreaElement).value).toBe(
      'Weekends',
    );
  });

  it('sends the application, names the course and the application id, and offers the next steps, also after a reload', async () => {
    signInAs({ role: 'trainee' });
    let sent: unknown;
    server.use(
      http.get(`${API}/courses`, answer(courses)),
      http.post(`${API}/enrollments/apply`, async ({ request }) => {
        sent = await request.json();
        return answer({ applicationId: 42, message: 'ok' }, 201)();
      }),
      http.get(`${API}/enrollments/my-applications`, answer([])),
    );
    apply();
    await screen.findByRole('option', { name: 'Latte Art Masterclass (Intermediate)' });
    fireEvent.change(screen.getByLabelText('Course'), { target: { value: '4' } });
    await userEvent.type(screen.getByLabelText('Notes for the training centre (optional)'), 'Weekends');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    const success = await screen.findByRole('status');
    expect(success.textContent).toMatch(/"Latte Art Masterclass".*application ID 42.*notified/);
    expect(sent).toEqual({ courseId: 4, applicantNotes: 'Weekends', preferredStartDate: null });
    expect(screen.getByRole('link', { name: 'See my applications' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByLabelText('Course')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Apply for another course' }));
    expect(((await screen.findByLabelText('Course')) as HTMLSelectElement).value).toBe('');
  });

  it("shows what was submitted again after a reload (?applied=), read from the trainee's applications", async () => {
    signInAs({ role: 'trainee' });
    server.use(
      http.get(
        `${API}/enrollments/my-applications`,
        answer([anEnrollment({ id: 42, applicationId: 42, courseTitle: 'Cupping' })]),
      ),
    );
    apply('/apply-for-course?applied=42');
    expect((await screen.findByText(/"Cupping"/)).textContent).toBe(
      'Your application for "Cupping" has been submitted (application ID 42). You will be notified once it has been reviewed.',
    );
  });

  it('preselects a course from ?courseId=, offers dates from today only, and Cancel goes to /dashboard', async () => {
    signInAs({ role: 'trainee' });
    server.use(http.get(`${API}/courses`, answer(courses)));
    apply('/apply-for-course?courseId=3');
    await screen.findByRole('option', { name: 'Espresso Fundamentals (Beginner)' });
    expect((screen.getByLabelText('Course') as HTMLSelectElement).value).toBe('3');
    expect(screen.getByLabelText('Preferred start date (optional)').getAttribute('min')).toBe(todayInKigali());
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/dashboard');
  });

  it("refuses a start date in the past before any call, and shows the server's refusal with the form kept", async () => {
    signInAs({ role: 'trainee' });
    server.use(
      http.get(`${API}/courses`, answer(courses)),
      http.post(
        `${API}/enrollments/apply`,
        answer({ message: 'You already have an open application for this course.' }, 409),
      ),
    );
    apply('/apply-for-course?courseId=3');
    await screen.findByRole('option', { name: 'Espresso Fundamentals (Beginner)' });
    fireEvent.change(screen.getByLabelText('Preferred start date (optional)'), { target: { value: '2020-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await expectRefusedOn('Preferred start date (optional)', 'Preferred start date cannot be in the past.');
    fireEvent.change(screen.getByLabelText('Preferred start date (optional)'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You already have an open application for this course.',
    );
    expect((screen.getByLabelText('Course') as HTMLSelectElement).value).toBe('3');
  });

  it("says 'You must be logged in to apply.' without a session", async () => {
    server.use(http.get(`${API}/courses`, answer(courses)));
    apply('/apply-for-course?courseId=3');
    await screen.findByRole('option', { name: 'Espresso Fundamentals (Beginner)' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You must be logged in to apply.');
  });
});

describe('the certificate page', () => {
  const open = (code: string) =>
    renderAt(`/certificate/${code}`, [{ path: '/certificate/:certificateCode', element: <CertificatePage /> }]);

  it('shows the certificate with every field, a QR code of the verification address and a Print button', async () => {
    signInAs({ role: 'trainee' });
    const cert = certificate({ courseDuration: '1 week', courseTrainingCenter: null });
    server.use(http.get(`${API}/certificates/code/${cert.certificateCode}`, answer(cert)));
    open(cert.certificateCode);
    const article = await screen.findByRole('article', { name: 'Certificate of Completion' });
    expect(within(article).getByText('Aline Uwase')).toBeTruthy();
    expect(within(article).getByText('Latte Art Masterclass')).toBeTruthy();
    expect(within(article).getByText('Duration: 1 week')).toBeTruthy();
    expect(within(article).getByText('at an accredited barista training facility')).toBeTruthy();
    expect(within(article).getByText('Issued April 1, 2026')).toBeTruthy();
    expect(within(article).getByText('by Grace Mukamana')).toBeTruthy();
    expect(within(article).getByText(cert.certificateCode)).toBeTruthy();
    const qr = within(article).getByRole('img', { name: new RegExp(`verify/${cert.certificateCode}`) });
    // Right under who and what it certifies (a phone shows it on the first screen), before the rest.
    const follows = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(within(article).getByText('Latte Art Masterclass'), qr)).toBe(true);
    expect(follows(qr, within(article).getByText('Duration: 1 week'))).toBe(true);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('downloads the verifiable credential and adds the certificate to LinkedIn with its fields, also shown for copying', async () => {
    signInAs({ role: 'trainee' });
    const cert = certificate({
      certificateCode: 'BTLS-AB12-CD34-EF56-GH78',
      courseTitle: 'Latte Art & Milk',
      issueDate: '2026-03-31T23:30:00.000Z',
    });
    server.use(http.get(`${API}/certificates/code/${cert.certificateCode}`, answer(cert)));
    open(cert.certificateCode);
    const download = await screen.findByRole('link', { name: 'Download verifiable credential' });
    expect(download.getAttribute('href')).toBe(`${API}/certificates/BTLS-AB12-CD34-EF56-GH78/credential`);
    expect(download.getAttribute('download')).toBe('BTLS-AB12-CD34-EF56-GH78.json');

    const verifyUrl = `${location.origin}/verify/BTLS-AB12-CD34-EF56-GH78`;
    const linkedIn = screen.getByRole('link', { name: 'Add to LinkedIn profile' });
    // Issued just before midnight UTC on March 31: already April 1 in Kigali, as the certificate says.
    expect(linkedIn.getAttribute('href')).toBe(
      'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=Latte%20Art%20%26%20Milk' +
        `&organizationName=BTLS%20Coffee%20Training%20Centre&issueYear=2026&issueMonth=4&certUrl=${encodeURIComponent(verifyUrl)}` +
        '&certId=BTLS-AB12-CD34-EF56-GH78',
    );
    expect(linkedIn.getAttribute('target')).toBe('_blank');
    const copy = screen.getByRole('region', { name: 'Show it on LinkedIn' });
    for (const text of [
      'Latte Art & Milk',
      'BTLS Coffee Training Centre',
      'April 2026',
      'BTLS-AB12-CD34-EF56-GH78',
      verifyUrl,
    ]) {
      expect(within(copy).getByText(text)).toBeTruthy();
    }
  });

  it('says a revoked certificate is revoked and no longer offers it to LinkedIn', async () => {
    signInAs({ role: 'trainee' });
    const cert = certificate({ revokedAt: '2026-05-02T09:00:00.000Z', revocationReason: 'Issued by mistake.' });
    server.use(http.get(`${API}/certificates/code/${cert.certificateCode}`, answer(cert)));
    open(cert.certificateCode);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This certificate has been revoked by the training centre. (revoked May 2, 2026)',
    );
    expect(screen.queryByRole('link', { name: 'Add to LinkedIn profile' })).toBeNull();
  });

  it('shows a not-found state with a link back to the dashboard', async () => {
    signInAs({ role: 'trainee' });
    server.use(http.get(`${API}/certificates/code/NOPE`, answer({ message: 'Certificate not found.' }, 404)));
    open('NOPE');
    expect(await screen.findByRole('heading', { name: 'Certificate not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
