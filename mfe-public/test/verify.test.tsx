import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VerifyPage } from '../src/features/verify/verify-page';
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
});
