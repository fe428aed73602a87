import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectRefusedOn } from '@btls/shared-auth/testing';
import { CertificateCheckPage, VerifyPage } from '../src/features/verify/verify-page';
import { answer, API, http, renderAt, server, mockApiForFile } from './render';

mockApiForFile();

const check = {
  verified: true,
  revoked: false,
  issuer: 'BTLS Coffee Training Centre',
  subjectName: 'Eric Mugisha',
  achievementName: 'Latte Art Masterclass',
  validFrom: '2026-04-01T10:00:00.000Z',
  errors: [],
};
const verify = (code: string) =>
  renderAt(`/verify/${code}`, [{ path: '/verify/:certificateCode', element: <VerifyPage /> }]);
const box = (address = '/verify') =>
  renderAt(address, [
    { path: '/verify', element: <CertificateCheckPage /> },
    { path: '/verify/:certificateCode', element: <VerifyPage /> },
  ]);
const CODE = 'BTLS-7K3M-Q9XZ-4TPA-R2VD';
const LABEL = 'Certificate code or QR code address';
const genuine = (code: string) =>
  http.get(
    `${API}/certificates/verify/${code}`,
    answer({
      valid: true,
      certificateCode: code,
      traineeName: 'Eric Mugisha',
      courseTitle: 'Latte Art Masterclass',
      issueDate: '2026-04-01T10:00:00.000Z',
      issuedBy: 'Grace Mukamana',
      revoked: false,
      errors: [],
    }),
  );

describe('public certificate verification', () => {
  it('confirms a genuine code with the trainee, course, date and issuer', async () => {
    server.use(
      http.get(
        `${API}/certificates/verify/BTLS-GOOD`,
        answer({
          valid: true,
          certificateCode: 'BTLS-GOOD',
          traineeName: 'Eric Mugisha',
          courseTitle: 'Latte Art Masterclass',
          issueDate: '2026-04-01T10:00:00.000Z',
          issuedBy: 'Grace Mukamana',
          revoked: false,
          errors: [],
        }),
      ),
      http.get(`${API}/certificates/BTLS-GOOD/credential`, answer({ type: ['VerifiableCredential'] })),
      http.post(`${API}/credentials/verify`, answer(check)),
    );
    verify('BTLS-GOOD');
    expect(
      await screen.findByText('This is a genuine certificate issued by BTLS Coffee Training Centre.'),
    ).toBeTruthy();
    expect(screen.getByText('Eric Mugisha')).toBeTruthy();
    expect(screen.getByText('Apr 1, 2026')).toBeTruthy();
    expect(screen.getByText('Grace Mukamana')).toBeTruthy();
    // The signed credential of the same certificate, checked by its signature.
    expect(await screen.findByText('Signature valid')).toBeTruthy();
  });

  it('says a revoked certificate is revoked, not genuine', async () => {
    server.use(
      http.get(
        `${API}/certificates/verify/BTLS-GONE`,
        answer({
          valid: false,
          certificateCode: 'BTLS-GONE',
          traineeName: 'Eric Mugisha',
          courseTitle: 'Latte Art Masterclass',
          issueDate: '2026-04-01T10:00:00.000Z',
          issuedBy: 'Grace Mukamana',
          revoked: true,
          errors: ['This certificate has been revoked by the training centre.'],
        }),
      ),
      http.get(`${API}/certificates/BTLS-GONE/credential`, answer({ type: ['VerifiableCredential'] })),
      http.post(
        `${API}/credentials/verify`,
        answer({
          ...check,
          verified: false,
          revoked: true,
          errors: ['This certificate has been revoked by the training centre.'],
        }),
      ),
    );
    verify('BTLS-GONE');
    expect(
      (await screen.findAllByText('This certificate has been revoked by the training centre.')).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText(/This is a genuine certificate/)).toBeNull();
  });

  it('says clearly that an unknown code is not a valid certificate', async () => {
    server.use(
      http.get(
        `${API}/certificates/verify/BTLS-BAD`,
        answer({ message: 'This is not a valid certificate code.' }, 404),
      ),
    );
    verify('BTLS-BAD');
    expect((await screen.findByRole('alert')).textContent).toMatch(/not a valid certificate/);
    // Anyone can still check a credential file here.
    expect(screen.getByLabelText(/Drop a .json credential here/)).toBeTruthy();
  });

  it('checks a code typed in the box, or the address its QR code opens, without a reload', async () => {
    server.use(
      genuine(CODE),
      http.get(`${API}/certificates/${CODE}/credential`, answer({ type: ['VerifiableCredential'] })),
      http.post(`${API}/credentials/verify`, answer(check)),
    );
    box();
    expect(screen.getByRole('heading', { level: 1, name: 'Certificate verification' })).toBeTruthy();
    expect(screen.getByText(/The code is printed at the foot of the certificate/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(LABEL), {
      target: { value: ` https://btls.example/verify/${CODE.toLowerCase()}` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('This is a genuine certificate issued by BTLS Coffee Training Centre.'),
    ).toBeTruthy();
    expect(screen.getByText(CODE)).toBeTruthy();
    // Below the answer, the box again for the next certificate.
    expect(screen.getByRole('form', { name: 'Check another certificate' })).toBeTruthy();
  });

  it('refuses an empty or malformed code beside the field, asking nothing of the server', async () => {
    const asked = vi.fn();
    server.events.on('request:start', asked);
    box();
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await expectRefusedOn(LABEL, 'Enter the code printed on the certificate, for example BTLS-7K3M-Q9XZ-4TPA-R2VD.');
    fireEvent.change(screen.getByLabelText(LABEL), { target: { value: 'BTLS-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await expectRefusedOn(
      LABEL,
      'This is not a certificate code. A code is BTLS and 16 letters and digits, for example BTLS-7K3M-Q9XZ-4TPA-R2VD.',
    );
    expect((screen.getByLabelText(LABEL) as HTMLInputElement).value).toBe('BTLS-1234');
    expect(asked).not.toHaveBeenCalled();
    server.events.removeListener('request:start', asked);
  });

  it('says a check needs the network when there is none, instead of asking', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    box();
    fireEvent.change(screen.getByLabelText(LABEL), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await expectRefusedOn(
      LABEL,
      'You are offline: a code is checked with the training centre. Check it again once you are online.',
    );
    online.mockRestore();
  });

  it('answers the form sent without script (?code=) in place: a code checked, anything else refused beside the field', async () => {
    server.use(genuine(CODE), http.get(`${API}/certificates/${CODE}/credential`, answer({}, 404)));
    box(`/verify?code=${encodeURIComponent('btls 7k3m q9xz 4tpa r2vd')}`);
    expect(
      await screen.findByText('This is a genuine certificate issued by BTLS Coffee Training Centre.'),
    ).toBeTruthy();
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(
      new RegExp(`/verify/${CODE}$`),
    );
  });

  it('shows what was sent without script and why it is not a code', async () => {
    box('/verify?code=hello');
    const field = screen.getByLabelText(LABEL) as HTMLInputElement;
    expect(field.value).toBe('hello');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(/^This is not a certificate code\./).length).toBeGreaterThan(0);
  });
});
