import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CredentialChecker } from '../src/features/verify/credential-check';
import { answer, API, http, renderAt, server, mockApiForFile } from './render';

mockApiForFile();

const credential = {
  '@context': ['https://www.w3.org/ns/credentials/v2'],
  type: ['VerifiableCredential', 'OpenBadgeCredential'],
};
const verified = {
  verified: true,
  revoked: false,
  issuer: 'BTLS Coffee Training Centre',
  subjectName: 'Eric Mugisha',
  achievementName: 'Latte Art Masterclass',
  validFrom: '2026-04-01T10:00:00.000Z',
  errors: [],
};

/** Records the credential each check was sent. */
function checksAnswering(body: object) {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/credentials/verify`, async ({ request }) => {
      sent.push(await request.json());
      return answer(body)();
    }),
  );
  return sent;
}

describe('the credential check', () => {
  it("checks a certificate's own credential: Signature valid, issuer, name, course, date and status", async () => {
    server.use(http.get(`${API}/certificates/BTLS-GOOD/credential`, answer(credential)));
    const sent = checksAnswering(verified);
    renderAt('/', [{ path: '/', element: <CredentialChecker certificateCode="BTLS-GOOD" /> }]);
    expect(await screen.findByText('Signature valid')).toBeTruthy();
    expect(sent).toEqual([credential]);
    expect(screen.getByText('BTLS Coffee Training Centre')).toBeTruthy();
    expect(screen.getByText('Eric Mugisha')).toBeTruthy();
    expect(screen.getByText('Latte Art Masterclass')).toBeTruthy();
    expect(screen.getByText('Apr 1, 2026')).toBeTruthy();
    expect(screen.getByText('Valid, not revoked')).toBeTruthy();
  });

  it('says when a genuine credential was revoked', async () => {
    server.use(http.get(`${API}/certificates/BTLS-GONE/credential`, answer(credential)));
    checksAnswering({
      ...verified,
      verified: false,
      revoked: true,
      errors: ['This certificate has been revoked by the training centre.'],
    });
    renderAt('/', [{ path: '/', element: <CredentialChecker certificateCode="BTLS-GONE" /> }]);
    expect(await screen.findByText('This certificate has been revoked by the training centre.')).toBeTruthy();
    expect(screen.getByText('Revoked')).toBeTruthy();
    expect(screen.queryByText('Signature valid')).toBeNull();
  });

  it('refuses a file too large to be a credential without sending it', async () => {
    const sent = checksAnswering(verified);
    renderAt('/', [{ path: '/', element: <CredentialChecker /> }]);
    const file = new File(['{"a":"' + 'x'.repeat(40 * 1024) + '"}'], 'huge.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText(/Drop a .json credential here/), file);
    expect(await screen.findByText('This file is too large to be a credential (at most 32 KB).')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('checks a .json file someone chooses, and lists what is wrong with it', async () => {
    const sent = checksAnswering({
      ...verified,
      verified: false,
      errors: ['This credential was not issued by BTLS Coffee Training Centre.'],
    });
    renderAt('/', [{ path: '/', element: <CredentialChecker /> }]);
    const file = new File([JSON.stringify(credential)], 'badge.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText(/Drop a .json credential here/), file);
    expect(await screen.findByText('This credential was not issued by BTLS Coffee Training Centre.')).toBeTruthy();
    expect(sent).toEqual([credential]);
    expect(screen.getByText('Not verified')).toBeTruthy();
    expect(screen.queryByText('Signature valid')).toBeNull();
  });

  it('checks a file dropped on it, and refuses one that is not JSON without asking the server', async () => {
    const sent = checksAnswering(verified);
    renderAt('/', [{ path: '/', element: <CredentialChecker /> }]);
    const zone = screen.getByText(/Drop a .json credential here/);
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['not json'], 'notes.txt')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This is not a credential: choose the .json file downloaded from a certificate page.',
    );
    fireEvent.drop(zone, { dataTransfer: { files: [new File([JSON.stringify(credential)], 'badge.json')] } });
    expect(await screen.findByText('Signature valid')).toBeTruthy();
    expect(sent).toEqual([credential]);
  });
});
