import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@btls/shared-api/schemas';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { OutboxPage } from '../src/features/outbox/outbox-page';
import { UsersPage } from '../src/features/users/users-page';
import { user } from './fixtures';

mockApiForFile();

const me = user({ id: 1, role: 'admin', firstName: 'Grace', lastName: 'Mukamana' });
const mail = (fields: Partial<OutboxMessage>): OutboxMessage => ({
  id: 1,
  kind: 'password-reset',
  recipient: 'aline@example.rw',
  replyTo: null,
  subject: 'Reset your BTLS password',
  text: 'Hello Aline,\n\nReset your password: https://btls.example.rw/reset-password/abc123\n',
  status: 'pending',
  attempts: 0,
  lastError: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  sentAt: null,
  ...fields,
});

describe('the e-mail outbox (/admin/outbox)', () => {
  it('lists recipient, subject, status and time, and shows the text with working links', async () => {
    signInAs(me);
    server.use(http.get(`${API}/admin/outbox`, answer([mail({})])));
    renderAt('/admin/outbox', [{ path: '/admin/outbox', element: <OutboxPage /> }]);
    const row = (await screen.findByText('aline@example.rw')).closest('tr')!;
    expect(within(row).getByText('Reset your BTLS password')).toBeTruthy();
    expect(within(row).getByText('Waiting')).toBeTruthy();
    expect(within(row).getByText(/Mar 1, 2026/)).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Retry' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'View E-mail' }));
    const link = screen.getByRole('link', { name: 'https://btls.example.rw/reset-password/abc123' });
    expect(link.getAttribute('href')).toBe('https://btls.example.rw/reset-password/abc123');
  });

  it('retries a failed e-mail and shows its new status', async () => {
    signInAs(me);
    const failed = mail({ id: 7, status: 'failed', attempts: 6, lastError: '550 Mailbox unavailable' });
    let outbox = [failed];
    server.use(
      http.get(`${API}/admin/outbox`, () => Response.json(outbox)),
      http.post(`${API}/admin/outbox/7/retry`, () => {
        outbox = [{ ...failed, status: 'pending', attempts: 0 }];
        return Response.json({ message: 'The e-mail will be sent again.', outboxMessage: outbox[0] });
      }),
    );
    renderAt('/admin/outbox', [{ path: '/admin/outbox', element: <OutboxPage /> }]);
    expect(await screen.findByText('Failed: 550 Mailbox unavailable')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The e-mail will be sent again.')).toBeTruthy();
    expect(await screen.findByText('Waiting')).toBeTruthy();
  });
});

describe('users: Send reset link', () => {
  it('asks first, then sends the link and says so', async () => {
    signInAs(me);
    const trainer = user({ id: 5, role: 'trainer', firstName: 'Jean', lastName: 'Paul', email: 'jean@example.rw' });
    let sent = false;
    server.use(
      http.get(`${API}/users`, answer([me, trainer])),
      http.post(`${API}/users/5/reset-link`, () => {
        sent = true;
        return answer({ message: 'A password reset link has been sent to jean@example.rw.' })();
      }),
    );
    renderAt('/admin/users', [{ path: '/admin/users', element: <UsersPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link to Jean Paul' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Send a password reset link to jean@example.rw?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('A password reset link has been sent to jean@example.rw.')).toBeTruthy();
    expect(sent).toBe(true);
  });
});
